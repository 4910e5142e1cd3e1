import type { FormInstance, FormRule } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { formatMessage, issueMessage, type IssueLike } from '@evcms/contracts/messages';
import type { z } from '@evcms/contracts/schema';
import { ApiError, errorText } from './api-error.ts';
import { currentLang } from './i18n.ts';
import { localizedText, serverText } from './localized-text.tsx';

/**
 * A field's error as antd shows it: an element that words the issue in the current language, so
 * an error already on screen follows a language switch (async-validator takes a rejection that is
 * not an Error as the message itself).
 */
function issueError(issue: IssueLike): Promise<never> {
  return Promise.reject(issueText(issue));
}

/** An issue's message as an element that words it in the current language (see localized-text.tsx). */
export function issueText(issue: IssueLike): ReactElement {
  return localizedText((lang) => issueMessage(issue, lang));
}

/** What is wrong with `value` by a schema from @evcms/contracts, in the current language; none if valid. */
export async function fieldIssue(schema: z.ZodMiniType, value: unknown): Promise<ReactElement | undefined> {
  const result = await schema.safeParseAsync(value);
  const issue = result.success ? undefined : result.error.issues[0];
  return issue && issueText(issue);
}

/**
 * An Ant Design rule that checks one field's value with a schema from @evcms/contracts, so the
 * form says exactly what the server would say, in the current language.
 */
export function zodRule(schema: z.ZodMiniType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = await fieldIssue(schema, value);
      // async-validator takes a rejection that is not an Error as the message itself.
      if (message) return Promise.reject(message);
    },
  };
}

/**
 * A rule for a field whose check spans the form (a confirmation that must equal the password):
 * the whole form is parsed with `schema` and only the issues on `field` are reported. `extra`
 * adds values that are not form fields (the reset token). Pair it with `dependencies`.
 */
export function zodFormRule(schema: z.ZodMiniType, field: string, extra: Record<string, unknown> = {}): FormRule {
  return (form) => ({
    validator: async () => {
      const result = await schema.safeParseAsync({ ...form.getFieldsValue(true), ...extra });
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path.join('.') === field);
      if (issue) return issueError(issue);
    },
  });
}

/**
 * The server's field errors by field name, each following a language switch, for a form that is
 * not antd's (the sign-in screen's); empty for an error that is not the server's.
 */
export function serverFieldErrors(error: unknown): Record<string, ReactNode> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors()).map(([name, messages]) => [name, serverText(messages[0] ?? '')]),
  );
}

/** 'connectors.0.typo' -> ['connectors', 0, 'typo'], the name path Ant Design forms use. */
export function toNamePath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts the server's field errors on the form's fields and returns the first message, which the
 * caller shows as a notification (fields the form does not have are only in that message). The
 * field errors follow a language switch (see localized-text.tsx); the returned text is for a
 * passing notification; for a message that stays on screen use `errorMessage(error)`.
 */
export function applyServerErrors(form: FormInstance, error: unknown): string {
  const fallback = formatMessage(currentLang(), 'server_error');
  if (!(error instanceof ApiError)) return errorText(error, fallback);
  const fields = Object.entries(error.fieldErrors()).map(([name, messages]) => ({
    name: toNamePath(name),
    // antd's types say string; its forms render any node (as they do a rule's element message).
    errors: messages.map(serverText) as unknown as string[],
  }));
  if (fields.length) form.setFields(fields);
  return error.firstMessage();
}
