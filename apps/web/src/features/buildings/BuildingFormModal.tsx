import { type Building, FLOOR_MAX, FLOOR_MIN } from '@roompilot/contract';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { FormModal } from '../../components/FormModal';

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
  const editing = building !== undefined;

  const save = (values: Values) => {
    const fields = { ...values, name: values.name.trim(), remark: values.remark?.trim() ?? '' };
    return editing ? api.buildings.update({ id: building.id, ...fields }) : api.buildings.add(fields);
  };

  return (
    <FormModal<Values, Building>
      title={t(editing ? 'buildings.editTitle' : 'buildings.addTitle')}
      open={open}
      onClose={onClose}
      name="building"
      initialValues={building ?? { floor_from: 1, floor_to: 10 }}
      save={save}
      savedMessage={(saved) => t(editing ? 'common.saved' : 'buildings.added', { name: saved.name })}
      invalidates={[['buildings'], ['rooms']]}
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
                value === undefined || getFieldValue('floor_from') === undefined || value >= getFieldValue('floor_from')
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
    </FormModal>
  );
}
