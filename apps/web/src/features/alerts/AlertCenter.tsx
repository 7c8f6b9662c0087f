import { BellOutlined, DownOutlined, SoundOutlined, UpOutlined } from '@ant-design/icons';
import { ALERT_POLL_MS, type Alert } from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { ApiError } from '../../app/http';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useLiveMessages, useLiveStatus } from '../../app/live';
import { useCurrentUser } from '../../app/user';
import { CallAction } from '../../components/CallAction';
import { timeAgo } from '../../lib/timeAgo';
import {
  type AlertQueue,
  alertStack,
  closeAlert,
  expireAlerts,
  hasSos,
  nextClosing,
  openCount,
  queueWithSeen,
  receiveAlerts,
  reconcileOpen,
  type ShownAlert,
} from './alertQueue';
import { ALERT_LIST_KEY, alertTitle } from './alertText';
import { loadShown, saveShown, shownKey } from './shownStore';
import './alerts.css';

/** The alert list: its own chunk, loaded when the bell is first clicked. */
const AlertListDrawer = lazy(() => import('./AlertListDrawer'));

/** At most this many cards at once on a desktop; the rest wait under "N more". */
const CARDS_MAX = 3;
/** The phone card's head names this many rooms, then "…". */
const STACK_ROOMS_MAX = 3;
export const SOS_SOUND = '/sounds/sos.wav';
export const INFO_SOUND = '/sounds/info.wav';
/** This long after the console opens, its alert tones are loaded. */
const SOUNDS_LOAD_MS = 5_000;

/** Re-renders every `ms` while `active`, for the time-ago texts. */
function useNow(active: boolean, ms = 15_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [active, ms]);
  return now;
}

/** Plays an audio element; false when the browser refused to play before the user interacted. */
async function play(audio: HTMLAudioElement | null): Promise<boolean> {
  if (!audio) return true;
  try {
    await audio.play();
    return true;
  } catch (error) {
    return !(error instanceof DOMException && error.name === 'NotAllowedError');
  }
}

/**
 * The shell's live alerts (SPEC.md "Alert popup"): from the 10 s poll of /redisroomspecialstate
 * and the live push. An SOS loops its alarm until confirmed here or elsewhere; other alerts chime
 * and close after 3 s, once (not again after a reload); an alert confirmed elsewhere or cleared
 * by its condition closes. In the top bar: whether the console is live or polling, and the bell
 * with the open count, which opens the alert list.
 */
