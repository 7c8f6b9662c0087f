import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/screens';
import type { MessageKey } from '../../locales/types';

/** The screen of a route whose feature comes with a later issue: honest, never a mock-up. */
export default function PlannedPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <section className="rp-planned">
      <ToolOutlined className="rp-planned__icon" aria-hidden />
      <h1 className="rp-planned__title">{t(`route.${route.name}` as MessageKey)}</h1>
      <p className="rp-planned__text">{t('common.notBuilt')}</p>
    </section>
  );
}
