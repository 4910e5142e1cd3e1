import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '@evcms/contracts/i18n';
import { currentLang } from '../lib/i18n.ts';
import { changeLanguage, LANGUAGE_LABELS, LANGUAGE_ORDER } from '../lib/language.ts';

const options = LANGUAGE_ORDER.map((lang) => ({ value: lang, label: LANGUAGE_LABELS[lang] }));

/** The ENG / RU / KG switch of the header and the signed-out screens. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  // Read through i18n so the select follows a change made elsewhere (the settings page).
  const value: Lang = isLang(i18n.language) ? i18n.language : currentLang();
  return (
    <Select
      data-testid="language-select"
      aria-label={t('language')}
      value={value}
      options={options}
      onChange={(lang: string) => {
        if (isLang(lang)) void changeLanguage(lang);
      }}
      variant="borderless"
      style={{ width: 86 }}
      popupMatchSelectWidth={false}
    />
  );
}
