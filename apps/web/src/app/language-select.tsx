import { DownOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLang } from '@evcms/contracts/i18n';
import { useLang } from '../lib/i18n.ts';
import { changeLanguage, LANGUAGE_LABELS, LANGUAGE_ORDER } from '../lib/language.ts';

const options = LANGUAGE_ORDER.map((lang) => ({ value: lang, label: LANGUAGE_LABELS[lang] }));

/** The ENG / RU / KG switch of the header; the signed-out screens have a lighter one (LanguageSwitch). */
export function LanguageSelect() {
  const { t } = useTranslation('common');
  // Follows a change made elsewhere (the settings page).
  const value = useLang();
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
      // antd's own arrow is named "down" for screen readers; the select is named already.
      suffixIcon={<DownOutlined aria-hidden />}
      style={{ width: 86 }}
      popupMatchSelectWidth={false}
    />
  );
}
