import { Button, Flex, Form, Steps, type FormInstance, type FormProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../confirm-modal.ts';
import { FORM_LANGS, isFieldOfLang, type FormLang } from './form-langs.ts';

export interface MultilingualStepperProps<V extends object> {
  form: FormInstance<V>;
  /** 'create' ends with a Create button, 'edit' with Save and lets the user open any language at once. */
  mode: 'create' | 'edit';
  /** The fields of one language. Name them with `localizedKey(field, lang)`: that is how a step finds its fields. */
  renderLanguage: (lang: FormLang) => ReactNode;
  /** Fields that do not depend on the language, rendered once under the language steps. */
  children?: ReactNode;
  /** Gets the validated values; a returned promise keeps the button spinning until it settles. */
  onSubmit: (values: V) => unknown;
  /** Called after the user confirmed that the entered data may be lost. */
  onCancel: () => void;
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish' | 'children'>;
}

type FieldErrors = { name: (string | number)[]; errors?: string[] }[];

function langsWithErrors(fields: FieldErrors): FormLang[] {
  return FORM_LANGS.filter((lang) => fields.some((field) => (field.errors?.length ?? 0) > 0 && isFieldOfLang(field.name, lang)));
}

/**
 * A form filled in one language at a time (Kyrgyz, Russian, English): 'Further' validates the
 * current language before moving on, the last step submits, Cancel asks before dropping the data.
 * Every language stays mounted (only hidden), so its values and rules are kept for the final check.
 */
export function MultilingualStepper<V extends object>(props: MultilingualStepperProps<V>) {
  const { form, mode, renderLanguage, children, onSubmit, onCancel, formProps } = props;
  const { t } = useTranslation('components');
  const { confirm } = useConfirm();
  const [current, setCurrent] = useState(0);
  const [reached, setReached] = useState(mode === 'edit' ? FORM_LANGS.length - 1 : 0);
  const [done, setDone] = useState<FormLang[]>([]);
  const [errors, setErrors] = useState<FormLang[]>([]);
  const [busy, setBusy] = useState(false);
  const lang = FORM_LANGS[current]!;
  const isLast = current === FORM_LANGS.length - 1;
  const titles: Record<FormLang, string> = {
    ky: t('stepper.languages.ky'),
    ru: t('stepper.languages.ru'),
    en: t('stepper.languages.en'),
  };

  const refreshErrors = () => {
    const found = langsWithErrors(form.getFieldsError() as FieldErrors);
    setErrors(found);
    return found;
  };

  const further = async () => {
    const names = form
      .getFieldsError()
      .map((field) => field.name)
      .filter((name) => isFieldOfLang(name, lang));
    try {
      await form.validateFields(names);
    } catch {
      refreshErrors();
      return;
    }
    setDone((list) => (list.includes(lang) ? list : [...list, lang]));
    setCurrent(current + 1);
    setReached((value) => Math.max(value, current + 1));
  };

  // Show the first language that still has a mistake; shared fields are visible anyway.
  const showFirstError = () => {
    const wrong = refreshErrors();
    const first = FORM_LANGS.findIndex((item) => wrong.includes(item));
    if (first >= 0) setCurrent(first);
  };

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      showFirstError();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
    // onSubmit may have put the server's field errors on the form (setFields reports no change).
    showFirstError();
  };

  const cancel = async () => {
    if (await confirm({ title: t('stepper.cancelTitle'), content: t('stepper.cancelContent') })) onCancel();
  };

  const status = (item: FormLang, index: number) => {
    if (errors.includes(item)) return 'error';
    if (index === current) return 'process';
    return done.includes(item) ? 'finish' : 'wait';
  };

  return (
    <Form<V>
      layout="vertical"
      {...formProps}
      form={form}
      onFieldsChange={(changed, all) => {
        setErrors(langsWithErrors(all as FieldErrors));
        formProps?.onFieldsChange?.(changed, all);
      }}
    >
      <Steps
        current={current}
        onChange={(index) => index <= reached && setCurrent(index)}
        items={FORM_LANGS.map((item, index) => ({
          key: item,
          title: titles[item],
          status: status(item, index),
          disabled: index > reached,
        }))}
        style={{ marginBottom: 24 }}
      />
      {FORM_LANGS.map((item) => (
        <div key={item} hidden={item !== lang} data-testid={`stepper-pane-${item}`}>
          {renderLanguage(item)}
        </div>
      ))}
      {children}
      <Flex justify="flex-end" gap="small">
        <Button data-testid="stepper-cancel" onClick={() => void cancel()}>
          {t('stepper.cancel')}
        </Button>
        {isLast ? (
          <Button data-testid="stepper-submit" type="primary" loading={busy} onClick={() => void submit()}>
            {mode === 'create' ? t('stepper.create') : t('stepper.save')}
          </Button>
        ) : (
          <Button data-testid="stepper-next" type="primary" onClick={() => void further()}>
            {t('stepper.further')}
          </Button>
        )}
      </Flex>
    </Form>
  );
}
