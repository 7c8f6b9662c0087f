import { ErrorCode } from '@roompilot/contract';
import type { MessageKey } from './i18n.js';

/** An expected failure: its answer code and a message key translated for the caller. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** What the answer's `data` carries (e.g. every bad row of an import); null otherwise. */
    readonly data: unknown = null,
  ) {
    super(messageKey);
  }
}

export const invalid = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ErrorCode.invalid, key, params);
export const notFound = (key: MessageKey = 'error.notFound') => new AppError(ErrorCode.notFound, key);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ErrorCode.conflict, key, params);
export const forbidden = (key: MessageKey = 'error.forbidden') => new AppError(ErrorCode.forbidden, key);
export const tooLarge = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ErrorCode.tooLarge, key, params);
