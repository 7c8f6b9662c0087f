import { LANGUAGES } from '@roompilot/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES, switchLanguage } from '../../app/i18n';

/** The login page's language choice: plain buttons, so the page needs no menu component. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <fieldset className="rp-language-links" aria-label={t('layout.language')}>
      {LANGUAGES.map((key) => (
        <button
          key={key}
          type="button"
          lang={key}
          aria-pressed={key === language}
          className={`rp-button rp-button--text${key === language ? ' rp-language-links__current' : ''}`}
          onClick={() => key !== language && switchLanguage(key)}
        >
          {LANGUAGE_NAMES[key]}
        </button>
      ))}
    </fieldset>
  );
}
