import { ErrorCode, type UpgradeKind } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Modal, Progress, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { ApiError } from '../../app/http';
import { FilePicker } from '../../components/FilePicker';
import { FileSize, Hash, useUploadLimit, VersionFields } from './parts';

interface Props {
  kind: Exclude<UpgradeKind, 'param'> | UpgradeKind;
  open: boolean;
  onClose: () => void;
}

interface Values {
  version: string;
  notes?: string;
}

const versionTaken = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === ErrorCode.conflict;

/** Upload a file of the screen's kind: version, notes, the file; the server's size and SHA-256 after. */
export function UploadModal({ kind, open, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);

  const upload = useMutation({
    mutationFn: ({ values, chosen }: { values: Values; chosen: File }) => {
      const body = new FormData();
      body.append('kind', kind);
      body.append('version', values.version.trim());
      if (values.notes?.trim()) body.append('notes', values.notes.trim());
      body.append('file', chosen, chosen.name);
      // Quiet: a refusal (4413, 4400, 4409) is shown in the dialog.
      return api.upgrades.fileAdd(body, { quiet: true });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['upgradefiles'] }),
    onError: (error) => {
      // A version the hotel already has is said at the version, the field to change.
      if (versionTaken(error)) form.setFields([{ name: 'version', errors: [error.message] }]);
    },
  });

  const limit = useUploadLimit();
  const tooBig = (file?.size ?? 0) > limit.bytes;
  const choose = (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
  };

  const reset = () => {
    setFile(null);
    setMissing(false);
    upload.reset();
    form.resetFields();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!file) setMissing(true);
    if (!values || !file || tooBig) return;
    upload.mutate({ values, chosen: file });
  };

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
        <Button key="upload" type="primary" loading={upload.isPending} disabled={tooBig} onClick={() => void submit()}>
          {t('upgrades.file.uploadStart')}
        </Button>,
      ];

  return (
    <Modal
      title={t(`upgrades.file.uploadTitle.${kind}`)}
      open={open}
      onCancel={() => !upload.isPending && onClose()}
      afterClose={reset}
      footer={footer}
      width={620}
      mask={{ closable: !upload.isPending }}
    >
      {upload.isSuccess ? (
        <Result
          status="success"
          title={t('upgrades.file.uploaded', { version: upload.data.version })}
          subTitle={
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'size', label: t('upgrades.file.size'), children: <FileSize bytes={upload.data.size} /> },
                { key: 'sha', label: t('upgrades.file.sha256'), children: <Hash sha256={upload.data.sha256} /> },
              ]}
            />
          }
        />
      ) : (
        <Form<Values> form={form} name="upgrade-upload" layout="vertical" disabled={upload.isPending}>
          <VersionFields example="2.1.0" />
          <Form.Item
            label={t('upgrades.file.file')}
            required
            extra={t('upgrades.file.limit', { mb: limit.mb })}
            validateStatus={missing && !file ? 'error' : undefined}
            help={missing && !file ? t('upgrades.file.fileRequired') : undefined}
          >
            <FilePicker file={file} onChange={choose} text={t('upgrades.file.drop')} />
          </Form.Item>
          {tooBig && <Alert type="error" showIcon title={t('upgrades.file.tooBig', { mb: limit.mb })} />}
          {upload.isPending && (
            <div role="status">
              <Progress percent={100} status="active" showInfo={false} />
              <span className="rp-muted">{t('upgrades.file.uploading')}</span>
            </div>
          )}
          {upload.isError && !versionTaken(upload.error) && (
            <Alert type="error" showIcon title={upload.error.message} />
          )}
        </Form>
      )}
    </Modal>
  );
}
