import { z } from 'zod';
import { vkey } from './i18n/validation-messages.js';

/**
 * The building blocks of every request schema. Whatever a caller sends reaches the database only through these:
 * ids within the database's integer range, numbers with bounds, texts without NUL or other control characters.
 * A contract test walks every endpoint's body, query and path schemas and fails on a string, number or array that
 * is not built from them (inputs.test.ts).
 */

/** The largest id (and integer) both databases store in an `integer` column: 2^31 - 1. */
export const MAX_INT = 2_147_483_647;

/** Single-line text: no control characters at all (C0, DEL, C1) and no unpaired surrogate halves. */
const SINGLE_LINE = /^[^\p{Cc}\p{Cs}]*$/u;
/** Text that may span lines: tab, line feed and carriage return are the only control characters allowed. */
const MULTI_LINE = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u;

/** The checks, as shared instances, so the contract test can recognise them on any string schema. */
export const SINGLE_LINE_CHECK = z.regex(SINGLE_LINE, { error: vkey('text_control') });
export const MULTI_LINE_CHECK = z.regex(MULTI_LINE, { error: vkey('text_control') });
export const DIGITS_CHECK = z.regex(/^\d{1,10}$/, { error: vkey('id_invalid') });
export const SAFE_STRING_CHECKS: readonly unknown[] = [SINGLE_LINE_CHECK, MULTI_LINE_CHECK, DIGITS_CHECK];

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text field (names, titles, email addresses, codes, search words, URLs). */
export function lineText(params?: StringParams) {
  return z.string(params).check(SINGLE_LINE_CHECK);
}

/** A text field that may hold line breaks (descriptions, replies, Markdown). */
export function multilineText(params?: StringParams) {
  return z.string(params).check(MULTI_LINE_CHECK);
}

/** An id in a JSON body. */
export const idSchema = z
  .number({ error: vkey('id_invalid') })
  .int({ error: vkey('id_invalid') })
  .min(1, { error: vkey('id_invalid') })
  .max(MAX_INT, { error: vkey('id_invalid') });

/** An id in a path or a query string: 1 to 10 digits, then within the integer range (the web passes numbers). */
export const idParamSchema = z.coerce
  .string({ error: vkey('id_invalid') })
  .check(DIGITS_CHECK)
  .transform(Number)
  .pipe(idSchema);

/** `true`/`false` (also 1/0) in a query string. */
export const flagQuery = z
  .enum(['true', 'false', '1', '0'], { error: vkey('invalid') })
  .transform((v) => v === 'true' || v === '1');

/** A whole number from a query string (`?days=30`), between min and max. */
export function intQuery(min: number, max: number, error = vkey('number_range')) {
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** A whole number in a JSON body, between min and max. */
export function intInput(min: number, max: number, error = vkey('number_range')) {
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}
