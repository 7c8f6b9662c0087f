import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** /401: with `noGoBack` (the guard refused a route) going back would only bounce here again. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { state } = useLocation();
  const noGoBack = params.has('noGoBack') || Boolean((state as { noGoBack?: boolean } | null)?.noGoBack);
  return (
    <main className="rp-status-page">
      <Result
        status="403"
        title="401"
        subTitle={t('common.unauthorized')}
        extra={
          <Space>
            {!noGoBack && <Button onClick={() => navigate(-1)}>{t('common.goBack')}</Button>}
            <Button type="primary" onClick={() => navigate('/')}>
              {t('common.backHome')}
            </Button>
          </Space>
        }
      />
    </main>
  );
}
