import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { WELCOME_WORD_MAX } from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { asQuery, welcomeQuery } from '../../app/screenQueries';
import { CallAction } from '../../components/CallAction';
import { QueryFailed } from '../../components/QueryFailed';
import './guestservice.css';

/** The welcome word as a guest's TV shows it: a framed screen with the hotel's name above it. */
export function TvPreview({ hotelName, welcomeWord }: { hotelName: string; welcomeWord: string }) {
  const { t } = useTranslation();
  return (
    <figure className="rp-tv" aria-label={t('guestservice.welcome.preview')}>
      <div className="rp-tv__screen">
        <p className="rp-tv__hotel">{hotelName}</p>
        <p className={welcomeWord.trim() ? 'rp-tv__word' : 'rp-tv__word rp-tv__word--empty'}>
          {welcomeWord.trim() ? welcomeWord : t('guestservice.welcome.previewEmpty')}
        </p>
      </div>
      <figcaption className="rp-muted">{t('guestservice.welcome.preview')}</figcaption>
    </figure>
  );
}

/** Welcome word (pm_welcome): the hotel's greeting on the room TVs, edited beside its preview. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ welcome_word: string }>();
  const typed = Form.useWatch('welcome_word', form);
  const mayEdit = useMayCall('guestservice.welcomeUpdate').allowed;
  const welcome = useQuery(asQuery(welcomeQuery()));

  useEffect(() => {
    if (welcome.data) form.setFieldsValue({ welcome_word: welcome.data.welcome_word });
  }, [welcome.data, form]);

  const save = useMutation({
    mutationFn: (welcome_word: string) => api.guestservice.welcomeUpdate({ welcome_word }),
    onSuccess: (saved) => {
      queryClient.setQueryData(welcomeQuery().queryKey, saved);
      message.success(t('guestservice.welcome.saved'));
    },
  });

  if (welcome.isError && !welcome.data) {
    return <QueryFailed error={welcome.error} onRetry={() => void welcome.refetch()} retrying={welcome.isFetching} />;
  }
  if (!welcome.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const current = typed ?? welcome.data.welcome_word;
  const changed = current !== welcome.data.welcome_word;
  // Emptying the greeting leaves the room TVs with none: asked before it is saved.
  const emptying = changed && current.trim() === '';

  return (
    <section className="rp-page rp-welcome">
      <Form
        form={form}
        name="welcome"
        layout="vertical"
        className="rp-welcome__form"
        initialValues={{ welcome_word: welcome.data.welcome_word }}
        onFinish={(values) => save.mutate(values.welcome_word)}
      >
        <Typography.Paragraph className="rp-muted">{t('guestservice.welcome.hint')}</Typography.Paragraph>
        <Form.Item name="welcome_word" label={t('guestservice.welcome.title')}>
          <Input.TextArea
            maxLength={WELCOME_WORD_MAX}
            showCount
            readOnly={!mayEdit}
            placeholder={t('guestservice.welcome.placeholder')}
            autoSize={{ minRows: 5, maxRows: 12 }}
          />
        </Form.Item>
        <Space wrap>
          <Popconfirm
            disabled={!emptying}
            title={t('guestservice.welcome.emptyTitle')}
            description={t('guestservice.welcome.emptyConfirm')}
            okText={t('common.save')}
            cancelText={t('common.cancel')}
            onConfirm={() => form.submit()}
          >
            <CallAction call="guestservice.welcomeUpdate">
              <Button
                type="primary"
                htmlType={emptying ? 'button' : 'submit'}
                icon={<SaveOutlined />}
                loading={save.isPending}
                disabled={!changed}
              >
                {t('common.save')}
              </Button>
            </CallAction>
          </Popconfirm>
          {mayEdit && (
            <Button
              icon={<UndoOutlined />}
              disabled={!changed}
              onClick={() => form.setFieldsValue({ welcome_word: welcome.data.welcome_word })}
            >
              {t('guestservice.welcome.reset')}
            </Button>
          )}
        </Space>
      </Form>
      <TvPreview hotelName={welcome.data.hotel_name} welcomeWord={current} />
    </section>
  );
}
