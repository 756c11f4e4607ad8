import type { ContactConfig, ContactInfo, DealersConfig, DealersInfo } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { call, enrolTwoFactor, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';

const API = '/api/v1/portal';
const ADMIN = '/api/v1/admin';

describe(`contact and dealer content (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let user: string;
  let staff: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_URL: sink.url, LOG_LEVEL: 'error', SUPPORT_EMAIL: 'help@portal.test' },
    });
    user = (await verifiedUser(t.app, sink)).tokens.access_token;
    const s = await verifiedUser(t.app, sink);
    await t.database.handle.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('email', '=', s.email)
      .execute();
    staff = s.tokens.access_token;
    await enrolTwoFactor(t.app, staff);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('shows the support address and the 24-hour promise before anything is configured', async () => {
    const r = await call<ContactInfo>(t.app, {
      url: `${API}/site/contact`,
      headers: { 'accept-language': 'en' },
    });
    expect(r.data).toMatchObject({
      email_reply_hours: 24,
      channels: [
        { type: 'email', value: 'help@portal.test', url: 'mailto:help@portal.test', label: 'Email support' },
      ],
    });
    const d = await call<DealersInfo>(t.app, {
      url: `${API}/site/dealers`,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(d.data.dealers).toEqual([]);
    expect(d.data.how_to_buy).toHaveLength(4);
    expect(d.data.how_to_buy[2]).toContain('RC-');
    expect(d.data.intro).toContain('儲值碼');
  });

  it('serves the demo channels and dealers in the caller language once seeded', async () => {
    await seedDemoCatalogue(t.database.handle.db);
    const zh = await call<ContactInfo>(t.app, {
      url: `${API}/site/contact`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.data.channels.map((c) => c.type)).toEqual(['email', 'telegram', 'telegram']);
    expect(zh.data.channels[1]!.label).toBe('Telegram 客服');
    const en = await call<DealersInfo>(t.app, {
      url: `${API}/site/dealers`,
      headers: { 'accept-language': 'en' },
    });
    expect(en.data.dealers).toHaveLength(3);
    expect(en.data.dealers[0]).toMatchObject({
      name: 'Example Digital (HK)',
      region: 'Hong Kong',
      payment_methods: ['Alipay HK', 'FPS', 'USDT'],
    });
    // Demo dealers are localised like the rest of the demo content.
    const zhDealers = await call<DealersInfo>(t.app, {
      url: `${API}/site/dealers`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zhDealers.data.dealers.map((d) => [d.name, d.region])).toEqual([
      ['示例数码（香港）', '香港'],
      ['示例点卡店（台湾）', '台湾'],
      ['示例全球代理', '全球'],
    ]);
    // The hours do not repeat the reply promise the page already states.
    expect(zh.data.hours).not.toContain(String(zh.data.email_reply_hours));
  });

  it('lets staff replace the content in every language; others get 40002, strangers 40001', async () => {
    const current = await call<ContactConfig>(t.app, { url: `${ADMIN}/site/contact`, token: staff });
    expect(current.code).toBe(20000);
    expect(current.data.channels[0]!.label).toEqual({
      zh_CN: '邮件支持',
      zh_TW: '郵件支援',
      en: 'Email support',
    });

    const next: ContactConfig = {
      ...current.data,
      email_reply_hours: 12,
      channels: [
        {
          type: 'discord',
          value: 'portal#support',
          url: 'https://discord.example.com/invite/x',
          label: { zh_CN: 'Discord 社区', zh_TW: 'Discord 社群', en: 'Discord community' },
          note: { zh_CN: '', zh_TW: '', en: '' },
        },
      ],
    };
    expect(
      (await call(t.app, { method: 'PUT', url: `${ADMIN}/site/contact`, token: user, payload: next })).code,
    ).toBe(40002);
    expect((await call(t.app, { method: 'PUT', url: `${ADMIN}/site/contact`, payload: next })).code).toBe(
      40001,
    );
    const saved = await call(t.app, {
      method: 'PUT',
      url: `${ADMIN}/site/contact`,
      token: staff,
      payload: next,
    });
    expect(saved.code).toBe(20000);
    const tw = await call<ContactInfo>(t.app, {
      url: `${API}/site/contact`,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.data).toEqual({
      email_reply_hours: 12,
      hours: next.hours.zh_TW,
      channels: [
        {
          type: 'discord',
          value: 'portal#support',
          url: 'https://discord.example.com/invite/x',
          label: 'Discord 社群',
          note: '',
        },
      ],
    });
  });

  it('refuses a script URL or a missing language and keeps what was there', async () => {
    const before = await call<DealersConfig>(t.app, { url: `${ADMIN}/site/dealers`, token: staff });
    const bad: DealersConfig = {
      ...before.data,
      dealers: [
        {
          ...before.data.dealers[0]!,
          channels: [{ type: 'website', value: 'x', url: 'javascript:alert(1)' }],
        },
      ],
    };
    const r = await call(t.app, { method: 'PUT', url: `${ADMIN}/site/dealers`, token: staff, payload: bad });
    expect(r.code).toBe(40004);
    const missing = { ...before.data, intro: { zh_CN: '只有中文' } };
    expect(
      (await call(t.app, { method: 'PUT', url: `${ADMIN}/site/dealers`, token: staff, payload: missing }))
        .code,
    ).toBe(40004);
    expect((await call<DealersConfig>(t.app, { url: `${ADMIN}/site/dealers`, token: staff })).data).toEqual(
      before.data,
    );
  });
});
