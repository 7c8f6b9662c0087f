import { DeleteOutlined } from '@ant-design/icons';
import type { CallId } from '@roompilot/contract';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The call the deletion makes (`data-call`): the screen shows it only to who may make it. */
  call?: CallId;
  title: string;
  description: string;
  /** The deletion; its failure has been shown by the http client, so the confirmation just closes. */
  onConfirm: () => Promise<unknown>;
}

/** A table row's delete link, confirmed before anything is sent. */
export function DeleteAction({ call, title, description, onConfirm }: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-call={call}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
