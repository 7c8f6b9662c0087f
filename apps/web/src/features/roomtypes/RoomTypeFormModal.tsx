import type { RoomType } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';

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
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const editing = roomType !== undefined;

  const save = useMutation({
    mutationFn: (values: Values) => {
      const fields = { name: values.name.trim(), remark: values.remark?.trim() ?? '' };
      return editing
        ? api.roomTypes.update({ id: roomType.id, ...fields })
        : api.roomTypes.add({ ...fields, devices: [] });
    },
    onSuccess: (saved) => {
      message.success(t(editing ? 'common.saved' : 'roomtypes.added', { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: ['roomtypes'] });
      void queryClient.invalidateQueries({ queryKey: ['roomtypeoptions'] });
      onClose();
      if (!editing) onAdded?.(saved);
    },
  });

  return (
    <Modal
      title={t(editing ? 'roomtypes.editTitle' : 'roomtypes.addTitle')}
      open={open}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="roomtype"
        layout="vertical"
        preserve={false}
        initialValues={roomType ?? {}}
        onFinish={(values) => save.mutate(values)}
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
      </Form>
    </Modal>
  );
}
