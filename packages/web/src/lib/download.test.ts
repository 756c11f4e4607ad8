import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { fail, installFakeFetch, ok } from '../test/fake-fetch';
import { resetApiClient } from './api-client';
import { datedFileName, downloadAuthenticatedFile, DownloadError, downloadUrl } from './download';
import { getAccessToken, saveTokens } from './token-store';

const saved: string[] = [];

beforeEach(async () => {
  resetApiClient();
  saveTokens('old', 'ref', true);
  await i18n.changeLanguage('en');
  saved.length = 0;
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('authenticated downloads', () => {
  it('builds the URL and a dated file name', () => {
    expect(downloadUrl('/recharge/codes/export', { status: 'used', page: undefined })).toBe(
      '/api/v1/portal/recharge/codes/export?status=used',
    );
    expect(datedFileName('recharge-codes', 'csv', new Date(2026, 0, 5))).toBe('recharge-codes-20260105.csv');
  });

  it('renews an expired token once and retries with the new one', async () => {
    const { calls } = installFakeFetch((call) => {
      const bearer = call.headers.Authorization;
      if (call.url.endsWith('/auth/refresh'))
        return ok({ access_token: 'new', refresh_token: 'ref2', token_type: 'Bearer', expires_in: 900 });
      if (bearer === 'Bearer old') return fail(401, 40107);
      if (call.url.endsWith('/users/balance')) return ok({ balance: '1.00' });
      return { raw: 'a,b\n', contentType: 'text/csv' };
    });
    await downloadAuthenticatedFile('/recharge/codes/export', {}, 'codes.csv');
    expect(getAccessToken()).toBe('new');
    const exports = calls.filter((c) => c.url.includes('/recharge/codes/export'));
    expect(exports.map((c) => c.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(saved).toEqual(['codes.csv']);
  });

  it('fails on an error answer, even an envelope sent with 200', async () => {
    installFakeFetch(() => ({ status: 200, body: { code: 40002, message: 'no', data: null } }));
    await expect(downloadAuthenticatedFile('/x', {}, 'x.csv')).rejects.toBeInstanceOf(DownloadError);
    installFakeFetch(() => 'network-error');
    await expect(downloadAuthenticatedFile('/x', {}, 'x.csv')).rejects.toBeInstanceOf(DownloadError);
    expect(saved).toEqual([]);
  });
});
