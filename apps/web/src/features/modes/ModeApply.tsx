import { PlayCircleOutlined } from '@ant-design/icons';
import type { ControlResult } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { CallAction } from '../../components/CallAction';
import { modeLabel } from './modeModel';
import './modes.css';

interface Props {
  roomIds: number[];
  /** The rooms' types: the picker offers their modes (every type's when absent). */
  roomTypeIds?: number[];
  /** The one room's number, for the question (several rooms: their count). */
  roomNum?: string;
  /** Every room's result; without it, one room's result is a toast. */
  onResults?: (results: ControlResult[]) => void;
  /** The call is about to go (the caller shows that it runs). */
  onStart?: () => void;
  onFailed?: (error: unknown) => void;
}

/** A mode applied by hand (`modes.apply`): pick one of the rooms' modes, confirm, each room's RCU gets it as a scene. */
export function ModeApply({ roomIds, roomTypeIds, roomNum, onResults, onStart, onFailed }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const mayApply = useMayCall('modes.apply').allowed;
  const [mode, setMode] = useState<string>();
  const [running, setRunning] = useState(false);
  const options = useQuery({
    queryKey: ['modes', 'options'],
    queryFn: () => api.modes.options({}, { quiet: true }),
    enabled: mayApply,
  });
  const names = useMemo(() => {
    const types = options.data?.filter((option) => !roomTypeIds || roomTypeIds.includes(option.room_type_id)) ?? [];
    return [...new Set(types.flatMap((option) => option.names))];
  }, [options.data, roomTypeIds]);

  const label = mode ? modeLabel(mode, t) : '';
  const apply = async () => {
    if (!mode) return;
    setRunning(true);
    onStart?.();
    try {
      const results = await api.modes.apply({ room_ids: roomIds, mode }, { quiet: onResults !== undefined });
      if (onResults) onResults(results);
      else {
        const failed = results.find((result) => !result.ok);
        if (failed) message.error(t('modes.apply.failed', { reason: failed.error ?? '' }));
        else message.success(t('modes.apply.done', { mode: label }));
      }
    } catch (error) {
      onFailed?.(error);
    } finally {
      setRunning(false);
    }
  };
  const question =
    roomIds.length === 1 && roomNum !== undefined
      ? t('modes.apply.confirmOne', { room: roomNum, mode: label })
      : t('modes.apply.confirm', { count: roomIds.length, mode: label });
  const ready = mode !== undefined && roomIds.length > 0 && !running;
  const button = (
    <Button icon={<PlayCircleOutlined />} loading={running} disabled={!ready}>
      {t('modes.apply.button')}
    </Button>
  );

  return (
    <div className="rp-mode-apply">
      <Select<string>
        aria-label={t('modes.apply.label')}
        placeholder={t('modes.apply.choose')}
        value={mode}
        onChange={setMode}
        disabled={!mayApply}
        loading={options.isPending && mayApply}
        options={names.map((name) => ({ value: name, label: modeLabel(name, t) }))}
        className="rp-modes__mode-select"
        popupMatchSelectWidth={false}
      />
      <CallAction call="modes.apply">
        {ready ? (
          <Popconfirm
            title={t('modes.apply.button')}
            description={question}
            okText={t('modes.apply.button')}
            cancelText={t('common.cancel')}
            onConfirm={apply}
          >
            {button}
          </Popconfirm>
        ) : (
          button
        )}
      </CallAction>
    </div>
  );
}
