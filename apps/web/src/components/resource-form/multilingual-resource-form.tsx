import { Card, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { FormLang } from '../multilingual-stepper/form-langs.ts';
import { MultilingualStepper } from '../multilingual-stepper/multilingual-stepper.tsx';
import { useResourceForm, type ResourceFormOptions } from './use-resource-form.ts';

export interface MultilingualResourceFormProps<Values, Changes, Item> extends Omit<
  ResourceFormOptions<Values, Changes, Item>,
  'refusals'
> {
  /** The fields of one language (`localizedKey(field, lang)` names them). */
  renderLanguage: (lang: FormLang) => ReactNode;
  /** The fields that do not depend on the language, under the steps. */
  children: (form: FormInstance<Values>) => ReactNode;
}

/**
 * The create/edit screen of a resource with multilingual fields (merchants, stations): the
 * language stepper in a card, saved by `useResourceForm` (Create or Save on the last language; a
 * refusal on the fields or said as it is; Cancel, after a confirmation once something was entered,
 * back to `next(undefined)`; the unsaved-changes guard until then).
 */
export function MultilingualResourceForm<Values extends object, Changes extends object, Item>(
  props: MultilingualResourceFormProps<Values, Changes, Item>,
) {
  const { renderLanguage, children, ...options } = props;
  const { form, initial, dirty, submitAndWait, cancel, onValuesChange } = useResourceForm({
    ...options,
    refusals: 'stepper',
  });
  return (
    <Card>
      <MultilingualStepper<Values>
        form={form}
        mode={'create' in options.save ? 'create' : 'edit'}
        renderLanguage={renderLanguage}
        onSubmit={submitAndWait}
        onCancel={cancel}
        dirty={dirty}
        formProps={{ initialValues: initial, autoComplete: 'off', onValuesChange }}
      >
        {children(form)}
      </MultilingualStepper>
    </Card>
  );
}
