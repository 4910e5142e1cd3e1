import { useTranslation } from 'react-i18next';
import { SearchMultiSelect } from '../../components/search-select/search-multi-select.tsx';
import { ratesApi } from './rates-api.ts';

export interface RateMerchantsFieldProps {
  /** The chosen merchant ids (antd's Form.Item passes value, onChange and id). */
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  disabled?: boolean;
}

const NONE: number[] = [];

/**
 * The merchants of a personal rate: a multiple select that searches merchants by name on the
 * server (`/merchants/for-promotion/`, after typing stops); a stored rate's merchants are named
 * even when no search offered them.
 */
export function RateMerchantsField({ value, onChange, id, disabled }: RateMerchantsFieldProps) {
  const { t } = useTranslation('rates');
  return (
    <SearchMultiSelect
      id={id}
      disabled={disabled}
      value={value ?? NONE}
      onChange={(ids) => onChange?.(ids)}
      options={ratesApi.merchantOptionsQueryOptions}
      placeholder={t('form.merchants_placeholder')}
      notFound={t('form.merchants_none')}
      style={{ width: '100%' }}
    />
  );
}
