import { LOG_RETENTION_DAYS_MAX, LOG_RETENTION_DAYS_MIN, type LogRetention } from '@roompilot/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { logRetentionQuery } from '../../app/screenQueries';
import { QueryFailed } from '../../components/QueryFailed';

export const RETENTION_KEY = logRetentionQuery().queryKey;
const FIELDS = ['oplog_days', 'event_days'] as const;
const LABELS = { oplog_days: 'logs.retention.oplogDays', event_days: 'logs.retention.eventDays' } as const;

interface Props {
  open: boolean;
  onClose: () => void;
  retention: UseQueryResult<LogRetention>;
}

/**
 * How many days the hotel keeps each log. Fewer days than before deletes entries for good at the
 * next clean-up, so a shorter setting asks for confirmation first.
 */
export function RetentionModal({ open, onClose, retention }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LogRetention>();

  const save = useMutation({
    mutationFn: (values: LogRetention) => api.logs.updateRetention(values),
    onSuccess: (saved) => {
      queryClient.setQueryData(RETENTION_KEY, saved);
      message.success(t('logs.retention.saved'));
      onClose();
    },
  });

  const submit = (values: LogRetention) => {
    const before = retention.data;
    const shorter = before && FIELDS.some((field) => values[field] < before[field]);
    if (!shorter) {
      save.mutate(values);
      return;
    }
    Modal.confirm({
      title: t('logs.retention.shorterTitle'),
      content: t('logs.retention.shorterConfirm'),
      okText: t('logs.retention.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => save.mutateAsync(values).catch(() => undefined),
    });
  };

  return (
    <Modal
      title={t('logs.retention.title')}
      open={open}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !retention.data, ...{ 'data-call': 'logs.updateRetention' } }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {retention.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : retention.error ? (
        <QueryFailed error={retention.error} onRetry={() => void retention.refetch()} />
      ) : (
        <Form<LogRetention>
          form={form}
          name="log-retention"
          layout="vertical"
          preserve={false}
          initialValues={retention.data}
          onFinish={submit}
        >
          <Typography.Paragraph type="secondary">{t('logs.retention.help')}</Typography.Paragraph>
          {FIELDS.map((field) => (
            <Form.Item key={field} name={field} label={t(LABELS[field])} rules={[{ required: true }]}>
              <InputNumber
                min={LOG_RETENTION_DAYS_MIN}
                max={LOG_RETENTION_DAYS_MAX}
                precision={0}
                className="rp-full-width"
              />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
