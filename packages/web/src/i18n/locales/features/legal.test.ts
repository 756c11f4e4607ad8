import { describe, expect, it } from 'vitest';
import { legalEn, legalZhCN, legalZhTW } from './legal';
import type { LegalDocumentText, LegalTexts } from './legal';

const ALL: [string, LegalTexts][] = [
  ['zh_CN', legalZhCN],
  ['zh_TW', legalZhTW],
  ['en', legalEn],
];

function shape(doc: LegalDocumentText) {
  return doc.sections.map((s) => [s.id, s.body.map((part) => (typeof part === 'string' ? 1 : part.length))]);
}

function text(doc: LegalDocumentText, id: string): string {
  const section = doc.sections.find((s) => s.id === id);
  return section ? section.body.flat().join(' ') : '';
}

describe('legal texts', () => {
  it('have the same sections, paragraphs and list items in every language, none empty', () => {
    for (const [, texts] of ALL) {
      expect(shape(texts.terms)).toEqual(shape(legalZhCN.terms));
      expect(shape(texts.privacy)).toEqual(shape(legalZhCN.privacy));
      const strings = [texts.terms, texts.privacy].flatMap((d) => [
        d.title,
        d.intro,
        ...d.sections.flatMap((s) => [s.title, ...s.body.flat()]),
      ]);
      expect(strings.filter((s) => s.trim() === '')).toEqual([]);
    }
  });

  it('cover every point of the terms of product rules §1.1, with the 7-day refund rule', () => {
    expect(legalZhCN.terms.sections.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        'acceptance',
        'service',
        'eligibility',
        'account',
        'payment',
        'refunds',
        'traffic',
        'acceptable-use',
        'availability',
        'termination',
        'liability',
        'changes',
        'contact',
      ]),
    );
    for (const [locale, { terms }] of ALL) {
      expect([locale, text(terms, 'eligibility')]).toEqual([locale, expect.stringMatching(/18/)]);
      expect(text(terms, 'payment'), locale).toMatch(/TRC20.*ERC20/);
      const refunds = text(terms, 'refunds');
      expect(refunds.match(/7 (天|days)/g)?.length, locale).toBeGreaterThanOrEqual(3);
      expect(refunds, locale).not.toMatch(/30/);
      expect(text(terms, 'acceptable-use'), locale).toMatch(/P2P/);
    }
    expect(text(legalEn.terms, 'refunds')).toMatch(/top-up codes.*banned/);
    expect(text(legalEn.terms, 'traffic')).toMatch(/suspended/);
    expect(text(legalEn.terms, 'acceptable-use')).toMatch(/resell/);
    expect(text(legalEn.terms, 'eligibility')).toMatch(/One account per person/);
  });

  it('cover every point of the privacy policy of product rules §1.1', () => {
    for (const [locale, { privacy }] of ALL) {
      expect(text(privacy, 'no-log'), locale).toMatch(/24/);
      const retention = text(privacy, 'retention');
      for (const figure of ['24', '90', '3', '1']) expect(retention, locale).toContain(figure);
      expect(text(privacy, 'rights'), locale).toMatch(/15/);
      expect(text(privacy, 'changes'), locale).toMatch(/30/);
    }
    expect(legalEn.privacy.sections.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        'collected',
        'purposes',
        'cookies',
        'sharing',
        'security',
        'rights',
        'contact',
      ]),
    );
  });

  it('write zh_TW in Traditional characters', () => {
    const all = JSON.stringify(legalZhTW);
    for (const simplified of ['账户', '隐私', '数据', '网络', '设备', '条款', '订阅', '费', '时', '个']) {
      expect([simplified, all.includes(simplified)]).toEqual([simplified, false]);
    }
  });
});
