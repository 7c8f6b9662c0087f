import { GOODS_TYPES, type Goods } from '@roompilot/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { LISTS } from '../../app/screenQueries';
import { formatNumber } from '../../lib/format';
import { GoodsFormModal } from './GoodsFormModal';
import { GuestServiceList } from './GuestServiceList';
import { formatPrice } from './money';

/** Goods settings (pm_goods): what the room TVs offer, with stock and price. */
export default function GoodsPage() {
  const { t } = useTranslation();
  const columns: TableColumnsType<Goods> = [
    { title: t('guestservice.goods.name'), dataIndex: 'name', key: 'name', width: 200, fixed: 'left' },
    { title: t('guestservice.goods.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: t('guestservice.goods.number'),
      dataIndex: 'number',
      key: 'number',
      width: 110,
      align: 'right',
      render: (value: number) => formatNumber(value),
    },
    {
      title: t('guestservice.goods.price'),
      dataIndex: 'price',
      key: 'price',
      width: 130,
      align: 'right',
      render: (value: number) => (value === 0 ? t('guestservice.goods.free') : formatPrice(value)),
    },
  ];
  return (
    <GuestServiceList<Goods>
      kind="goods"
      list={LISTS.goods}
      calls={{ add: 'guestservice.goodsAdd', update: 'guestservice.goodsUpdate', remove: 'guestservice.goodsRemove' }}
      remove={api.guestservice.goodsRemove}
      types={GOODS_TYPES}
      typeKey="guestservice.goodsType"
      keywordHint={t('guestservice.keyword')}
      columns={columns}
      nameOf={(goods) => goods.name}
      Form={GoodsFormModal}
      scrollX={900}
    />
  );
}
