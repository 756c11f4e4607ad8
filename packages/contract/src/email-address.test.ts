import { describe, expect, it } from 'vitest';
import { emailSchema, profileUpdateSchema, registerNicknameSchema } from './validation.js';

/** What the schema makes of a value: the normal form, or the message key of the first issue. */
function email(value: string): string {
  const r = emailSchema.safeParse(value);
  return r.success ? r.data : (r.error.issues[0]?.message ?? '?');
}

function nickname(value: string): string {
  const r = registerNicknameSchema.safeParse(value);
  return r.success ? r.data : `! ${r.error.issues[0]?.message ?? '?'}`;
}

describe('email addresses (issue 20 §3)', () => {
  it('are given in one normal form: lower case, NFC, the domain in ASCII without its trailing dot', () => {
    expect(email('  Someone@Example.COM ')).toBe('someone@example.com');
    expect(email('x@example.com.')).toBe('x@example.com');
    expect(email('x@example.com.')).toBe(email('x@example.com'));
    expect(email('user@Bücher.de')).toBe('user@xn--bcher-kva.de');
    expect(email('user@xn--bcher-kva.de')).toBe('user@xn--bcher-kva.de');
    expect(email('иван@пример.рф')).toBe('иван@xn--e1afmkfd.xn--p1ai');
    expect(email('e\u0301@example.com')).toBe('\u00e9@example.com');
    expect(email('x@example\u3002com')).toBe('x@example.com');
    expect(email("a.b+tag!#$%&'*/=?^_`{|}~-@sub.example.co")).toBe(
      "a.b+tag!#$%&'*/=?^_`{|}~-@sub.example.co",
    );
  });

  it('keep the standards’ limits: 64 octets before the @, 254 in all, labels of 63', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.com`;
    expect(email(`${'l'.repeat(64)}@${domain}`)).toBe(`${'l'.repeat(64)}@${domain}`);
    expect(email(`${'l'.repeat(65)}@example.com`)).toBe('v.email_too_long');
    // Non-ASCII counts in UTF-8 octets: 32 two-octet letters are 64 octets, 33 are 66.
    expect(email(`${'я'.repeat(32)}@example.com`)).toBe(`${'я'.repeat(32)}@example.com`);
    expect(email(`${'я'.repeat(33)}@example.com`)).toBe('v.email_too_long');
    expect(email(`${'l'.repeat(64)}@${domain}x`)).toBe('v.email_too_long');
    expect(email(`${'l'.repeat(63)}@x.${domain}`)).toBe('v.email_too_long');
    expect(email(`x@${'a'.repeat(64)}.com`)).toBe('v.email_invalid');
  });

  it.each([
    ['no @', 'someone.example.com'],
    ['two @', 'a@b@example.com'],
    ['no dot in the domain', 'a@localhost'],
    ['a one-letter top label', 'a@example.c'],
    ['a numeric top label', 'a@1.2.3.4'],
    ['an address literal', 'a@[127.0.0.1]'],
    ['an empty label', 'a@example..com'],
    ['two trailing dots', 'a@example.com..'],
    ['a hyphen at a label’s edge', 'a@-example.com'],
    ['an underscore in the domain', 'a@ex_ample.com'],
    ['a port', 'a@example.com:25'],
    ['a path', 'a@example.com/x'],
    ['a percent sign in the domain', 'a@ex%41mple.com'],
    ['a space', 'a b@example.com'],
    ['an ideographic space', 'a\u3000b@example.com'],
    ['a zero-width space', 'a\u200bb@example.com'],
    ['a direction override', '\u202eab@example.com'],
    ['a leading dot', '.a@example.com'],
    ['a trailing dot', 'a.@example.com'],
    ['two dots', 'a..b@example.com'],
    ['a quoted local part', '"a b"@example.com'],
    ['a bad punycode label', 'a@xn--a-ecp.com.xn--9999999999.com'],
  ])('refuse %s', (_, value) => {
    expect(email(value)).toBe('v.email_invalid');
  });

  it('refuse control characters as every one-line text does', () => {
    expect(email('a\u0007b@example.com')).toBe('v.text_control');
    expect(email('a@example.com\u0000')).toBe('v.text_control');
  });

  it('refuse a local part or a domain label mixing Latin with Cyrillic or Greek, typed either way', () => {
    expect(email('p\u0430ypal@example.com')).toBe('v.email_mixed_script');
    expect(email('x@p\u0430ypal.com')).toBe('v.email_mixed_script');
    expect(email('x@xn--pypal-4ve.com')).toBe('v.email_mixed_script');
    expect(email('\u03bfmega@example.com')).toBe('v.email_mixed_script');
    // One script in each part is an ordinary address, whichever script each part uses.
    expect(email('иван@example.com')).toBe('иван@example.com');
    expect(email('john@пример.рф')).toBe('john@xn--e1afmkfd.xn--p1ai');
    expect(email('x@bücher.пример.com')).toBe('x@xn--bcher-kva.xn--e1afmkfd.com');
  });
});

describe('nicknames (issue 20 §7)', () => {
  it('are trimmed of spaces and invisible characters at their ends', () => {
    expect(nickname('  Bob  ')).toBe('Bob');
    expect(nickname('\u200bBob\u200b\ufeff')).toBe('Bob');
    expect(nickname('小明')).toBe('小明');
    expect(nickname('👨\u200d👩\u200d👧')).toBe('👨\u200d👩\u200d👧');
    expect(nickname('')).toBe('');
  });

  it.each([
    ['spaces only', '   ', 'nickname_blank'],
    ['ideographic spaces only', '\u3000\u3000', 'nickname_blank'],
    ['zero-width characters only', '\u200b\u200c\u200d\u2060', 'nickname_blank'],
    ['a Hangul filler only', '\u3164', 'nickname_blank'],
    ['a right-to-left override', 'abc\u202edcba', 'nickname_bidi'],
    ['a left-to-right embedding', '\u202aabc', 'nickname_bidi'],
    ['an isolate', 'x\u2067y\u2069', 'nickname_bidi'],
    ['a control character', 'a\u0008b', 'text_control'],
  ])('refuse %s', (_, value, key) => {
    expect(nickname(value)).toBe(`! v.${key}`);
    expect(profileUpdateSchema.safeParse({ nickname: value }).error?.issues[0]?.message).toBe(`v.${key}`);
  });

  it('count the length after trimming', () => {
    expect(nickname(` ${'x'.repeat(20)} `)).toBe('x'.repeat(20));
    expect(nickname('x'.repeat(21))).toBe('! v.nickname_max20');
  });
});
