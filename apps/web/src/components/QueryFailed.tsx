import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  error: Error;
  onRetry: () => void;
  retrying?: boolean;
}

/** A list that failed to load: why (the server's message, already toasted once) and a retry. */
export function QueryFailed({ error, onRetry, retrying }: Props) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
