import type { RoomType } from '@roompilot/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { FormModal } from '../../components/FormModal';

interface Values {
  name: string;
  remark?: string;
}

interface Props {
  roomType?: RoomType;
  open: boolean;
  onClose: () => void;
  /** After adding: the new type (its device template is edited next). */
  onAdded?: (roomType: RoomType) => void;
}

/** Add a room type (its devices are set on the device screen) or rename one. */
export function RoomTypeFormModal({ roomType, open, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const editing = roomType !== undefined;

  const save = (values: Values) => {
    const fields = { name: values.name.trim(), remark: values.remark?.trim() ?? '' };
    return editing
      ? api.roomTypes.update({ id: roomType.id, ...fields })
      : api.roomTypes.add({ ...fields, devices: [] });
  };

  return (
    <FormModal<Values, RoomType>
      title={t(editing ? 'roomtypes.editTitle' : 'roomtypes.addTitle')}
      open={open}
      onClose={onClose}
      name="roomtype"
      initialValues={roomType ?? {}}
      save={save}
      savedMessage={(saved) => t(editing ? 'common.saved' : 'roomtypes.added', { name: saved.name })}
      invalidates={[['roomtypes'], ['roomtypeoptions']]}
      onSaved={(saved) => {
        if (!editing) onAdded?.(saved);
      }}
    >
      <Form.Item
        name="name"
        label={t('roomtypes.name')}
        rules={[{ required: true, whitespace: true, message: t('roomtypes.nameRequired') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="remark" label={t('roomtypes.remark')}>
        <Input.TextArea maxLength={256} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
