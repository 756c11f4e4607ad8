import { describe, expect, it } from 'vitest';
import { chineseCopyReport, englishCopyReport } from '@portal/contract/copy-style';
import { ADMIN_MESSAGE_LOADERS } from './index';

describe("the operators' console's Chinese messages", () => {
  it.each(['zh_CN', 'zh_TW'] as const)(
    '%s keep the house style (您, full-width punctuation)',
    async (locale) => {
      expect(chineseCopyReport(await ADMIN_MESSAGE_LOADERS[locale]())).toEqual([]);
    },
  );

  it('en writes "email", not "e-mail"', async () => {
    expect(englishCopyReport(await ADMIN_MESSAGE_LOADERS.en())).toEqual([]);
  });
});
