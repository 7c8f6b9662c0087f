import {
  GOODS_DESCRIPTION_MAX,
  GOODS_NAME_MAX,
  GOODS_NUMBER_MAX,
  GOODS_PRICE_MAX,
  GOODS_TYPES,
  type Goods,
  type GoodsType,
} from '@roompilot/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { FormModal } from '../../components/FormModal';
import type { RowForm } from './GuestServiceList';
import { toCents } from './money';

interface Values {
  name: string;
  type: GoodsType;
  description?: string;
  number: number;
  /** In units with two decimals (12.5); the server keeps cents. */
  price: number;
}

/** Add or edit a good: name, type, description, stock and price. */
export const GoodsFormModal: RowForm<Goods> = ({ row: goods, open, onClose }) => {
  const { t } = useTranslation();
  const editing = goods !== undefined;

  const save = (values: Values) => {
    const fields = {
      name: values.name.trim(),
      type: values.type,
      description: values.description?.trim() ?? '',
      number: values.number,
      price: toCents(values.price),
    };
    return editing ? api.guestservice.goodsUpdate({ id: goods.id, ...fields }) : api.guestservice.goodsAdd(fields);
  };

  return (
    <FormModal<Values, Goods>
      title={t(editing ? 'guestservice.goods.editTitle' : 'guestservice.goods.addTitle')}
      open={open}
      onClose={onClose}
      name="goods"
      initialValues={goods ? { ...goods, price: goods.price / 100 } : { type: 'minibar', number: 0, price: 0 }}
      save={save}
      savedMessage={(saved) => t(editing ? 'common.saved' : 'guestservice.goods.added', { name: saved.name })}
      invalidates={[['goods']]}
    >
      <Form.Item
        name="name"
        label={t('guestservice.goods.name')}
        rules={[{ required: true, whitespace: true, message: t('guestservice.goods.nameRequired') }]}
      >
        <Input maxLength={GOODS_NAME_MAX} />
      </Form.Item>
      <Form.Item
        name="type"
        label={t('guestservice.type')}
        rules={[{ required: true, message: t('guestservice.goods.typeRequired') }]}
      >
        <Select options={GOODS_TYPES.map((type) => ({ value: type, label: t(`guestservice.goodsType.${type}`) }))} />
      </Form.Item>
      <div className="rp-form-row rp-form-row--two">
        <Form.Item
          name="number"
          label={t('guestservice.goods.number')}
          rules={[{ required: true, message: t('guestservice.goods.numberRequired') }]}
        >
          <InputNumber min={0} max={GOODS_NUMBER_MAX} precision={0} className="rp-full-width" />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('guestservice.goods.price')}
          extra={t('guestservice.goods.priceHelp')}
          rules={[{ required: true, message: t('guestservice.goods.priceRequired') }]}
        >
          <InputNumber min={0} max={GOODS_PRICE_MAX / 100} precision={2} step={0.5} className="rp-full-width" />
        </Form.Item>
      </div>
      <Form.Item name="description" label={t('guestservice.goods.description')}>
        <Input.TextArea maxLength={GOODS_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </FormModal>
  );
};
