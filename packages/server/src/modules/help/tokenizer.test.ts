import { describe, expect, it } from 'vitest';
import { fts5Query, tsQuery } from './search.js';
import { documentIndex, indexTokens, MAX_QUERY_TOKENS, queryTokens } from './tokenizer.js';

describe('help search tokenizer', () => {
  it('indexes Latin words and every CJK character and pair', () => {
    expect(indexTokens('订阅 v2rayN：设置')).toEqual(['订', '订阅', '阅', 'v2rayn', '设', '设置', '置']);
    expect(indexTokens('開啟訂閱')).toEqual(['開', '開啟', '啟', '啟訂', '訂', '訂閱', '閱']);
    // Full-width letters and digits fold to ASCII; punctuation separates.
    expect(indexTokens('ＶＭｅｓｓ，９０秒')).toEqual(['vmess', '90', '秒']);
  });

  it('cuts a query into bigrams for CJK runs, a unigram for a lone character, prefixes for words', () => {
    expect(queryTokens('自动对时')).toEqual([
      { text: '自动', prefix: false },
      { text: '动对', prefix: false },
      { text: '对时', prefix: false },
    ]);
    expect(queryTokens('阅')).toEqual([{ text: '阅', prefix: false }]);
    expect(queryTokens('Clash 订阅')).toEqual([
      { text: 'clash', prefix: true },
      { text: '订阅', prefix: false },
    ]);
    expect(queryTokens('订阅 订阅 CLASH clash')).toHaveLength(2);
    expect(queryTokens('？！…  ')).toEqual([]);
  });

  it('keeps queries and the index bounded', () => {
    expect(queryTokens('字'.repeat(200))).toHaveLength(1);
    expect(queryTokens(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '))).toHaveLength(
      MAX_QUERY_TOKENS,
    );
    expect(indexTokens(`key ${'a'.repeat(65)} end`)).toEqual(['key', 'end']);
  });

  it('indexes what a reader sees, not link targets or tags', () => {
    const index = documentIndex({
      title: '节点中心',
      summary: '',
      content: '打开[节点](/nodes?secret=token)查看 <b>负载</b>',
    });
    expect(index.search_title).toBe('节 节点 点 点中 中 中心 心');
    expect(index.search_body.split(' ')).not.toContain('secret');
    expect(index.search_body.split(' ')).not.toContain('b');
    expect(index.search_body.split(' ')).toContain('负载');
  });

  it('writes the same tokens as an FTS5 query and a tsquery', () => {
    const tokens = queryTokens('Clash 订阅');
    expect(fts5Query(tokens)).toBe('"clash"* AND "订阅"');
    expect(tsQuery(tokens)).toBe("'clash':* & '订阅'");
  });
});
