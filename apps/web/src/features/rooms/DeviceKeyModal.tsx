import type { Room } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Popconfirm, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';

interface Props {
  room: Room | undefined;
  onClose: () => void;
}

/** A room's device key (the RCU's MQTT password): copy it, or regenerate it after a confirmation. */
export function DeviceKeyModal({ room, onClose }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(room?.device_key ?? '');
  useEffect(() => setKey(room?.device_key ?? ''), [room]);

  const regenerate = useMutation({
    mutationFn: (id: number) => api.rooms.regenerateKey({ id }),
    onSuccess: ({ device_key }) => {
      setKey(device_key);
      message.success(t('rooms.keyRegenerated'));
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });

  return (
    <Modal
      title={t('rooms.keyTitle', { room: room?.room_num ?? '' })}
      open={room !== undefined}
      onCancel={onClose}
      footer={[
        <Popconfirm
          key="regenerate"
          title={t('rooms.keyRegenerateTitle')}
          description={t('rooms.keyRegenerateConfirm')}
          okText={t('rooms.keyRegenerate')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => (room ? regenerate.mutateAsync(room.id).catch(() => undefined) : undefined)}
        >
          <Button danger loading={regenerate.isPending} data-call="rooms.regenerateKey">
            {t('rooms.keyRegenerate')}
          </Button>
        </Popconfirm>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <div className="rp-stack">
        <Alert type="warning" showIcon title={t('rooms.keySecret')} />
        <div>
          <div className="rp-muted">{t('rooms.rcuId')}</div>
          <Typography.Text code>{room?.rcu_id}</Typography.Text>
        </div>
        <div>
          <div className="rp-muted">{t('rooms.deviceKey')}</div>
          <Typography.Paragraph
            className="rp-device-key"
            code
            copyable={key ? { text: key, tooltips: [t('common.copy'), t('common.copied')] } : false}
          >
            {key || t('rooms.keyHidden')}
          </Typography.Paragraph>
        </div>
      </div>
    </Modal>
  );
}
