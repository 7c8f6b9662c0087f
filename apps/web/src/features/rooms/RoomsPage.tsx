import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BuildingsTab } from '../buildings/BuildingsTab';
import { RoomsTab } from './RoomsTab';

const TABS = ['rooms', 'buildings'] as const;
type Tab = (typeof TABS)[number];

/** The rooms screen (pm_roomdetail): the rooms and, in a second tab, the buildings they belong to. */
export default function RoomsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.find((candidate) => candidate === requested) ?? 'rooms';
  return (
    <section className="rp-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'rooms' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'rooms', label: t('rooms.tabRooms'), children: <RoomsTab /> },
          { key: 'buildings', label: t('rooms.tabBuildings'), children: <BuildingsTab /> },
        ]}
      />
    </section>
  );
}
