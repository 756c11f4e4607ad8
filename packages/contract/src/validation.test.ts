import { describe, expect, it } from 'vitest';
import { LIMITS, RECHARGE_CODE_PREFIX } from './constants.js';
import { VALIDATION_MESSAGES, validationKeyName } from './i18n/validation-messages.js';
import { LOCALES } from './locales.js';
import { fenToString, formatMoney, parseMoneyToFen } from './money.js';
import {
  changePasswordSchema,
  changePasswordFormSchema,
  codeQuantitySchema,
  loginPasswordStrength,
  loginSchema,
  profileUpdateSchema,
  rechargeCodeSchema,
  registerFormSchema,
  registerPasswordScore,
  registerSchema,
  resetConfirmSchema,
  strengthLabel,
  ticketTitleSchema,
} from './validation.js';

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('validation rules (product rules §5)', () => {
  it('login: email pattern and a password of at least 6', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b', password: '123456' }))).toBe('v.email_invalid');
    expect(firstMessage(loginSchema.safeParse({ email: '', password: '123456' }))).toBe('v.email_required');
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '12345' }))).toBe(
      'v.password_min6',
    );
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'v.password_required',
    );
  });

  it('register: 8+ with lower, upper and digit; confirmation equal; nickname at most 20; terms accepted', () => {
    const ok = { email: 'a@b.co', password: 'Abcdefg1', confirm_password: 'Abcdefg1' };
    expect(registerSchema.safeParse(ok).success).toBe(true);
    expect(
      firstMessage(registerSchema.safeParse({ ...ok, password: 'abcdefg1', confirm_password: 'abcdefg1' })),
    ).toBe('v.password_complexity');
    expect(
      firstMessage(registerSchema.safeParse({ ...ok, password: 'Abc1', confirm_password: 'Abc1' })),
    ).toBe('v.password_min8');
    const mismatch = registerSchema.safeParse({ ...ok, confirm_password: 'Abcdefg2' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: 'v.password_mismatch',
      path: ['confirm_password'],
    });
    expect(VALIDATION_MESSAGES.password_mismatch.zh_CN).toBe('两次输入的密码不一致');
    expect(firstMessage(registerSchema.safeParse({ ...ok, nickname: 'x'.repeat(21) }))).toBe(
      'v.nickname_max20',
    );
    expect(registerSchema.safeParse({ ...ok, nickname: 'x'.repeat(20) }).success).toBe(true);
    expect(firstMessage(registerFormSchema.safeParse({ ...ok, agreeToTerms: false }))).toBe(
      'v.terms_required',
    );
    expect(VALIDATION_MESSAGES.terms_required.zh_CN).toBe('请同意用户协议和隐私政策');
  });

  it('register: every mistake at once, the mismatch with the others (not only once they all pass)', () => {
    const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    const form = registerFormSchema.safeParse({
      email: 'a@b.co',
      password: 'Abcdefg1',
      confirm_password: 'Abcdefg2',
      agreeToTerms: false,
    });
    expect(issues(form)).toEqual([
      ['agreeToTerms', 'v.terms_required'],
      ['confirm_password', 'v.password_mismatch'],
    ]);
    const api = registerSchema.safeParse({ email: 'nope', password: 'Abc1', confirm_password: 'Abc2' });
    expect(issues(api)).toEqual([
      ['email', 'v.email_invalid'],
      ['password', 'v.password_min8'],
      ['confirm_password', 'v.password_mismatch'],
    ]);
    // An empty confirmation says only that it is missing.
    expect(
      issues(registerSchema.safeParse({ email: 'a@b.co', password: 'Abcdefg1', confirm_password: '' })),
    ).toEqual([['confirm_password', 'v.confirm_required']]);
    // The same for the other forms with a confirmation.
    expect(
      issues(
        resetConfirmSchema.safeParse({ token: '', password: 'x'.repeat(8), confirm_password: 'y'.repeat(8) }),
      ),
    ).toEqual([
      ['token', 'v.required'],
      ['confirm_password', 'v.password_mismatch'],
    ]);
    expect(
      issues(
        changePasswordFormSchema.safeParse({
          old_password: '',
          new_password: 'Abcdefg1',
          confirm_password: 'x',
        }),
      ).map(([path]) => path),
    ).toEqual(['old_password', 'confirm_password']);
  });

  it('reset: 8 to 128 and equal to the confirmation', () => {
    const base = { token: 't', password: 'x'.repeat(8), confirm_password: 'x'.repeat(8) };
    expect(resetConfirmSchema.safeParse(base).success).toBe(true);
    const long = 'x'.repeat(LIMITS.resetPasswordMax + 1);
    expect(
      firstMessage(resetConfirmSchema.safeParse({ ...base, password: long, confirm_password: long })),
    ).toBe('v.password_max128');
    expect(firstMessage(resetConfirmSchema.safeParse({ ...base, confirm_password: 'y'.repeat(8) }))).toBe(
      'v.password_mismatch',
    );
  });

  it('change password: at least 8 and different from the old one', () => {
    expect(
      changePasswordSchema.safeParse({ old_password: 'old-pass', new_password: 'new-pass1' }).success,
    ).toBe(true);
    expect(
      firstMessage(changePasswordSchema.safeParse({ old_password: 'same-pass', new_password: 'same-pass' })),
    ).toBe('v.password_same_as_old');
    expect(firstMessage(changePasswordSchema.safeParse({ old_password: 'old', new_password: 'short' }))).toBe(
      'v.password_min8',
    );
  });

  it('profile nickname at most 30; ticket title 5 to 200; code quantity 1 to 100', () => {
    expect(profileUpdateSchema.safeParse({ nickname: 'x'.repeat(30) }).success).toBe(true);
    expect(firstMessage(profileUpdateSchema.safeParse({ nickname: 'x'.repeat(31) }))).toBe(
      'v.nickname_max30',
    );
    expect(ticketTitleSchema.safeParse('abcd').success).toBe(false);
    expect(ticketTitleSchema.safeParse('abcde').success).toBe(true);
    expect(ticketTitleSchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect([0, 1, 100, 101, 1.5].map((n) => codeQuantitySchema.safeParse(n).success)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('recharge code: the fixed prefix and 70 characters in all', () => {
    const body = 'A'.repeat(LIMITS.rechargeCodeLength - RECHARGE_CODE_PREFIX.length);
    expect(rechargeCodeSchema.safeParse(`${RECHARGE_CODE_PREFIX}${body}`).success).toBe(true);
    expect(rechargeCodeSchema.parse(` ${RECHARGE_CODE_PREFIX}${body.toLowerCase()} `)).toBe(
      `${RECHARGE_CODE_PREFIX}${body}`,
    );
    expect(firstMessage(rechargeCodeSchema.safeParse(`${RECHARGE_CODE_PREFIX}${body}A`))).toBe(
      'v.code_format',
    );
    expect(firstMessage(rechargeCodeSchema.safeParse(`XX-${body}`))).toBe('v.code_format');
    expect(firstMessage(rechargeCodeSchema.safeParse(`${RECHARGE_CODE_PREFIX}${body.slice(1)}0`))).toBe(
      'v.code_format',
    );
    expect(firstMessage(rechargeCodeSchema.safeParse(''))).toBe('v.code_required');
  });

  it('strength hints: login 3 levels, register score 0-5 with 5 labels', () => {
    expect(['12345', '1234567', '12345678'].map(loginPasswordStrength)).toEqual(['weak', 'medium', 'strong']);
    expect(registerPasswordScore('')).toBe(0);
    expect(registerPasswordScore('abcdefgh')).toBe(2);
    expect(registerPasswordScore('Abcdefg1!')).toBe(5);
    expect([0, 1, 2, 3, 4, 5].map(strengthLabel)).toEqual([
      'very_weak',
      'very_weak',
      'weak',
      'medium',
      'strong',
      'very_strong',
    ]);
  });

  it('every message key has text in every language', () => {
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(validationKeyName(`v.${key}`)).toBe(key);
      for (const locale of LOCALES) expect(text[locale].trim(), `${key} ${locale}`).not.toBe('');
    }
    expect(validationKeyName('v.nope')).toBeNull();
  });
});

describe('money (integers, decimal strings in JSON)', () => {
  it('parses and prints fen exactly', () => {
    expect(parseMoneyToFen('12.5')).toBe(1250);
    expect(parseMoneyToFen('0.01')).toBe(1);
    expect(parseMoneyToFen('100')).toBe(10000);
    expect(() => parseMoneyToFen('1.005')).toThrow();
    expect(() => parseMoneyToFen('-1')).toThrow();
    expect(fenToString(1250)).toBe('12.50');
    expect(fenToString(5)).toBe('0.05');
    expect(fenToString(-5)).toBe('-0.05');
  });

  it('formats balances with separators and two decimals, 0.00 for non-numbers', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney(NaN)).toBe('0.00');
  });
});
