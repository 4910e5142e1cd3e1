import { App, Button, Flex, Form, Steps, type FormInstance, type FormProps } from 'antd';
import { localizedText } from '../../lib/localized-text.tsx';
import { formatMessage } from '@evcms/contracts/messages';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../confirm-modal.ts';
import { FORM_LANGS, isFieldOfLang, type FormLang } from './form-langs.ts';
import { firstFieldIn, isTextEntry } from './stepper-keys.ts';

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
  /** Cancel (or Esc): at once while nothing was entered, after a confirmation otherwise. */
  onCancel: () => void;
  /** Whether something was entered; by default, whether the user has touched any field. */
  dirty?: boolean;
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish' | 'children'>;
}

type FieldName = (string | number)[];
type FieldErrors = { name: FieldName; errors?: string[] }[];

function langsWithErrors(fields: FieldErrors): FormLang[] {
  return FORM_LANGS.filter((lang) =>
    fields.some((field) => (field.errors?.length ?? 0) > 0 && isFieldOfLang(field.name, lang)),
  );
}

/**
 * A form filled in one language at a time (Kyrgyz, Russian, English): 'Further' (or Enter)
 * validates the current language before moving on, the last step submits, Cancel (or Esc) asks
 * before dropping entered data. A refused submit, by the form's rules or by the server, shows the
 * generic 'Incorrectly filled field' alert and opens and focuses the first field in error.
 * Every language stays mounted (only hidden), so its values and rules are kept for the final check.
 */
export function MultilingualStepper<V extends object>(props: MultilingualStepperProps<V>) {
  const { form, mode, renderLanguage, children, onSubmit, onCancel, dirty, formProps } = props;
  const { t } = useTranslation('components');
  const { confirmDiscard } = useConfirm();
  const { notification } = App.useApp();
  const [current, setCurrent] = useState(0);
  const [reached, setReached] = useState(mode === 'edit' ? FORM_LANGS.length - 1 : 0);
  const [done, setDone] = useState<FormLang[]>([]);
  const [errors, setErrors] = useState<FormLang[]>([]);
  const [busy, setBusy] = useState(false);
  // What to focus once the step it is on is shown: a step's first field, or a field in error.
  const [focusTarget, setFocusTarget] = useState<{ step: FormLang } | { field: FieldName } | null>(null);
  const panes = useRef(new Map<FormLang, HTMLDivElement | null>());
  const step = FORM_LANGS[current]!;
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

  // A layout effect: the focus moves in the same commit that shows the step, so no keystroke typed
  // right after Enter can land in the pane just hidden (a passive effect runs a moment later).
  useLayoutEffect(() => {
    if (!focusTarget) return;
    if ('step' in focusTarget) firstFieldIn(panes.current.get(focusTarget.step))?.focus();
    else form.scrollToField(focusTarget.field, { focus: true, block: 'center' }); // centred: clear of the sticky header
  }, [focusTarget, form]);

  const goTo = (index: number) => {
    setCurrent(index);
    setFocusTarget({ step: FORM_LANGS[index]! });
  };

  const further = async () => {
    const names = form
      .getFieldsError()
      .map((field) => field.name)
      .filter((name) => isFieldOfLang(name, step));
    try {
      await form.validateFields(names);
    } catch {
      refreshErrors();
      return;
    }
    setDone((list) => (list.includes(step) ? list : [...list, step]));
    goTo(current + 1);
    setReached((value) => Math.max(value, current + 1));
  };

  /**
   * After a refused submit: the generic alert, then the first language with a mistake opens and
   * the first field in error (language fields come before the shared ones) is scrolled to and
   * focused.
   */
  const showFirstError = () => {
    const wrong = refreshErrors();
    const fields = form.getFieldsError() as FieldErrors;
    const firstField = fields.find((field) => (field.errors?.length ?? 0) > 0);
    if (!firstField) return;
    const firstLang = FORM_LANGS.findIndex((item) => wrong.includes(item));
    if (firstLang >= 0) setCurrent(firstLang);
    setFocusTarget({ field: firstField.name });
    notification.error({
      key: 'incorrect-fields',
      title: localizedText((now) => formatMessage(now, 'incorrect_fields_title')),
      description: localizedText((now) => formatMessage(now, 'incorrect_fields_text')),
    });
  };

  const submit = async () => {
    // Enter reaches here too, where the spinning button would not take a second click.
    if (busy) return;
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
    const entered = dirty ?? form.isFieldsTouched();
    if (!entered || (await confirmDiscard())) onCancel();
  };

  // Enter in a text field goes on (or submits on the last step); Esc is Cancel. Keys from portals
  // (a select's list, a dialog opened by a field) reach here through React but are not the form's.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as Node;
    if (event.defaultPrevented || event.nativeEvent.isComposing || !event.currentTarget.contains(target)) return;
    if (event.key === 'Enter' && isTextEntry(target)) {
      event.preventDefault();
      void (isLast ? submit() : further());
    } else if (
      event.key === 'Escape' &&
      !(target instanceof Element && target.getAttribute('aria-expanded') === 'true')
    ) {
      event.stopPropagation();
      void cancel();
    }
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
      onKeyDown={onKeyDown}
      onFieldsChange={(changed, all) => {
        setErrors(langsWithErrors(all as FieldErrors));
        formProps?.onFieldsChange?.(changed, all);
      }}
    >
      <Steps
        current={current}
        onChange={(index) => index <= reached && goTo(index)}
        items={FORM_LANGS.map((item, index) => ({
          key: item,
          title: titles[item],
          status: status(item, index),
          disabled: index > reached,
        }))}
        style={{ marginBottom: 24 }}
      />
      {FORM_LANGS.map((item) => (
        <div
          key={item}
          ref={(node) => {
            panes.current.set(item, node);
          }}
          hidden={item !== step}
          data-testid={`stepper-pane-${item}`}
        >
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
