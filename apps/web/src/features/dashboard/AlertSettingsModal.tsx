import { ALERT_MINUTES_MAX, type HotelSettings } from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { QueryFailed } from '../../components/QueryFailed';

const SETTINGS_KEY = ['hotelsettings'] as const;
const FIELDS = ['door_open_alert_minutes', 'offline_alert_minutes'] as const;

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The hotel's alert settings (pm_config): after how many minutes a door left open and an RCU gone
 * offline raise an alert. The alert rules read them at their next sweep.
 */
export default function AlertSettingsModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HotelSettings>();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.alerts.settings({}), enabled: open });

  const save = useMutation({
    mutationFn: (values: HotelSettings) => api.alerts.updateSettings(values),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      message.success(t('dashboard.settingsSaved'));
      onClose();
    },
  });

  return (
    <Modal
      title={t('dashboard.settingsTitle')}
      open={open}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !settings.data, ...{ 'data-call': 'alerts.updateSettings' } }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : settings.error ? (
        <QueryFailed error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Form<HotelSettings>
          form={form}
          name="alert-settings"
          layout="vertical"
          preserve={false}
          initialValues={settings.data}
          onFinish={(values) => save.mutate(values)}
        >
          <Typography.Paragraph type="secondary">{t('dashboard.settingsHelp')}</Typography.Paragraph>
          {FIELDS.map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`dashboard.settings.${field}`)}
              extra={t(`dashboard.settings.${field}.help`)}
              rules={[{ required: true, message: t('dashboard.settingsRequired', { max: ALERT_MINUTES_MAX }) }]}
            >
              <InputNumber
                min={0}
                max={ALERT_MINUTES_MAX}
                precision={0}
                suffix={t('dashboard.minutes')}
                className="rp-full-width"
              />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
