import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import type { CallId, ControlResult } from '@roompilot/contract';
import { Alert, Button, Space, Spin, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { shownResults, summarize } from './targets';

export type Run =
  | { state: 'idle' }
  | { state: 'running'; count: number | null }
  | { state: 'done'; results: ControlResult[] }
  | { state: 'failed'; reason: string; results: ControlResult[] };

/** Why a call failed, in the server's words (the http client keeps its message). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface Props {
  run: Run;
  /** Sends the same change again to the rooms that failed; absent when the user may not send. */
  onRetryFailed?: () => void;
  /** The call a retry makes (`data-call`). */
  call?: CallId;
}

/** While a control runs: what it waits for; then the result of every room, filterable, with a retry. */
export function ControlResults({ run, onRetryFailed, call }: Props) {
  const { t } = useTranslation();
  const [failedOnly, setFailedOnly] = useState(false);
  const results = run.state === 'done' || run.state === 'failed' ? run.results : [];
  const summary = useMemo(() => summarize(results), [results]);
  const rows = useMemo(() => shownResults(results, failedOnly), [results, failedOnly]);

  if (run.state === 'idle') return null;
  if (run.state === 'running') {
    return (
      <div className="rp-control__running" role="status" aria-live="polite">
        <Spin />
        <span>{run.count === null ? t('control.runningUnknown') : t('control.running', { count: run.count })}</span>
      </div>
    );
  }

  const columns: TableColumnsType<ControlResult> = [
    { title: t('control.room'), dataIndex: 'room_num', key: 'room_num', width: 140 },
    {
      title: t('control.result'),
      key: 'ok',
      width: 120,
      render: (_value, row) =>
        row.ok ? (
          <Tag color="success" icon={<CheckCircleFilled />}>
            {t('control.ok')}
          </Tag>
        ) : (
          <Tag color="error" icon={<CloseCircleFilled />}>
            {t('control.failed')}
          </Tag>
        ),
    },
    {
      title: t('control.reason'),
      dataIndex: 'error',
      key: 'error',
      // A failure's reason, or what the energy policy changed in the command.
      render: (error: string | null, row) => error ?? row.policy_note ?? '',
    },
  ];

  return (
    <section className="rp-control__results" aria-label={t('control.results')}>
      {run.state === 'failed' && (
        <Alert
          className="rp-page__alert"
          type="error"
          showIcon
          title={t('control.callFailed', { reason: run.reason })}
        />
      )}
      {results.length > 0 && (
        <>
          <div className="rp-toolbar">
            <h2 className="rp-control__heading">{t('control.results')}</h2>
            <span
              className={summary.failed > 0 ? 'rp-control__summary rp-control__summary--failed' : 'rp-control__summary'}
            >
              {t('control.summary', {
                total: formatNumber(summary.total),
                ok: formatNumber(summary.ok),
                failed: formatNumber(summary.failed),
              })}
            </span>
            <Space wrap className="rp-toolbar__actions">
              <label className="rp-control__switch" htmlFor="control-failed-only">
                <Switch id="control-failed-only" size="small" checked={failedOnly} onChange={setFailedOnly} />
                {t('control.failedOnly')}
              </label>
              {onRetryFailed && (
                <Button
                  icon={<ReloadOutlined />}
                  disabled={summary.failed === 0}
                  onClick={onRetryFailed}
                  data-call={call}
                >
                  {t('control.retryFailed')}
                </Button>
              )}
            </Space>
          </div>
          <Table<ControlResult>
            size="small"
            rowKey="room_id"
            columns={columns}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            locale={{ emptyText: t('control.noFailures') }}
          />
        </>
      )}
    </section>
  );
}
