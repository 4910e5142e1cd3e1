import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatusFilterValue } from './list-screen-state.ts';

export interface StatusFilterProps {
  /** Undefined shows every status. */
  value: StatusFilterValue | undefined;
  onChange: (value: StatusFilterValue | undefined) => void;
}

/** All / active / inactive, applied at once (only search boxes wait for typing to stop). */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  const { t } = useTranslation('components');
  return (
    <Select<StatusFilterValue | ''>
      aria-label={t('statusFilter.label')}
      value={value ?? ''}
      options={[
        { value: '', label: t('statusFilter.all') },
        { value: 'true', label: t('statusFilter.active') },
        { value: 'false', label: t('statusFilter.inactive') },
      ]}
      onChange={(next) => onChange(next || undefined)}
      style={{ width: 180 }}
    />
  );
}
