import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import {
  DIGITS_CHECK,
  MAX_INT,
  SAFE_STRING_CHECKS,
  idParamSchema,
  idSchema,
  lineText,
  multilineText,
} from './inputs.js';

declare global {
  interface ImportMeta {
    glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
  }
}

/** Every endpoint of the contract, from every file under endpoints/ (a file added later is walked too). */
const files = import.meta.glob<Record<string, unknown>>('./endpoints/*.ts', { eager: true });
const endpoints = Object.entries(files).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => {
      const e = value as Partial<Endpoint> | null;
      return (
        typeof e === 'object' &&
        e !== null &&
        typeof e.method === 'string' &&
        typeof e.path === 'string' &&
        !!e.data
      );
    })
    .map(([name, value]) => ({
      name: `${file.replace(/^.*\/|\.ts$/g, '')}.${name}`,
      endpoint: value as Endpoint,
    })),
);

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; value?: number; maximum?: number } } }[];
  [key: string]: unknown;
}
type Schema = z.ZodType & { _zod: { def: Def } };

/** String formats whose pattern admits no control character (z.iso.datetime() and the like). */
const STRICT_FORMATS = ['datetime', 'date', 'time', 'uuid', 'guid', 'ipv4', 'ipv6'];

/** The value of a schema's check of one kind (`greater_than`, `less_than`, `max_length`…). */
function bound(def: Def, check: string, field: 'value' | 'maximum' = 'value'): number | undefined {
  const found = (def.checks ?? []).map((c) => c._zod.def).find((c) => c.check === check);
  return found?.[field];
}

/**
 * What a request schema may be made of. Strings carry one of the shared text or id checks; numbers and arrays have
 * both bounds (numbers within the database's integer range); free-form values (unknown, any) are refused.
 */
function problems(schema: Schema, at: string, out: string[]): void {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, Schema>))
        problems(child, `${at}.${key}`, out);
      if (def.catchall && (def.catchall as Schema)._zod.def.type !== 'never')
        problems(def.catchall as Schema, `${at}.*`, out);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return problems(def.innerType as Schema, at, out);
    case 'pipe':
      problems(def.in as Schema, at, out);
      return problems(def.out as Schema, at, out);
    case 'array':
      if (bound(def, 'max_length', 'maximum') === undefined)
        out.push(`${at}: array without a maximum length`);
      return problems(def.element as Schema, `${at}[]`, out);
    case 'union':
      for (const option of def.options as Schema[]) problems(option, at, out);
      return;
    case 'intersection':
      problems(def.left as Schema, at, out);
      return problems(def.right as Schema, at, out);
    case 'record':
      problems(def.keyType as Schema, `${at}{key}`, out);
      return problems(def.valueType as Schema, `${at}{}`, out);
    case 'string': {
      const checks = def.checks ?? [];
      if (STRICT_FORMATS.includes(String(def.format)) || checks.includes(DIGITS_CHECK)) return;
      if (!checks.some((c) => SAFE_STRING_CHECKS.includes(c)))
        out.push(`${at}: string without lineText/multilineText/idParamSchema`);
      if (bound(def, 'max_length', 'maximum') === undefined)
        out.push(`${at}: string without a maximum length`);
      return;
    }
    case 'number': {
      const min = bound(def, 'greater_than');
      const max = bound(def, 'less_than');
      if (min === undefined || max === undefined || min < -MAX_INT || max > MAX_INT)
        out.push(`${at}: number without bounds within ±${MAX_INT}`);
      return;
    }
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'transform':
    case 'null':
    case 'undefined':
      return;
    default:
      out.push(`${at}: ${def.type} is not accepted in a request`);
  }
}

describe('request schemas', () => {
  it('finds the endpoints', () => {
    expect(endpoints.length).toBeGreaterThan(60);
  });

  it('build every string, number and array of every request from the shared inputs', () => {
    const found: string[] = [];
    for (const { name, endpoint } of endpoints) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = endpoint[part] as Schema | undefined;
        if (schema) problems(schema, `${name} ${part}`, found);
      }
    }
    expect(found).toEqual([]);
  });

  it('refuses NUL and control characters; multi-line text keeps its line breaks', () => {
    const line = lineText();
    const text = multilineText();
    expect(line.safeParse('n\u0000@example.com').success).toBe(false);
    expect(line.safeParse('a\nb').success).toBe(false);
    expect(line.safeParse('a\u007fb').success).toBe(false);
    expect(line.safeParse('a\u0085b').success).toBe(false);
    expect(line.safeParse('\ud800').success).toBe(false);
    expect(line.safeParse('日本 🇯🇵 ok').success).toBe(true);
    expect(text.safeParse('line 1\r\nline 2\tend').success).toBe(true);
    expect(text.safeParse('a\u0000b').success).toBe(false);
    expect(text.safeParse('a\u001bb').success).toBe(false);
  });

  it('keeps ids within the integer range of both databases', () => {
    expect(idParamSchema.safeParse('2147483647').data).toBe(2147483647);
    for (const bad of ['2147483648', '99999999999', '0', '-1', '1.5', '1e3', '0x10', ' 12', '', '12abc'])
      expect(idParamSchema.safeParse(bad).success, bad).toBe(false);
    expect(idSchema.safeParse(2147483648).success).toBe(false);
    expect(idSchema.safeParse(Number.NaN).success).toBe(false);
  });
});
