import { PauseCircleOutlined, PlayCircleOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import {
  UPGRADE_ROOM_STATES,
  type UpgradeJobDetail,
  type UpgradeJobRoom,
  type UpgradeRoomState,
} from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Popconfirm, Progress, Segmented, Space, Spin, Table } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { shouldPoll, useLiveMessages, useLiveReconnected, useLiveStatus } from '../../app/live';
import { CallAction } from '../../components/CallAction';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import { formatDateTime, formatNumber } from '../../lib/format';
import { byNaturalOrder } from '../../lib/natural';
import { applyToDetail, isOpen, POLL_MS, roomsAgree } from './model';
import { FileSize, Hash, JobProgress, JobStateTag, Reason, RoomStateTag } from './parts';

const detailKey = (id: number) => ['upgradejob', id] as const;
type Filter = 'all' | UpgradeRoomState;

/** A job's rooms, each with its bar, state and reason; retry, pause or resume, cancel the rest. */
export function JobDrawer({ jobId, onClose }: { jobId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  // The last job shown names the drawer while it slides out (a dialog is never without a name).
  const shown = useRef(jobId);
  if (jobId !== null) shown.current = jobId;
  return (
    <Drawer
      open={jobId !== null}
      rootClassName="rp-upgrades__drawer"
      onClose={onClose}
      title={shown.current !== null ? t('upgrades.job.title', { id: shown.current }) : undefined}
      size={isMobile ? '100%' : 760}
      destroyOnHidden
    >
      {jobId !== null && <JobDetail jobId={jobId} />}
    </Drawer>
  );
}

function JobDetail({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const status = useLiveStatus();
  const [filter, setFilter] = useState<Filter>('all');
  const detail = useQuery({
    queryKey: detailKey(jobId),
    queryFn: () => api.upgrades.jobDetail({ id: jobId }),
    // While the socket is down, a job that may still move is read again every few seconds.
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isOpen(job) && shouldPoll(status) ? POLL_MS : false;
    },
  });

  // A push that came while the detail was first read may be missing from it, as one lost in any
  // other way leaves the rooms disagreeing with the job's counts: the detail is read again then.
  const missed = useRef(false);
  useLiveMessages((pushed) => {
    if (pushed.type !== 'upgrade' && pushed.type !== 'upgrade_job') return;
    if (pushed.data.job_id !== jobId) return;
    const before = queryClient.getQueryData<UpgradeJobDetail>(detailKey(jobId));
    if (!before) {
      missed.current = true;
      return;
    }
    const after = applyToDetail(before, pushed);
    queryClient.setQueryData(detailKey(jobId), after);
    if (pushed.type === 'upgrade_job' && !roomsAgree(after)) missed.current = true;
  });
  useLiveReconnected(() => void detail.refetch());
  const refetch = detail.refetch;
  useEffect(() => {
    if (!detail.isFetching && missed.current) {
      missed.current = false;
      void refetch();
    }
  });

  const act = useMutation({
    mutationFn: (action: 'retry' | 'pause' | 'resume' | 'cancel') => {
      const call = {
        retry: api.upgrades.jobRetry,
        pause: api.upgrades.jobPause,
        resume: api.upgrades.jobResume,
        cancel: api.upgrades.jobCancel,
      }[action];
      return call({ id: jobId });
    },
    onSuccess: (job, action) => {
      queryClient.setQueryData(detailKey(jobId), job);
      void queryClient.invalidateQueries({ queryKey: ['upgradejobs'] });
      void queryClient.invalidateQueries({ queryKey: ['upgradefiles'] });
      message.success(t(`upgrades.job.done.${action}`));
    },
  });

  const rooms = useMemo(
    () =>
      [...(detail.data?.rooms ?? [])]
        .filter((room) => filter === 'all' || room.state === filter)
        .sort((a, b) => byNaturalOrder(a.room_num, b.room_num)),
    [detail.data, filter],
  );

  if (detail.isPending) return <Spin />;
  if (detail.isError)
    return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  const job = detail.data;
  const { counts } = job;
  const retryable = job.state !== 'cancelled' && counts.failed + counts.skipped > 0;

  return (
    <div className="rp-stack">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'state',
            label: t('upgrades.job.state'),
            children: <JobStateTag state={job.state} pauseReason={job.pause_reason} />,
          },
          { key: 'kind', label: t('upgrades.job.kind'), children: t(`upgrades.kind.${job.file.kind}`) },
          { key: 'version', label: t('upgrades.file.version'), children: job.file.version },
          { key: 'size', label: t('upgrades.file.size'), children: <FileSize bytes={job.file.size} /> },
          { key: 'sha', label: t('upgrades.file.sha256'), children: <Hash sha256={job.file.sha256} /> },
          {
            key: 'created',
            label: t('upgrades.job.created'),
            children: `${formatDateTime(job.created_at)} · ${job.created_by}`,
          },
          {
            key: 'batches',
            label: t('upgrades.job.batches'),
            children: t(job.settings.canary > 0 ? 'upgrades.job.batchesText' : 'upgrades.job.batchesTextNoCanary', {
              size: job.settings.batch_size,
              pause: job.settings.batch_pause_s,
              canary: job.settings.canary,
            }),
          },
          ...(job.ended_at
            ? [{ key: 'ended', label: t('upgrades.job.ended'), children: formatDateTime(job.ended_at) }]
            : []),
        ]}
      />
      <JobProgress counts={counts} />
      <Space wrap>
        {job.state === 'running' && (
          <CallAction call="upgrades.jobPause" refused="hide">
            <Button
              icon={<PauseCircleOutlined />}
              loading={act.isPending && act.variables === 'pause'}
              onClick={() => act.mutate('pause')}
            >
              {t('upgrades.job.pause')}
            </Button>
          </CallAction>
        )}
        {job.state === 'paused' && (
          <CallAction call="upgrades.jobResume" refused="hide">
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              loading={act.isPending && act.variables === 'resume'}
              onClick={() => act.mutate('resume')}
            >
              {t('upgrades.job.resume')}
            </Button>
          </CallAction>
        )}
        {retryable && (
          <CallAction call="upgrades.jobRetry" refused="hide">
            <Button
              icon={<RedoOutlined />}
              loading={act.isPending && act.variables === 'retry'}
              onClick={() => act.mutate('retry')}
            >
              {/* Skipped rooms (a guest checked in) are retried too: the button says so when there are any. */}
              {t(counts.skipped > 0 ? 'upgrades.job.retrySkipped' : 'upgrades.job.retry', {
                count: counts.failed + counts.skipped,
                n: formatNumber(counts.failed + counts.skipped),
              })}
            </Button>
          </CallAction>
        )}
        {isOpen(job) && (
          <CallAction call="upgrades.jobCancel" refused="hide">
            <Popconfirm
              title={t('upgrades.job.cancelTitle')}
              description={t('upgrades.job.cancelConfirm', { n: formatNumber(counts.waiting + counts.in_progress) })}
              okText={t('upgrades.job.cancel')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => act.mutateAsync('cancel').catch(() => undefined)}
            >
              <Button danger icon={<StopOutlined />}>
                {t('upgrades.job.cancel')}
              </Button>
            </Popconfirm>
          </CallAction>
        )}
      </Space>
      <Segmented<Filter>
        className="rp-upgrades__filter"
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'all', label: t('upgrades.filter.all', { n: formatNumber(job.rooms.length) }) },
          ...UPGRADE_ROOM_STATES.filter((state) => counts[state] > 0).map((state) => ({
            value: state,
            label: t(`upgrades.filter.${state}`, { n: formatNumber(counts[state]) }),
          })),
        ]}
      />
      <Table<UpgradeJobRoom>
        size="small"
        rowKey="room_id"
        dataSource={rooms}
        scroll={{ x: 560 }}
        pagination={rooms.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: <EmptyState description={t('upgrades.job.noRooms')} /> }}
        columns={[
          { title: t('upgrades.room.num'), dataIndex: 'room_num', key: 'room_num', width: 90 },
          {
            title: t('upgrades.room.state'),
            key: 'state',
            width: 130,
            render: (_value, room) => <RoomStateTag state={room.state} />,
          },
          {
            title: t('upgrades.room.progress'),
            key: 'progress',
            width: 160,
            render: (_value, room) => (
              <Progress
                percent={room.state === 'finished' ? 100 : room.progress}
                size="small"
                status={
                  room.state === 'failed'
                    ? 'exception'
                    : room.state === 'in_progress'
                      ? 'active'
                      : room.state === 'finished'
                        ? 'success'
                        : 'normal'
                }
                aria-label={t('upgrades.room.progressOf', { room: room.room_num })}
              />
            ),
          },
          {
            title: t('upgrades.room.reason'),
            key: 'reason',
            render: (_value, room) => <Reason error={room.error} />,
          },
        ]}
      />
    </div>
  );
}
