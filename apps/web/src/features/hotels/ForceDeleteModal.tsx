import type { Hotel } from '@roompilot/contract';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

interface Props {
  hotel: Hotel | undefined;
  deleting: boolean;
  onConfirm: (hotel: Hotel) => void;
  onClose: () => void;
}

/** The second confirmation when a hotel still has rooms: the Administrator types its name. */
export function ForceDeleteModal({ hotel, deleting, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const matches = hotel !== undefined && typed.trim() === hotel.hotel_name;
  return (
    <Modal
      title={t('hotels.forceTitle')}
      open={hotel !== undefined}
      okText={t('hotels.forceOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !matches }}
      confirmLoading={deleting}
      onOk={() => hotel && matches && onConfirm(hotel)}
      onCancel={onClose}
      afterClose={() => setTyped('')}
      destroyOnHidden
    >
      {hotel && (
        <div className="rp-stack">
          <Alert
            type="error"
            showIcon
            title={t('hotels.forceReason')}
            description={t('hotels.forceWarning', { rooms: formatNumber(hotel.room_count) })}
          />
          <label className="rp-stack rp-stack--tight" htmlFor="hotel-force-name">
            <span>{t('hotels.forceTypeName', { name: hotel.hotel_name })}</span>
            <Input
              id="hotel-force-name"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={hotel.hotel_name}
              autoComplete="off"
              status={typed && !matches ? 'error' : undefined}
            />
          </label>
        </div>
      )}
    </Modal>
  );
}
