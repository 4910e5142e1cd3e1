import { App, Form } from 'antd';
import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors } from '../../lib/form-rules.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { useConfirm } from '../confirm-modal.ts';
import { refusedSubmitMessage } from '../multilingual-stepper/submit-error.ts';
import { useUnsavedChangesGuard } from '../unsaved-changes-guard.tsx';

/*
 * The save flow of every create/edit form, one-page (rates, drivers) or multilingual
 * (`MultilingualResourceForm`: merchants, stations): a create sends every field, an edit only the
 * changed ones (nothing changed: say so and go back); a refusal is told as `refusals` says; a
 * success is confirmed, then the page moves on past the unsaved-changes guard.
 */

export interface ResourceFormOptions<Values, Changes, Item> {
  /** What the form started from: the base of the dirty check and of an edit's changed fields. */
  initial: Values;
  /** The changed fields between two states of the form, as an edit sends them. */
  changedFields: (before: Values, after: Values) => Changes;
  /** Sends a new item, or (editing) the changed fields of the stored one. */
  save: { create: (values: Values) => Promise<Item> } | { update: (changes: Changes) => Promise<Item> };
  /** Translated texts: after a save that changed nothing, and the success titles. */
  texts: { noChanges: string; created: string; saved: string };
  /** Where to go after a save: the saved item, or undefined when nothing changed (and where Cancel goes). */
  next: (saved: Item | undefined) => string;
  /**
   * How a refused save is told. 'alert' (one-page forms, the default): a 400 flags the fields, says
   * the first message and takes the user to it (spec 8); any other refusal stays in the form's alert
   * until the next try. 'stepper': the server's field errors go on their fields, where the stepper's
   * 'Incorrectly filled field' alert points at them; a refusal on no field is said in a notification.
   */
  refusals?: 'alert' | 'stepper';
  /** Spec 8 for promotions and banners: the first field error of a 400 is said in a notification too, not only on its field. */
  notifyFieldErrors?: boolean;
  /** Dirty from the first change (a form whose files are not compared as the user types); by default, while the fields differ from where they started. */
  dirtyOnAnyChange?: boolean;
}

export function useResourceForm<Values extends object, Changes extends object, Item>(
  options: ResourceFormOptions<Values, Changes, Item>,
) {
  const { changedFields, save, texts, next, refusals = 'alert', dirtyOnAnyChange = false, notifyFieldErrors } = options;
  // Fixed at the first render: a later render's copy of the stored item must not move the base.
  const [initial] = useState(options.initial);
  const navigate = useNavigate();
  const { message, notification } = App.useApp();
  const { success } = useConfirm();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState(false);
  // A refusal on no field (a 409, a lost connection) stays on screen until the next try.
  const [failure, setFailure] = useState<ReactElement | null>(null);
  const guard = useUnsavedChangesGuard(dirty);

  const current = (): Values => ({ ...initial, ...form.getFieldsValue(true) });
  const changeCount = (values: Values) => Object.keys(changedFields(initial, values)).length;
  const leave = (to: string) => {
    guard.allowNextNavigation();
    void navigate(to);
  };

  const send = async (values: Values): Promise<Item | undefined> => {
    if ('create' in save) return save.create(values);
    const changes = changedFields(initial, values);
    return Object.keys(changes).length === 0 ? undefined : save.update(changes);
  };

  const submit = async () => {
    setFailure(null);
    setPending(true);
    let saved: Item | undefined;
    try {
      saved = await send(current());
    } catch (error) {
      if (refusals === 'stepper') {
        const refusal =
          refusedSubmitMessage(form, error) ??
          (notifyFieldErrors && error instanceof ApiError ? error.firstMessage() : null);
        if (refusal) notification.error({ title: refusal });
      } else if (error instanceof ApiError && error.status === 400) {
        notification.error({ title: applyServerErrors(form, error) });
        const first = form.getFieldsError().find((field) => field.errors.length > 0);
        if (first) form.scrollToField(first.name, { focus: true, block: 'center' });
      } else {
        setFailure(errorMessage(error));
      }
      return;
    } finally {
      setPending(false);
    }
    setDirty(false);
    if (saved === undefined) {
      void message.info(texts.noChanges);
      leave(next(undefined));
      return;
    }
    const to = next(saved);
    void success({ title: 'create' in save ? texts.created : texts.saved }).then(() => leave(to));
  };

  return {
    form,
    /** The form's initialValues. */
    initial,
    pending,
    failure,
    dirty,
    submit: () => void submit(),
    /** The same, settled when the save is over (the stepper's button spins until then). */
    submitAndWait: submit,
    /** Back to where the form came from (`next(undefined)`), past the guard. */
    cancel: () => leave(next(undefined)),
    /** For the Form's onValuesChange: dirty while the fields differ from where they started (or from any change). */
    onValuesChange: () => setDirty(dirtyOnAnyChange || changeCount(current()) > 0),
  };
}
