import { DeleteOutlined } from '@ant-design/icons';
import type { CallId } from '@roompilot/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';
import type { MessageKey } from '../locales/types';

interface Props {
  /** The call the deletion makes (`data-call`): show this only to who may make it. */
  call: CallId;
  /** How many rows are selected. */
  count: number;
  /**
   * The screen's string area, whose `<area>.selected`, `.clearSelection`, `.deleteSelected` and
   * `.deleteSelectedTitle` name the selection (`{{selected}}`: the count).
   */
  area: 'rooms' | 'guestservice' | 'users';
  /** The confirmation's question, naming the rows. */
  confirm: string;
  deleting: boolean;
  onClear: () => void;
  /** The deletion; its failure has been shown by the http client, so the confirmation just closes. */
  onConfirm: () => Promise<unknown>;
}

/** A list's selection: how many rows are picked, clear them, or delete them all once confirmed. */
export function DeleteSelected({ call, count, area, confirm, deleting, onClear, onConfirm }: Props) {
  const { t } = useTranslation();
  const say = (key: string) => t(`${area}.${key}` as MessageKey, { selected: formatNumber(count) });
  return (
    <Space wrap className="rp-toolbar__actions">
      <span className="rp-muted">{say('selected')}</span>
      <Button onClick={onClear}>{say('clearSelection')}</Button>
      <Popconfirm
        title={say('deleteSelectedTitle')}
        description={confirm}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => onConfirm().catch(() => undefined)}
      >
        <Button danger icon={<DeleteOutlined />} loading={deleting} data-call={call}>
          {say('deleteSelected')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
