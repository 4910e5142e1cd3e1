import { App, Form, Input, Modal, Switch, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedKey } from '@evcms/contracts/localized';
import { FORM_LANGS } from '../../components/multilingual-stepper/form-langs.ts';
import { MultilingualStepper } from '../../components/multilingual-stepper/multilingual-stepper.tsx';
import { refusedSubmitMessage } from '../../components/multilingual-stepper/submit-error.ts';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { titleRules, type CatalogTitles } from './catalog-titles.ts';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';

export interface CatalogFormModalProps<V extends CatalogTitles> {
  form: FormInstance<V>;
  mode: 'create' | 'edit';
  title: ReactNode;
  initialValues: Partial<V>;
  /**
   * Sends the form; resolves with the success message to show, or null when nothing changed
   * (no request was made). A rejection puts the server's field errors on the fields.
   */
  onSubmit: (values: V) => Promise<string | null>;
  onClose: () => void;
  /** Fields besides the titles (the icon). */
  children?: ReactNode;
}

/**
 * The create / edit dialog of a tag or an infrastructure item: the titles one language at a time,
 * the 'active' switch on create, and whatever the kind adds. It opens with the first title
 * focused and closes only through Cancel or Esc (which ask once something was entered) or a
 * successful save; while changed it guards leaving the screen too.
 */
export function CatalogFormModal<V extends CatalogTitles>(props: CatalogFormModalProps<V>) {
  const { form, mode, title, initialValues, onSubmit, onClose, children } = props;
  const { t } = useTranslation('catalog');
  const { message, notification } = App.useApp();
  const [dirty, setDirty] = useState(false);

  const submit = async (values: V) => {
    try {
      const done = await onSubmit(values);
      void (done === null ? message.info(t('form.no_changes')) : message.success(done));
      onClose();
    } catch (error) {
      // Field errors are pointed at by the stepper's generic alert; anything else is said here.
      const refusal = refusedSubmitMessage(form, error);
      if (refusal) notification.error({ title: refusal });
    }
  };

  return (
    <Modal
      open
      title={title}
      footer={null}
      closable={false}
      mask={{ closable: false }}
      // Esc is the stepper's Cancel, which asks first when something was entered.
      keyboard={false}
      width={560}
      afterOpenChange={(open) => focusOnceOpen(open, () => form.focusField(localizedKey('title', FORM_LANGS[0])))}
    >
      <UnsavedChangesGuard when={dirty} />
      <MultilingualStepper<V>
        form={form}
        mode={mode}
        onSubmit={submit}
        onCancel={onClose}
        dirty={dirty}
        formProps={{ initialValues: initialValues as V, onValuesChange: () => setDirty(true), autoComplete: 'off' }}
        renderLanguage={(lang) => (
          <Form.Item
            name={localizedKey('title', lang)}
            label={t(`form.${localizedKey('title', lang)}`)}
            rules={titleRules[lang]}
            required
          >
            <Input />
          </Form.Item>
        )}
      >
        {mode === 'create' && (
          <Form.Item name="active" label={t('form.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {children}
      </MultilingualStepper>
    </Modal>
  );
}
