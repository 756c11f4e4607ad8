import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS, LOCALES, VALIDATION_MESSAGES } from '@portal/contract';
import { contractTextsOf, withoutTexts } from '../../vite.config';
import { loadResource } from './resources';

const source = (file: string) => readFileSync(path.resolve(__dirname, '../../../contract/src', file), 'utf8');
const HAN = /\p{Script=Han}/u;

/** The build leaves the contract's texts out of the modules every page loads; each language's chunk has its own. */
describe("the contract's texts in the browser", () => {
  it('leaves every error text out of the catalogue, and the messages the client shows itself in', () => {
    const code = withoutTexts(source('errors.ts'), 'errors');
    const catalogue = code.slice(
      code.indexOf('export const ERRORS'),
      code.indexOf('export const CLIENT_MESSAGES'),
    );
    expect(catalogue.match(/\bdef\(\d+, \d+, '', '', ''\)/g)).toHaveLength(Object.keys(ERRORS).length);
    expect(catalogue).not.toMatch(HAN);
    expect(catalogue).not.toContain(ERRORS.WRONG_PASSWORD.message.en);
    const client = (text: string) => text.slice(text.indexOf('export const CLIENT_MESSAGES'));
    expect(client(code)).toBe(client(source('errors.ts')));
  });

  it('leaves every validation text out', () => {
    const code = withoutTexts(source('i18n/validation-messages.ts'), 'validation');
    expect(code).not.toMatch(HAN);
    expect(code).not.toContain(VALIDATION_MESSAGES.required.en);
    expect(code.match(/\b(zh_CN|zh_TW|en): ''/g)).toHaveLength(Object.keys(VALIDATION_MESSAGES).length * 3);
  });

  it.each(LOCALES)('gives %s its own texts, with its messages', async (locale) => {
    const texts = contractTextsOf(locale);
    expect(texts.errors[String(ERRORS.WRONG_PASSWORD.code)]).toBe(ERRORS.WRONG_PASSWORD.message[locale]);
    expect(texts.v.required).toBe(VALIDATION_MESSAGES.required[locale]);
    const resource = await loadResource(locale);
    expect({ v: resource.v, errors: resource.errors }).toEqual(texts);
  });
});
