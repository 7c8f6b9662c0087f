import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { LEAVE_DELAY_MAX_MIN, type ModeSchedule, type ModesOfType, SCHEDULES_MAX } from '@roompilot/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { CallAction } from '../../components/CallAction';
import { modeLabel } from './modeModel';

/** A schedule being edited: its mode may not be chosen yet. */
type DraftSchedule = Omit<ModeSchedule, 'mode_id'> & { mode_id: number | undefined; uid: number };

let nextUid = 1;
const toDraft = (schedules: ModeSchedule[]): DraftSchedule[] =>
  schedules.map((schedule) => ({ ...schedule, uid: nextUid++ }));

/** A room type's triggers: how long after card out the leave mode comes, and the modes applied by time of day. */
export function TriggersPanel({ data, onSaved }: { data: ModesOfType; onSaved: (next: ModesOfType) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const mayEdit = useMayCall('modes.saveSettings').allowed;
  const [delay, setDelay] = useState<number | null>(data.settings.leave_delay_min);
  const [schedules, setSchedules] = useState<DraftSchedule[]>(() => toDraft(data.settings.schedules));
  const [incomplete, setIncomplete] = useState(false);

  useEffect(() => {
    setDelay(data.settings.leave_delay_min);
    setSchedules(toDraft(data.settings.schedules));
  }, [data.settings]);

  const save = useMutation({
    mutationFn: () =>
      api.modes.saveSettings({
        room_type_id: data.room_type.id,
        leave_delay_min: delay ?? 0,
        schedules: schedules.map(({ time, mode_id, enabled }) => ({ time, mode_id: mode_id as number, enabled })),
      }),
    onSuccess: (settings) => {
      message.success(t('modes.triggersSaved'));
      onSaved({ ...data, settings });
    },
  });
  const submit = () => {
    if (schedules.some((schedule) => !schedule.time || schedule.mode_id === undefined)) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    save.mutate();
  };
  const change = (uid: number, patch: Partial<DraftSchedule>) =>
    setSchedules((current) => current.map((schedule) => (schedule.uid === uid ? { ...schedule, ...patch } : schedule)));
  const modeOptions = data.modes.map((mode) => ({ value: mode.id, label: modeLabel(mode.name, t) }));

  return (
    <section className="rp-modes__section" aria-labelledby="modes-triggers-title">
      <h2 className="rp-modes__section-title" id="modes-triggers-title">
        {t('modes.triggers')}
      </h2>
      <fieldset className="rp-modes__triggers" disabled={!mayEdit}>
        <div className="rp-modes__row">
          <label className="rp-modes__label" htmlFor="modes-leave-delay">
            {t('modes.leaveDelay')}
          </label>
          <InputNumber
            id="modes-leave-delay"
            min={0}
            max={LEAVE_DELAY_MAX_MIN}
            precision={0}
            value={delay}
            onChange={setDelay}
            suffix={t('modes.minutes')}
          />
          <span className="rp-modes__hint">{t('modes.leaveDelayHint')}</span>
        </div>
        <div className="rp-modes__label">{t('modes.schedules')}</div>
        {schedules.length === 0 && <div className="rp-modes__hint">{t('modes.noSchedules')}</div>}
        {schedules.map((schedule, index) => (
          <div key={schedule.uid} className="rp-modes__row" data-schedule={index}>
            <Input
              type="time"
              aria-label={`${t('modes.scheduleTime')} ${index + 1}`}
              value={schedule.time}
              status={incomplete && !schedule.time ? 'error' : undefined}
              onChange={(event) => change(schedule.uid, { time: event.target.value })}
              className="rp-modes__time"
            />
            <Select<number>
              aria-label={`${t('modes.scheduleMode')} ${index + 1}`}
              placeholder={t('modes.scheduleMode')}
              value={schedule.mode_id}
              status={incomplete && schedule.mode_id === undefined ? 'error' : undefined}
              onChange={(mode_id) => change(schedule.uid, { mode_id })}
              options={modeOptions}
              className="rp-modes__mode-select"
            />
            <Switch
              checked={schedule.enabled}
              onChange={(enabled) => change(schedule.uid, { enabled })}
              aria-label={`${t('modes.scheduleEnabled')} ${index + 1}`}
              checkedChildren={t('modes.scheduleEnabled')}
              unCheckedChildren={t('live.off')}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('modes.removeSchedule')} ${index + 1}`}
              onClick={() => setSchedules((current) => current.filter((other) => other.uid !== schedule.uid))}
            />
          </div>
        ))}
        {incomplete && (
          <div className="rp-cell-error" role="alert">
            {t('modes.scheduleIncomplete')}
          </div>
        )}
        <div className="rp-modes__row">
          <Button
            icon={<PlusOutlined />}
            disabled={schedules.length >= SCHEDULES_MAX}
            onClick={() =>
              setSchedules((current) => [...current, { time: '', mode_id: undefined, enabled: true, uid: nextUid++ }])
            }
          >
            {t('modes.addSchedule')}
          </Button>
          <span className="rp-modes__hint">{t('modes.timeZone')}</span>
        </div>
        <div className="rp-modes__row">
          <CallAction call="modes.saveSettings">
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={submit}>
              {t('modes.saveTriggers')}
            </Button>
          </CallAction>
        </div>
      </fieldset>
    </section>
  );
}
