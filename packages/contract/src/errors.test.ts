import { describe, expect, it } from 'vitest';
import { ERRORS, errorByCode, isSuccessCode, FORCED_SIGN_OUT_CODES, CLIENT_MESSAGES } from './errors.js';
import { LOCALES } from './locales.js';

describe('error catalogue (product rules §8)', () => {
  const all = Object.values(ERRORS);

  it('has unique codes, each with an HTTP status and a message in every language', () => {
    expect(new Set(all.map((e) => e.code)).size).toBe(all.length);
    for (const e of all) {
      expect(e.status, String(e.code)).toBeGreaterThanOrEqual(400);
      for (const locale of LOCALES) expect(e.message[locale].trim(), `${e.code} ${locale}`).not.toBe('');
    }
  });

  it('keeps each group in its range, numbered from 01 in the order product rules §8 gives', () => {
    const groups = new Map<number, number[]>();
    for (const e of all) {
      const group = Math.floor(e.code / 100);
      groups.set(group, [...(groups.get(group) ?? []), e.code % 100]);
    }
    // The portal's errors from 01; the operators' console extends a group from 20, in the same way.
    for (const group of [401, 402, 403, 404, 405, 406, 407, 408]) {
      const numbers = groups.get(group) ?? [];
      const portal = numbers.filter((n) => n < 20);
      const consoleExtension = numbers.filter((n) => n >= 20);
      expect(portal, String(group)).toEqual(portal.map((_, i) => i + 1));
      expect(consoleExtension, String(group)).toEqual(consoleExtension.map((_, i) => i + 20));
    }
    expect(all.filter((e) => e.code >= 40520 && e.code < 40600).every((e) => e.code <= 40539)).toBe(true);
    expect(groups.get(400)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(groups.get(500)).toEqual([0, 1, 2, 3]);
  });

  it('fixes the numbers product rules §8 states and its numbering rule derives', () => {
    expect(ERRORS.VALIDATION.code).toBe(40004);
    expect(ERRORS.REFRESH_TOKEN_INVALID.code).toBe(40108);
    expect(ERRORS.RESET_TOKEN_INVALID.code).toBe(40112);
    expect(ERRORS.USER_NOT_FOUND.code).toBe(40201);
    expect(ERRORS.INSUFFICIENT_BALANCE.code).toBe(40203);
    expect(ERRORS.LINK_RATE_LIMIT.code).toBe(40312);
    expect(ERRORS.PROXY_CORE_ERROR.code).toBe(40405);
    expect(ERRORS.INSUFFICIENT_RECHARGE_AMOUNT.code).toBe(40508);
    expect(ERRORS.TICKET_CLOSED.code).toBe(40602);
    expect(ERRORS.HELP_DOCUMENT_NOT_FOUND.code).toBe(40702);
    expect(ERRORS.OAUTH_ACCOUNT_NOT_FOUND.code).toBe(40805);
  });

  it('keeps the agreed Chinese wording of these messages', () => {
    expect(ERRORS.BAD_REQUEST.message.zh_CN).toBe('请求参数有误，请检查输入');
    expect(ERRORS.UNAUTHORIZED.message.zh_CN).toBe('请先登录后再试');
    expect(ERRORS.EMAIL_EXISTS.message.zh_CN).toBe('该邮箱已被注册');
    expect(ERRORS.INSUFFICIENT_BALANCE.message.zh_CN).toBe('余额不足，请先充值');
    expect(ERRORS.OAUTH_ACCOUNT_BOUND.message.zh_CN).toBe('该第三方账户已被其他用户绑定');
    expect(CLIENT_MESSAGES.fallback.zh_CN).toBe('操作失败，请稍后重试');
    expect(CLIENT_MESSAGES.sessionInvalid.zh_CN).toBe('登录状态已失效，请重新登录');
    expect(CLIENT_MESSAGES.network.zh_CN).toBe('网络连接失败，请检查网络设置或后端服务是否正常运行');
  });

  it('treats only 20000-29999 as success', () => {
    expect([19999, 20000, 29999, 30000, 40001].map(isSuccessCode)).toEqual([false, true, true, false, false]);
    expect(isSuccessCode('20000')).toBe(false);
    expect(errorByCode(40106)?.message.en).toMatch(/invalid/);
    expect(FORCED_SIGN_OUT_CODES).toEqual([40001, 40106, 40107, 40108]);
  });
});
