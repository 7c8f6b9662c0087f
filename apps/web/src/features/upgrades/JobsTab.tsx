import { PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import type { Page, UpgradeJob, UpgradeKind } from '@roompilot/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shouldPoll, useLiveMessages, useLiveReconnected, useLiveStatus } from '../../app/live';
import { upgradeJobsList } from '../../app/screenQueries';
import { CallAction } from '../../components/CallAction';
import { ListTable } from '../../components/ListTable';
import { RowAction } from '../../components/RowActions';
import { useListQuery } from '../../components/useListQuery';
import { formatDateTime } from '../../lib/format';
import { JobDrawer } from './JobDrawer';
import { applyToJob, isOpen, POLL_MS } from './model';
import { NewJobModal } from './NewJobModal';
import { JobProgress, JobStateTag } from './parts';

interface Props {
  kind: UpgradeKind;
  openJob: number | null;
  onShowJob: (id: number | null) => void;
}

/** A kind's jobs with their bars, live; a new job; a job's rooms in a drawer. */
export function JobsTab({ kind, openJob, onShowJob }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const list = useListQuery(upgradeJobsList(kind));
  const status = useLiveStatus();
  const records = list.query.data?.records;
  const anyOpen = records?.some(isOpen) ?? false;

  useLiveMessages((message) => {
    if (message.type === 'upgrade_job') {
      let known = false;
      queryClient.setQueriesData<Page<UpgradeJob>>({ queryKey: ['upgradejobs'] }, (page) => {
        if (!page) return page;
        if (page.records.some((job) => job.id === message.data.job_id)) known = true;
        return { ...page, records: page.records.map((job) => applyToJob(job, message)) };
      });
      // A job this list does not show yet (another console started it): read the page again.
      if (!known) void queryClient.invalidateQueries({ queryKey: ['upgradejobs'] });
    }
  });
  useLiveReconnected(() => void queryClient.invalidateQueries({ queryKey: ['upgradejobs'] }));

  const refetch = list.query.refetch;
  useEffect(() => {
    if (!anyOpen || !shouldPoll(status)) return;
    const timer = window.setInterval(() => void refetch(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [anyOpen, status, refetch]);

  const columns: TableColumnsType<UpgradeJob> = [
    {
      title: t('upgrades.job.id'),
      dataIndex: 'id',
      key: 'id',
      width: 80,
      render: (id: number) => `#${id}`,
    },
    {
      title: t('upgrades.job.file'),
      key: 'file',
      width: 140,
      render: (_value, job) => job.file.version,
    },
    {
      title: t('upgrades.job.state'),
      key: 'state',
      width: 170,
      render: (_value, job) => <JobStateTag state={job.state} pauseReason={job.pause_reason} />,
    },
    {
      title: t('upgrades.job.progress'),
      key: 'progress',
      width: 320,
      render: (_value, job) => <JobProgress counts={job.counts} compact />,
    },
    {
      title: t('upgrades.job.created'),
      key: 'created',
      width: 190,
      render: (_value, job) => (
        <>
          <div>{formatDateTime(job.created_at)}</div>
          <div className="rp-muted">{job.created_by}</div>
        </>
      ),
    },
  ];

  const addButton = (
    <CallAction call="upgrades.jobAdd" refused="hide">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
        {t('upgrades.job.add')}
      </Button>
    </CallAction>
  );

  return (
    <div className="rp-stack">
      <div className="rp-toolbar">
        <span className="rp-toolbar__hint">{t(`upgrades.job.help.${kind}`)}</span>
        <div className="rp-toolbar__actions">{addButton}</div>
      </div>
      <ListTable<UpgradeJob>
        rowKey="id"
        list={list}
        columns={columns}
        rowActions={{
          width: 110,
          fixed: 'right',
          render: (job) => (
            <RowAction icon={<ProfileOutlined />} onClick={() => onShowJob(job.id)}>
              {t('upgrades.job.details')}
            </RowAction>
          ),
        }}
        scroll={{ x: 1010 }}
        emptyText={t('upgrades.job.empty')}
        emptyAction={addButton}
      />
      <NewJobModal kind={kind} open={adding} onClose={() => setAdding(false)} onStarted={(id) => onShowJob(id)} />
      <JobDrawer jobId={openJob} onClose={() => onShowJob(null)} />
    </div>
  );
}
