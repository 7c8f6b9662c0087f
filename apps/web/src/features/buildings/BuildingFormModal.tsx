import { type Building, FLOOR_MAX, FLOOR_MIN } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';

interface Values {
  name: string;
  floor_from: number;
  floor_to: number;
  remark?: string;
}

interface Props {
  building?: Building;
  open: boolean;
  onClose: () => void;
}

/** Add or edit a building: its name and floor range. */
export function BuildingFormModal({ building, open, onClose }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const editing = building !== undefined;

  const save = useMutation({
    mutationFn: (values: Values) => {
      const fields = { ...values, name: values.name.trim(), remark: values.remark?.trim() ?? '' };
      return editing ? api.buildings.update({ id: building.id, ...fields }) : api.buildings.add(fields);
    },
    onSuccess: (saved) => {
      message.success(t(editing ? 'common.saved' : 'buildings.added', { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: ['buildings'] });
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
      onClose();
    },
  });

  return (
    <Modal
      title={t(editing ? 'buildings.editTitle' : 'buildings.addTitle')}
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
        name="building"
        layout="vertical"
        preserve={false}
        initialValues={building ?? { floor_from: 1, floor_to: 10 }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('buildings.name')}
          rules={[{ required: true, whitespace: true, message: t('buildings.nameRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <div className="rp-form-row">
          <Form.Item
            name="floor_from"
            label={t('buildings.floorFrom')}
            rules={[{ required: true, message: t('buildings.floorRequired') }]}
          >
            <InputNumber min={FLOOR_MIN} max={FLOOR_MAX} precision={0} className="rp-full-width" />
          </Form.Item>
          <Form.Item
            name="floor_to"
            label={t('buildings.floorTo')}
            dependencies={['floor_from']}
            rules={[
              { required: true, message: t('buildings.floorRequired') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: number | undefined) =>
                  value === undefined ||
                  getFieldValue('floor_from') === undefined ||
                  value >= getFieldValue('floor_from')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('buildings.floorOrder'))),
              }),
            ]}
          >
            <InputNumber min={FLOOR_MIN} max={FLOOR_MAX} precision={0} className="rp-full-width" />
          </Form.Item>
        </div>
        <Form.Item name="remark" label={t('buildings.remark')}>
          <Input.TextArea maxLength={256} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
