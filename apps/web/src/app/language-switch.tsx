import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@evcms/contracts/i18n';
import { useLang } from '../lib/i18n.ts';
import { changeLanguage, LANGUAGE_LABELS, LANGUAGE_ORDER } from '../lib/language.ts';

const options = LANGUAGE_ORDER.map((lang) => ({ value: lang, label: LANGUAGE_LABELS[lang] }));

/**
 * The ENG / RU / KG switch of the signed-out screens. Not the header's Select: a select brings
 * its popup, virtual list and trigger code, too much for the first screen a visitor loads.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const value = useLang();
  return (
    <Segmented<Lang>
      data-testid="language-select"
      aria-label={t('language')}
      size="small"
      value={value}
      options={options}
      onChange={(lang) => void changeLanguage(lang)}
    />
  );
}
