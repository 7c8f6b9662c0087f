import { FieldTimeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { logRetentionQuery } from '../../app/screenQueries';
import { CallAction } from '../../components/CallAction';
import { EventLogTab } from './EventLogTab';
import { OperationLogTab } from './OperationLogTab';
import { RetentionModal } from './RetentionModal';
import './logs.css';

const TABS = ['events', 'operations'] as const;
type Tab = (typeof TABS)[number];

/**
 * Log statistics (pm_logstatistics): the device event log and the operation log, each searched,
 * charted by type and day and exported; and how long the hotel keeps them.
 */
export default function LogStatisticsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.find((candidate) => candidate === requested) ?? 'events';
  const [retentionOpen, setRetentionOpen] = useState(false);
  const retention = useQuery(logRetentionQuery());

  const retentionButton = (
    <CallAction call="logs.updateRetention">
      <Button icon={<FieldTimeOutlined />} onClick={() => setRetentionOpen(true)}>
        {t('logs.retention')}
      </Button>
    </CallAction>
  );
  return (
    <section className="rp-page rp-logs">
      <div className="rp-logs__retention">
        {retention.data && (
          <span className="rp-muted">
            {t('logs.retention.summary', { oplog: retention.data.oplog_days, events: retention.data.event_days })}
          </span>
        )}
        {retentionButton}
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'events' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'events', label: t('logs.tabEvents'), children: <EventLogTab /> },
          { key: 'operations', label: t('logs.tabOperations'), children: <OperationLogTab /> },
        ]}
      />
      <RetentionModal open={retentionOpen} onClose={() => setRetentionOpen(false)} retention={retention} />
    </section>
  );
}
