import { CloseCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, type FormInstance, type FormRule } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '@evcms/contracts/catalog';
import type { Lang } from '@evcms/contracts/i18n';
import { formatMessage } from '@evcms/contracts/messages';
import { currentLang } from '../../lib/i18n.ts';
import { useOptionsFailure } from '../load-failure/options-failure.tsx';
import { citiesOf, keepsCity } from './location-rules.ts';
import { countriesQueryOptions, districtsQueryOptions, settlementsQueryOptions } from './locations-queries.ts';

export interface LocationFieldNames {
  country: NamePath;
  district: NamePath;
  city: NamePath;
}

export interface LocationFieldsProps {
  /** The form the fields belong to; the surrounding Form's when left out. */
  form?: FormInstance;
  names?: Partial<LocationFieldNames>;
  /** Country and city are required unless this is false; the district is always optional. */
  required?: boolean;
  labels?: Partial<Record<keyof LocationFieldNames, ReactNode>>;
  disabled?: boolean;
}

const DEFAULT_NAMES: LocationFieldNames = { country: 'country', district: 'district', city: 'city' };

function nameIn(location: Location, lang: Lang): string {
  return location[`name_${lang}`] || location.name;
}

function toOptions(locations: readonly Location[] | undefined, lang: Lang) {
  return (locations ?? []).map((location) => ({ value: location.id, label: nameIn(location, lang) }));
}

const searchable = { optionFilterProp: 'label' } as const;

/**
 * Country, district and city as three searchable selects (spec 3, merchant location). The
 * district lists the chosen country's districts; the city lists the country's settlements, only
 * the chosen district's when there is one. The country's settlements come in one list and are
 * filtered here, so a district change knows at once whether the chosen city is in it.
 */
export function LocationFields({
  form: givenForm,
  names: givenNames,
  required = true,
  labels,
  disabled,
}: LocationFieldsProps) {
  const { t } = useTranslation('pickers');
  const lang = currentLang();
  const contextForm = Form.useFormInstance();
  const form = givenForm ?? contextForm;
  const names = { ...DEFAULT_NAMES, ...givenNames };

  const countryId = Form.useWatch(names.country, form) as number | null | undefined;
  const districtId = Form.useWatch(names.district, form) as number | null | undefined;
  const countries = useQuery(countriesQueryOptions());
  const districts = useQuery({ ...districtsQueryOptions(countryId ?? 0), enabled: countryId != null });
  const settlements = useQuery({ ...settlementsQueryOptions(countryId ?? 0), enabled: countryId != null });
  const cities = citiesOf(settlements.data, districtId);
  // The clear cross is a button of its own: named in the interface language, with its field (an
  // object here replaces antd's icon too, which would fall back to a plain '×').
  const clear = (field: `location.${keyof LocationFieldNames}`) => ({
    clearIcon: <CloseCircleFilled aria-hidden />,
    label: t('location.clear', { field: t(field) }),
  });

  const rules: FormRule[] = required ? [{ required: true, message: formatMessage(lang, 'field_blank') }] : [];
  // Said in each dropdown, with Retry, rather than an empty list.
  const countriesFailure = useOptionsFailure(countries);
  const districtsFailure = useOptionsFailure(districts);
  const settlementsFailure = useOptionsFailure(settlements);

  const countryChanged = () => {
    form.setFieldValue(names.district, undefined);
    form.setFieldValue(names.city, undefined);
  };

  const districtChanged = (district: number | undefined) => {
    const cityId = form.getFieldValue(names.city) as number | null | undefined;
    if (!keepsCity(cityId, district, settlements.data)) form.setFieldValue(names.city, undefined);
  };

  return (
    <>
      <Form.Item name={names.country} label={labels?.country ?? t('location.country')} rules={rules}>
        <Select<number>
          showSearch={searchable}
          allowClear={clear('location.country')}
          disabled={disabled}
          placeholder={t('location.countryPlaceholder')}
          loading={countries.isFetching}
          options={toOptions(countries.data, lang)}
          notFoundContent={countriesFailure}
          onChange={countryChanged}
        />
      </Form.Item>
      <Form.Item name={names.district} label={labels?.district ?? t('location.district')}>
        <Select<number>
          showSearch={searchable}
          allowClear={clear('location.district')}
          disabled={disabled || countryId == null}
          placeholder={t('location.districtPlaceholder')}
          loading={districts.isFetching}
          options={toOptions(districts.data, lang)}
          notFoundContent={districtsFailure}
          onChange={districtChanged}
        />
      </Form.Item>
      <Form.Item name={names.city} label={labels?.city ?? t('location.city')} rules={rules}>
        <Select<number>
          showSearch={searchable}
          allowClear={clear('location.city')}
          disabled={disabled || countryId == null}
          placeholder={t('location.cityPlaceholder')}
          loading={settlements.isFetching}
          options={toOptions(cities, lang)}
          notFoundContent={settlementsFailure}
        />
      </Form.Item>
    </>
  );
}
