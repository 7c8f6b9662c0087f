import { useTranslation } from 'react-i18next';

/**
 * Shown while the user info or a lazy screen loads. A CSS spinner in antd's look: antd's Spin
 * would add its weight to the first page for a few hundred milliseconds of use.
 */
export function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <div className="rp-fullpage-spin" role="status" aria-busy="true">
      <span className="rp-spinner" aria-hidden />
      <span className="rp-fullpage-spin__text">{t('common.loading')}</span>
    </div>
  );
}
