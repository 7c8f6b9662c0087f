import { LANGUAGES } from '@roompilot/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES, switchLanguage } from '../../app/i18n';

/** The login page's language choice: plain buttons, so the page needs no menu component. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <fieldset className="rp-language-links" aria-label={t('layout.language')}>
      {LANGUAGES.map((key) => (
        <Button
          key={key}
          type="text"
          size="small"
          lang={key}
          aria-pressed={key === language}
          className={key === language ? 'rp-language-links__current' : undefined}
          onClick={() => key !== language && switchLanguage(key)}
        >
          {LANGUAGE_NAMES[key]}
        </Button>
      ))}
    </fieldset>
  );
}
