import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDITY_COLOR, validityState } from '../features/validity/validityState';
import { formatDate } from '../lib/format';

interface Props {
  validdate: string | null;
  daysLeft: number | null;
}

/** A hotel's service end date with a warning colour when it ends within 30 days or has passed. */
export function ValidityTag({ validdate, daysLeft }: Props) {
  const { t } = useTranslation();
  const state = validityState(daysLeft);
  if (state === 'none' || !validdate) return <Tag>{t('validity.unlimited')}</Tag>;
  const label = formatDate(validdate);
  if (state === 'ok') return <span>{label}</span>;
  return (
    <Tag color={VALIDITY_COLOR[state]}>
      {label} · {t(state === 'expired' ? 'validity.expired' : 'validity.expiringSoon')}
    </Tag>
  );
}