export function AlertCenter() {
  const { t } = useTranslation();
  const message = useMessage();
  const status = useLiveStatus();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const { info } = useCurrentUser();
  const storeKey = useMemo(() => shownKey(info.hotel_id, info.user_name), [info.hotel_id, info.user_name]);
  const [queue, setQueue] = useState<AlertQueue>(() => queueWithSeen(loadShown(storeKey)));
  const [listOpen, setListOpen] = useState(false);
  // Mounted from its first opening on, so it closes with its animation and keeps its filters.
  const [listWanted, setListWanted] = useState(false);
  const openList = useCallback(() => {
    setListWanted(true);
    setListOpen(true);
  }, []);
  const sosAudio = useRef<HTMLAudioElement>(null);
  const infoAudio = useRef<HTMLAudioElement>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);

  useLiveMessages((live) => {
    if (live.type === 'alert') setQueue((current) => receiveAlerts(current, [live.data], Date.now()));
    else if (live.type === 'alert_closed') setQueue((current) => closeAlert(current, live.data.id));
    if (live.type === 'alert' || live.type === 'alert_closed') {
      void queryClient.invalidateQueries({ queryKey: [ALERT_LIST_KEY] });
    }
  });

  // What was shown stays shown: a reload does not pop it up again.
  useEffect(() => saveShown(storeKey, queue.seen), [storeKey, queue.seen]);

  const poll = useQuery({
    queryKey: ['alerts'],
    queryFn: async () => {
      const sentAt = Date.now();
      // No toast: the shell shows a failure itself rather than one every 10 s; a session that ended
      // still asks to log in again (the live socket may be down, this poll the only call).
      const answer = await api.alerts.list(undefined, { quiet: 'toasts' });
      return { open: answer?.data ?? [], sentAt };
    },
    refetchInterval: ALERT_POLL_MS,
    refetchIntervalInBackground: true,
  });
  useEffect(() => {
    if (poll.data) {
      const { open, sentAt } = poll.data;
      setQueue((current) => reconcileOpen(current, open, sentAt, Date.now()));
    }
  }, [poll.data]);

  // Non-SOS alerts close by themselves.
  useEffect(() => {
    const at = nextClosing(queue);
    if (at === null) return;
    const timer = window.setTimeout(() => setQueue((current) => expireAlerts(current, Date.now())), at - Date.now());
    return () => window.clearTimeout(timer);
  }, [queue]);

  // The SOS alarm loops while any SOS is shown.
  const sos = hasSos(queue);
  useEffect(() => {
    const audio = sosAudio.current;
    if (!audio) return;
    if (sos) {
      void play(audio).then((played) => setSoundBlocked(!played));
    } else {
      audio.pause();
      audio.currentTime = 0;
    }
  }, [sos]);

  // A chime for each new non-SOS alert, unless the alarm is already sounding.
  const chimed = useRef(new Set<number>());
  useEffect(() => {
    const fresh = queue.shown.filter((entry) => !entry.sos && !chimed.current.has(entry.alert.id));
    if (fresh.length === 0) return;
    for (const entry of fresh) chimed.current.add(entry.alert.id);
    const audio = infoAudio.current;
    if (sos || !audio) return;
    audio.currentTime = 0;
    void play(audio).then((played) => setSoundBlocked(!played));
  }, [queue, sos]);

  const enableSound = useCallback(() => {
    setSoundBlocked(false);
    if (sos) void play(sosAudio.current).then((played) => setSoundBlocked(!played));
  }, [sos]);

  const confirm = useMutation({
    mutationFn: (alert: Alert) => api.alerts.confirm(alert),
    onSuccess: (_data, alert) => {
      setQueue((current) => closeAlert(current, alert.id));
      message.success(t('alerts.confirmed', { room: alert.room_num }));
      void queryClient.invalidateQueries({ queryKey: [ALERT_LIST_KEY] });
    },
  });
  const confirmedInList = useCallback((id: number) => setQueue((current) => closeAlert(current, id)), []);

  const now = useNow(queue.shown.length > 0);
  const shown = queue.shown.slice(0, CARDS_MAX);
  const more = queue.shown.length - shown.length;
  const confirmEntry = (entry: ShownAlert) => ({
    confirming: confirm.isPending && confirm.variables?.id === entry.alert.id,
    onConfirm: () => void confirm.mutateAsync(entry.alert).catch(() => undefined),
  });
  // The tones load a few seconds after the console opens, not alongside the screen's first data
  // (an idle callback would fire while that data is still on its way); an alert before then still
  // plays them (play() loads what it lacks).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      for (const audio of [sosAudio.current, infoAudio.current]) if (audio) audio.preload = 'auto';
    }, SOUNDS_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const pollError = poll.error;
  const forbidden = pollError instanceof ApiError && pollError.code === 4403;

  return (
    <>
      <LiveIndicator
        state={pollError && !forbidden ? 'failed' : status === 'open' ? 'live' : 'polling'}
        reason={pollError?.message ?? ''}
      />
      <AlertBell count={openCount(queue)} onOpen={openList} />
      {listWanted && (
        <Suspense fallback={null}>
          <AlertListDrawer open={listOpen} onClose={() => setListOpen(false)} onConfirmed={confirmedInList} />
        </Suspense>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: alarm tones without words; the popup is what they say. */}
      <audio ref={sosAudio} id="rp-alert-sound-sos" src={SOS_SOUND} loop preload="none" />
      {/* biome-ignore lint/a11y/useMediaCaption: alarm tones without words; the popup is what they say. */}
      <audio ref={infoAudio} id="rp-alert-sound-info" src={INFO_SOUND} preload="none" />
      {queue.shown.length > 0 &&
        (isMobile ? (
          <AlertStackCard
            shown={queue.shown}
            now={now}
            soundBlocked={soundBlocked}
            onEnableSound={enableSound}
            confirmEntry={confirmEntry}
          />
        ) : (
          <section className="rp-alerts" aria-label={t('alerts.type.other')} aria-live="assertive">
            {soundBlocked && (
              <Button className="rp-alerts__sound" icon={<SoundOutlined />} onClick={enableSound} block>
                {t('alerts.enableSound')}
              </Button>
            )}
            {shown.map((entry) => (
              <AlertCard key={entry.alert.id} entry={entry} now={now} {...confirmEntry(entry)} />
            ))}
            {more > 0 && (
              <button type="button" className="rp-alerts__more" onClick={openList}>
                {t('alerts.more', { count: more })}
              </button>
            )}
          </section>
        ))}
    </>
  );
}

