import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  MinusCircleOutlined,
  PauseCircleOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  UPGRADE_FILE_MAX_BYTES_DEFAULT,
  UPGRADE_NOTES_MAX,
  UPGRADE_VERSION_PATTERN,
  type UpgradeCounts,
  type UpgradeJobState,
  type UpgradePauseReason,
  type UpgradeRoomState,
} from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Progress, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { formatNumber } from '../../lib/format';
import { progressOf, reasonOf, shortHash, sizeParts, totalOf } from './model';

const MB = 1024 * 1024;

/**
 * The server's upload limit (its operator's UPGRADE_FILE_MAX_BYTES): in bytes, and in MB as the
 * screens say it. The default until the server has answered.
 */
export function useUploadLimit(): { bytes: number; mb: number } {
  const { data } = useQuery({
    queryKey: ['upgradelimits'],
    queryFn: () => api.upgrades.limits(undefined, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const bytes = data?.file_max_bytes ?? UPGRADE_FILE_MAX_BYTES_DEFAULT;
  return { bytes, mb: Math.round((bytes / MB) * 10) / 10 };
}

const VERSION = new RegExp(UPGRADE_VERSION_PATTERN);

/** A file's version and notes, as the upload and the parameter set ask for them. */
export function VersionFields({ example }: { example: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="version"
        label={t('upgrades.file.version')}
        extra={t('upgrades.file.versionHelp')}
        rules={[
          { required: true, whitespace: true, message: t('upgrades.file.versionRequired') },
          { pattern: VERSION, message: t('upgrades.file.versionFormat') },
        ]}
      >
        <Input autoComplete="off" placeholder={example} />
      </Form.Item>
      <Form.Item name="notes" label={t('upgrades.file.notes')}>
        <Input.TextArea maxLength={UPGRADE_NOTES_MAX} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

export function FileSize({ bytes }: { bytes: number }) {
  const { t } = useTranslation();
  const { value, unit } = sizeParts(bytes);
  return <>{t(`upgrades.size.${unit}`, { value: formatNumber(value) })}</>;
}

/** A SHA-256 shortened, copied whole. */
export function Hash({ sha256 }: { sha256: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text
      className="rp-upgrades__hash"
      copyable={{ text: sha256, tooltips: [t('upgrades.copyHash'), t('upgrades.copied')] }}
      title={sha256}
    >
      {shortHash(sha256)}
    </Typography.Text>
  );
}

const JOB_TAGS: Record<UpgradeJobState, { color: string; icon: ReactNode }> = {
  running: { color: 'processing', icon: <SyncOutlined spin aria-hidden /> },
  paused: { color: 'warning', icon: <PauseCircleOutlined aria-hidden /> },
  finished: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  cancelled: { color: 'default', icon: <StopOutlined aria-hidden /> },
};

/** A job's state: words and an icon, never the colour alone; a paused job says why. */
export function JobStateTag({
  state,
  pauseReason,
}: {
  state: UpgradeJobState;
  pauseReason?: UpgradePauseReason | null;
}) {
  const { t } = useTranslation();
  const { color, icon } = JOB_TAGS[state];
  return (
    <span className="rp-upgrades__state">
      <Tag color={color} icon={icon}>
        {t(`upgrades.jobState.${state}`)}
      </Tag>
      {state === 'paused' && pauseReason && (
        <span className="rp-upgrades__why">{t(`upgrades.pauseReason.${pauseReason}`)}</span>
      )}
    </span>
  );
}

const ROOM_TAGS: Record<UpgradeRoomState, { color: string; icon: ReactNode }> = {
  waiting: { color: 'default', icon: <ClockCircleOutlined aria-hidden /> },
  in_progress: { color: 'processing', icon: <SyncOutlined spin aria-hidden /> },
  finished: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  failed: { color: 'error', icon: <CloseCircleOutlined aria-hidden /> },
  skipped: { color: 'warning', icon: <MinusCircleOutlined aria-hidden /> },
  cancelled: { color: 'default', icon: <StopOutlined aria-hidden /> },
};

export function RoomStateTag({ state }: { state: UpgradeRoomState }) {
  const { t } = useTranslation();
  const { color, icon } = ROOM_TAGS[state];
  return (
    <Tag color={color} icon={icon}>
      {t(`upgrades.roomState.${state}`)}
    </Tag>
  );
}

/** Why a room failed, was skipped or cancelled, in words. */
export function Reason({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const reason = reasonOf(error);
  if (!reason) return null;
  if (reason.key === null) return <span>{reason.detail}</span>;
  if ('detail' in reason) return <span title={reason.detail}>{t(reason.key, { detail: reason.detail })}</span>;
  return <span>{t(reason.key)}</span>;
}

/** A job's bar: rooms ended (finished in green) and its counts in words. */
export function JobProgress({ counts, compact }: { counts: UpgradeCounts; compact?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { ended, finished } = progressOf(counts);
  // The part ended but not finished: red when rooms failed, grey when they were only skipped or cancelled.
  const endedColor = counts.failed > 0 ? token.colorError : token.colorTextQuaternary;
  const total = totalOf(counts);
  const parts = (['finished', 'failed', 'in_progress', 'waiting', 'skipped', 'cancelled'] as const)
    .filter((state) => counts[state] > 0 || state === 'finished')
    .map((state) => t(`upgrades.count.${state}`, { count: counts[state], n: formatNumber(counts[state]) }));
  return (
    <div className={compact ? 'rp-upgrades__progress rp-upgrades__progress--compact' : 'rp-upgrades__progress'}>
      <Progress
        percent={ended}
        success={{ percent: finished }}
        strokeColor={endedColor}
        status={counts.in_progress > 0 ? 'active' : 'normal'}
        size="small"
        format={() =>
          t('upgrades.ofRooms', {
            done: formatNumber(total - counts.waiting - counts.in_progress),
            total: formatNumber(total),
          })
        }
        aria-label={t('upgrades.progressLabel')}
      />
      <div className="rp-upgrades__counts">{parts.join(' · ')}</div>
    </div>
  );
}
