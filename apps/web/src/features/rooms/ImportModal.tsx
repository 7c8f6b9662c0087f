import { ROOM_IMPORT_MAX_BYTES, ROOMS_BULK_MAX } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Progress, Result, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { FilePicker } from '../../components/FilePicker';
import { formatNumber } from '../../lib/format';
import { type ImportRowError, importErrorsOf } from './importErrors';
import { useBuildings } from './options';

interface Props {
  open: boolean;
  onClose: () => void;
}

const ACCEPT = '.csv,.xlsx';

/** Quiet: a refusal with bad rows (4400) is shown as a table of the rows, not a toast. */
function importRooms(file: File, buildingId?: number) {
  const form = new FormData();
  if (buildingId !== undefined) form.append('building_id', String(buildingId));
  form.append('file', file, file.name);
  return api.rooms.import(form, { quiet: true });
}
const MB = 1024 * 1024;

/** Upload a CSV or Excel file of rooms; a file with any bad row imports nothing and lists the rows. */
export function ImportModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const buildings = useBuildings();
  const [file, setFile] = useState<File | null>(null);
  const [buildingId, setBuildingId] = useState<number | undefined>();

  const upload = useMutation({
    mutationFn: ({ chosen, building }: { chosen: File; building?: number }) => importRooms(chosen, building),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
      void queryClient.invalidateQueries({ queryKey: ['buildings'] });
      void queryClient.invalidateQueries({ queryKey: ['roomtypes'] });
    },
  });
  const rowErrors = upload.error ? importErrorsOf(upload.error) : null;
  const badRows = new Set(rowErrors?.map((row) => row.line)).size;
  const tooBig = (file?.size ?? 0) > ROOM_IMPORT_MAX_BYTES;
  const choose = (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
  };

  const reset = () => {
    setFile(null);
    setBuildingId(undefined);
    upload.reset();
  };

  const errorColumns = [
    { title: t('rooms.importLine'), dataIndex: 'line', key: 'line', width: 80 },
    // The column as the template's header names it (the server labels it in the user's language).
    { title: t('rooms.importField'), dataIndex: 'column', key: 'column', width: 140 },
    { title: t('rooms.importMessage'), dataIndex: 'message', key: 'message' },
  ];

  const footer = upload.isSuccess
    ? [
        <Button key="done" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose} disabled={upload.isPending}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="import"
          type="primary"
          disabled={!file || tooBig}
          loading={upload.isPending}
          onClick={() => file && upload.mutate({ chosen: file, building: buildingId })}
        >
          {t('rooms.importStart')}
        </Button>,
      ];

  return (
    <Modal
      title={t('rooms.importTitle')}
      open={open}
      onCancel={() => !upload.isPending && onClose()}
      afterClose={reset}
      footer={footer}
      width={680}
      maskClosable={!upload.isPending}
    >
      {upload.isSuccess ? (
        <Result
          status="success"
          title={t('rooms.imported', { count: upload.data.created, created: formatNumber(upload.data.created) })}
        />
      ) : (
        <div className="rp-stack">
          <p className="rp-muted rp-no-margin">
            {t('rooms.importHelp', { rows: formatNumber(ROOMS_BULK_MAX), mb: ROOM_IMPORT_MAX_BYTES / MB })}
          </p>
          <FilePicker
            file={file}
            onChange={choose}
            accept={ACCEPT}
            disabled={upload.isPending}
            text={t('rooms.importDrop')}
            hint={t('rooms.importFormats')}
          />
          {tooBig && (
            <Alert type="error" showIcon title={t('rooms.importTooBig', { mb: ROOM_IMPORT_MAX_BYTES / MB })} />
          )}
          <Form layout="vertical" component="div">
            <Form.Item label={t('rooms.importBuilding')} extra={t('rooms.importBuildingHelp')} className="rp-no-margin">
              <Select
                aria-label={t('rooms.importBuilding')}
                allowClear
                value={buildingId}
                onChange={setBuildingId}
                loading={buildings.isPending}
                disabled={upload.isPending}
                placeholder={t('rooms.importBuildingFromFile')}
                options={(buildings.data?.records ?? []).map((candidate) => ({
                  value: candidate.id,
                  label: candidate.name,
                }))}
              />
            </Form.Item>
          </Form>
          {upload.isPending && (
            <div role="status">
              <Progress percent={100} status="active" showInfo={false} />
              <span className="rp-muted">{t('rooms.importUploading')}</span>
            </div>
          )}
          {rowErrors && (
            <>
              <Alert
                type="error"
                showIcon
                title={t('rooms.importRejected', { count: badRows, rows: formatNumber(badRows) })}
                description={t('rooms.importNothing')}
              />
              <Table<ImportRowError & { key: string }>
                rowKey="key"
                size="small"
                columns={errorColumns}
                dataSource={rowErrors}
                pagination={rowErrors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                aria-label={t('rooms.importErrors')}
              />
            </>
          )}
          {upload.isError && !rowErrors && <Alert type="error" showIcon title={upload.error.message} />}
        </div>
      )}
    </Modal>
  );
}
