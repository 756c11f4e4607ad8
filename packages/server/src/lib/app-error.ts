import { ERRORS, type ErrorName } from '@portal/contract';

/** A failure with a code of the catalogue. Services throw it; the error handler turns it into the envelope. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly statusCode: number;
  readonly data: unknown;

  constructor(error: ErrorName, data: unknown = null, options?: { cause?: unknown; status?: number }) {
    super(ERRORS[error].message.en, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = ERRORS[error].code;
    this.statusCode = options?.status ?? ERRORS[error].status;
    this.data = data;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
