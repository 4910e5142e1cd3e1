import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/i18n.ts';
import { changeLanguage, LANGUAGE_LABELS, LANGUAGE_ORDER } from '../lib/language.ts';
import './language-switch.css';

/**
 * The ENG / RU / KG switch of the signed-out screens: three radio buttons drawn like antd's small
 * Segmented. Not the header's Select, nor Segmented itself: they bring a popup or a tooltip with
 * their motion code, about 7 KB gzip of the first screen a visitor loads.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const value = useLang();
  return (
    <div role="radiogroup" aria-label={t('language')} data-testid="language-select" className="language-switch">
      {LANGUAGE_ORDER.map((lang) => (
        <label key={lang} className="language-switch-option">
          <input
            type="radio"
            name="language"
            value={lang}
            checked={value === lang}
            onChange={() => void changeLanguage(lang)}
          />
          {LANGUAGE_LABELS[lang]}
        </label>
      ))}
    </div>
  );
}
