import type { MessageKey, MessageParams } from '@evcms/contracts/messages';

/**
 * The one error type services throw. `fields` maps a field to message keys (a 400 with field
 * errors); without it the error carries one `detail`. The error handler localises both.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly options: { params?: MessageParams; fields?: Record<string, MessageKey[]> } = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) =>
  new AppError(400, key, { ...(params && { params }) });
export const fieldError = (field: string, key: MessageKey, params?: MessageParams) =>
  new AppError(400, key, { fields: { [field]: [key] }, ...(params && { params }) });
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const notFound = () => new AppError(404, 'not_found');
export const conflict = (key: MessageKey, params?: MessageParams) =>
  new AppError(409, key, { ...(params && { params }) });
