import { useTranslation } from 'react-i18next';
import { useSite } from './site';

/** Copyright and filing number from `GET /apis/site` (SPEC.md "Footer"). */
export function SiteFooter({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data: site } = useSite();
  if (!site) return null;
  return (
    <footer className={className ? `rp-footer ${className}` : 'rp-footer'}>
      {site.copyright && <span>{site.copyright}</span>}
      {site.filing_number && (
        <span title={t('layout.filingNumber')} className="rp-footer__filing">
          {site.filing_number}
        </span>
      )}
    </footer>
  );
}