/** The bell in the top bar: how many alerts are open; opens the alert list. */
function AlertBell({ count, onOpen }: { count: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const label = t('alerts.bell', { count });
  return (
    <Tooltip title={label}>
      <Button type="text" className="rp-alert-bell" aria-label={label} onClick={onOpen}>
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined className="rp-alert-bell__icon" />
        </Badge>
      </Button>
    </Tooltip>
  );
}

/**
 * The phone's one card (under 1024 px), kept small so the screen stays usable: its head line
 * names the SOS rooms ("2 SOS — 0207, 0203") and the other alerts, with the sound button when the
 * browser blocked the alarm; below it the newest alert with its Confirm, or every alert once
 * expanded. An SOS keeps it open until confirmed, as on a desktop.
 */
function AlertStackCard({
  shown,
  now,
  soundBlocked,
  onEnableSound,
  confirmEntry,
}: {
  shown: readonly ShownAlert[];
  now: number;
  soundBlocked: boolean;
  onEnableSound: () => void;
  confirmEntry: (entry: ShownAlert) => { confirming: boolean; onConfirm: () => void };
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const { entries, sosRooms, others } = alertStack(shown);
  const rooms = (list: readonly string[]) =>
    list.length > STACK_ROOMS_MAX ? `${list.slice(0, STACK_ROOMS_MAX).join(', ')}, …` : list.join(', ');
  const otherRooms = [...new Set(others.map((entry) => entry.alert.room_num))];
  const head = [
    sosRooms.length > 0 && t('alerts.stack.sos', { count: sosRooms.length, rooms: rooms(sosRooms) }),
    others.length === 1 && `${t(alertTitle(others[0]?.alert.type ?? 0))} — ${others[0]?.alert.room_num}`,
    others.length > 1 && t('alerts.stack.others', { count: others.length, rooms: rooms(otherRooms) }),
  ].filter(Boolean);
  const open = expanded && entries.length > 1;
  return (
    <section
      className={`rp-alerts rp-alerts--stack${sosRooms.length > 0 ? ' rp-alerts--sos' : ''}`}
      aria-label={t('alerts.type.other')}
      aria-live="assertive"
    >
      <div className="rp-alert-stack__head">
        <strong className="rp-alert-stack__title">{head.join(' · ')}</strong>
        {soundBlocked && (
          <Button
            size="small"
            className="rp-alerts__sound"
            icon={<SoundOutlined />}
            onClick={onEnableSound}
            title={t('alerts.enableSound')}
          >
            {t('alerts.sound')}
          </Button>
        )}
        {entries.length > 1 && (
          <Button
            type="text"
            size="small"
            className="rp-alert-stack__toggle"
            icon={open ? <DownOutlined /> : <UpOutlined />}
            aria-expanded={open}
            aria-label={t(open ? 'alerts.stack.collapse' : 'alerts.stack.expand', { count: entries.length })}
            onClick={() => setExpanded(!open)}
          />
        )}
      </div>
      <div className="rp-alert-stack__items">
        {(open ? entries : entries.slice(0, 1)).map((entry) => (
          <AlertCard key={entry.alert.id} entry={entry} now={now} compact detailed={open} {...confirmEntry(entry)} />
        ))}
      </div>
    </section>
  );
}

/**
 * One alert. Compact (in the phone's card): the room, its time and Confirm on one line; its type
 * and the RCU's words only when the card is expanded (the head line already names the kind).
 */
function AlertCard({
  entry,
  now,
  confirming,
  onConfirm,
  compact = false,
  detailed = true,
}: {
  entry: ShownAlert;
  now: number;
  confirming: boolean;
  onConfirm: () => void;
  compact?: boolean;
  detailed?: boolean;
}) {
  const { t } = useTranslation();
  const { alert, sos } = entry;
  const className = `rp-alert-card${sos ? ' rp-alert-card--sos' : ''}${compact ? ' rp-alert-card--compact' : ''}`;
  const time = <span className="rp-alert-card__time">{timeAgo(alert.event_time, now, t)}</span>;
  const room = <div className="rp-alert-card__room">{t('alerts.room', { room: alert.room_num })}</div>;
  return (
    <div role="alert" className={className} data-alert-id={alert.id}>
      {compact ? (
        <div className="rp-alert-card__head">
          {room}
          {time}
        </div>
      ) : (
        <>
          <div className="rp-alert-card__head">
            <strong className="rp-alert-card__title">{t(alertTitle(alert.type))}</strong>
            {time}
          </div>
          {room}
        </>
      )}
      {detailed && alert.event_content && <div className="rp-alert-card__content">{alert.event_content}</div>}
      {/* The read-only visitor sees the alert but may not confirm it: no button. */}
      <CallAction call="alerts.confirm" refused="hide">
        <Button
          type={sos ? 'primary' : 'default'}
          danger={sos}
          size="small"
          className="rp-alert-card__confirm"
          loading={confirming}
          onClick={onConfirm}
        >
          {t('alerts.confirm')}
        </Button>
      </CallAction>
    </div>
  );
}

function LiveIndicator({ state, reason }: { state: 'live' | 'polling' | 'failed'; reason: string }) {
  const { t } = useTranslation();
  const label = { live: t('alerts.live'), polling: t('alerts.polling'), failed: t('alerts.failed') }[state];
  const help = {
    live: t('alerts.liveOpen'),
    polling: t('alerts.pollingHelp'),
    failed: t('alerts.failedHelp', { reason }),
  }[state];
  return (
    <Tooltip title={help}>
      <span className={`rp-live rp-live--${state}`} role="status" aria-label={help}>
        <span className="rp-live__dot" aria-hidden />
        <span className="rp-live__label">{label}</span>
      </span>
    </Tooltip>
  );
}
