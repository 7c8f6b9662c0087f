import { EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ErrorCode, type UpgradeFile, type UpgradeKind } from '@roompilot/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { ApiError } from '../../app/http';
import { useMayCall } from '../../app/permissions';
import { upgradeFilesList } from '../../app/screenQueries';
import { CallAction } from '../../components/CallAction';
import { DeleteAction } from '../../components/DeleteAction';
import { ListTable } from '../../components/ListTable';
import { RowAction } from '../../components/RowActions';
import { useListQuery } from '../../components/useListQuery';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ParamSetModal } from './ParamSetModal';
import { FileSize, Hash, useUploadLimit } from './parts';
import { UploadModal } from './UploadModal';

/** A kind's files (a parameter screen's sets): upload or make one, look at one, delete an unused one. */
export function FilesTab({ kind }: { kind: UpgradeKind }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const limit = useUploadLimit();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<UpgradeFile | null>(null);
  // A saved parameter set copied into a new one's form.
  const [copyOf, setCopyOf] = useState<Record<string, unknown> | undefined>();
  const list = useListQuery(upgradeFilesList(kind));
  const mayRemove = useMayCall('upgrades.fileRemove').allowed;
  const mayView = useMayCall('upgrades.fileParams').allowed;
  const isParam = kind === 'param';

  const remove = async (file: UpgradeFile) => {
    try {
      // Quiet: a file a job still uses (4409) is explained in words of this screen.
      await api.upgrades.fileRemove({ id: file.id }, { quiet: true });
      message.success(t('upgrades.file.deleted', { version: file.version }));
      void queryClient.invalidateQueries({ queryKey: ['upgradefiles'] });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.conflict) {
        message.error(t('upgrades.file.inUse', { version: file.version }), 6);
      } else message.error((error as Error).message, 5);
    }
  };

  const columns: TableColumnsType<UpgradeFile> = [
    { title: t('upgrades.file.version'), dataIndex: 'version', key: 'version', width: 140, fixed: 'left' },
    {
      title: t('upgrades.file.notes'),
      dataIndex: 'notes',
      key: 'notes',
      ellipsis: true,
      render: (notes: string) => notes || '—',
    },
    {
      title: t('upgrades.file.size'),
      dataIndex: 'size',
      key: 'size',
      width: 110,
      align: 'right',
      render: (size: number) => <FileSize bytes={size} />,
    },
    {
      title: t('upgrades.file.sha256'),
      dataIndex: 'sha256',
      key: 'sha256',
      width: 210,
      render: (sha256: string) => <Hash sha256={sha256} />,
    },
    {
      title: t('upgrades.file.created'),
      key: 'created',
      width: 200,
      render: (_value, file) => (
        <>
          <div>{formatDateTime(file.created_at)}</div>
          <div className="rp-muted">{file.created_by}</div>
        </>
      ),
    },
    {
      title: t('upgrades.file.usedBy'),
      dataIndex: 'active_jobs',
      key: 'active_jobs',
      width: 150,
      render: (jobs: number) =>
        jobs > 0 ? t('upgrades.file.jobs', { count: jobs, n: formatNumber(jobs) }) : t('upgrades.file.unused'),
    },
  ];

  const addButton = isParam ? (
    <CallAction call="upgrades.paramAdd" refused="hide">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
        {t('upgrades.param.add')}
      </Button>
    </CallAction>
  ) : (
    <CallAction call="upgrades.fileAdd" refused="hide">
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setAdding(true)}>
        {t('upgrades.file.upload')}
      </Button>
    </CallAction>
  );
  const hasActions = mayRemove || (isParam && mayView);

  return (
    <div className="rp-stack">
      <div className="rp-toolbar">
        <span className="rp-toolbar__hint">
          {t(isParam ? 'upgrades.param.help' : `upgrades.file.help.${kind}`, {
            mb: limit.mb,
          })}
        </span>
        <div className="rp-toolbar__actions">{addButton}</div>
      </div>
      <ListTable<UpgradeFile>
        rowKey="id"
        list={list}
        columns={columns}
        rowActions={
          hasActions
            ? {
                width: isParam ? 190 : 100,
                fixed: 'right',
                render: (file) => (
                  <>
                    {isParam && mayView && (
                      <RowAction call="upgrades.fileParams" icon={<EyeOutlined />} onClick={() => setViewing(file)}>
                        {t('upgrades.param.view')}
                      </RowAction>
                    )}
                    {mayRemove && (
                      <DeleteAction
                        call="upgrades.fileRemove"
                        title={t('upgrades.file.deleteTitle')}
                        description={
                          file.active_jobs > 0
                            ? t('upgrades.file.deleteInUse', { version: file.version })
                            : t('upgrades.file.deleteConfirm', { version: file.version })
                        }
                        onConfirm={() => remove(file)}
                      />
                    )}
                  </>
                ),
              }
            : undefined
        }
        scroll={{ x: 1000 }}
        emptyText={t(isParam ? 'upgrades.param.empty' : 'upgrades.file.empty')}
        emptyAction={addButton}
      />
      {isParam ? (
        <ParamSetModal
          open={adding}
          copyOf={copyOf}
          onClose={() => {
            setAdding(false);
            setCopyOf(undefined);
          }}
        />
      ) : (
        <UploadModal kind={kind} open={adding} onClose={() => setAdding(false)} />
      )}
      {isParam && (
        <ParamSetModal
          open={viewing !== null}
          viewing={viewing ?? undefined}
          onClose={() => setViewing(null)}
          onCopy={(params) => {
            setViewing(null);
            setCopyOf(params);
            setAdding(true);
          }}
        />
      )}
    </div>
  );
}
