import { LANGUAGES } from '@roompilot/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, LANGUAGE_NAMES, switchLanguage } from '../i18n';

function TranslateIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M4 5h9M8.5 3v2M6 5c.5 3 2.5 6 6 8M11 5c-.6 3.5-3 7-7 9" strokeLinecap="round" />
      <path d="m12 21 4.5-10L21 21M13.5 18h6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The top bar's language selector: 中文, English, Español, 日本語; choosing one reloads the page. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((key) => ({ key, label: LANGUAGE_NAMES[key], lang: key })),
        onClick: ({ key }) => {
          if (isLanguage(key) && key !== language) switchLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<TranslateIcon />} aria-label={t('layout.language')} title={t('layout.language')} />
    </Dropdown>
  );
}
