import { DeleteOutlined } from '@ant-design/icons';
import type { CallId } from '@roompilot/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The call the deletion makes (`data-call`): show this only to who may make it. */
  call: CallId;
  /** The screen's words for its rows: "3 selected", the button, the confirmation's title and text. */
  texts: { selected: string; clear: string; button: string; title: string; confirm: string };
  deleting: boolean;
  onClear: () => void;
  /** The deletion; its failure has been shown by the http client, so the confirmation just closes. */
  onConfirm: () => Promise<unknown>;
}

/** A list's selection: how many rows are picked, clear them, or delete them all once confirmed. */
export function DeleteSelected({ call, texts, deleting, onClear, onConfirm }: Props) {
  const { t } = useTranslation();
  return (
    <Space wrap className="rp-toolbar__actions">
      <span className="rp-muted">{texts.selected}</span>
      <Button onClick={onClear}>{texts.clear}</Button>
      <Popconfirm
        title={texts.title}
        description={texts.confirm}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => onConfirm().catch(() => undefined)}
      >
        <Button danger icon={<DeleteOutlined />} loading={deleting} data-call={call}>
          {texts.button}
        </Button>
      </Popconfirm>
    </Space>
  );
}
