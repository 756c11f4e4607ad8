import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AttachmentLinks } from './attachment-links.js';
import { detectAttachmentType, isStrictText, safeFileName, TEXT } from './content-check.js';
import { compoundFile, docx, elf, gif, jpeg, pdf, png, windowsExe, xlsx, zip } from './test-files.js';

/**
 * A fresh byte stream (like the store's file streams) over the bytes for each look, in small chunks so signatures
 * and multi-byte characters straddle chunk edges.
 */
const opener = (bytes: Buffer) => () =>
  Promise.resolve(
    Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
      })(),
      { objectMode: false },
    ),
  );

const detect = async (bytes: Buffer) => (await detectAttachmentType(opener(bytes)))?.contentType ?? null;

describe('attachment types are decided by content', () => {
  it('accepts JPG, PNG, GIF, PDF and Word documents by their signatures', async () => {
    expect(await detect(png())).toBe('image/png');
    expect(await detect(jpeg())).toBe('image/jpeg');
    expect(await detect(gif())).toBe('image/gif');
    expect(await detect(pdf())).toBe('application/pdf');
    expect(await detect(docx())).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(await detect(compoundFile(['WordDocument', '1Table']))).toBe('application/msword');
  });

  it('accepts plain UTF-8 text, including Chinese split across chunks and tabs', async () => {
    expect(await detect(Buffer.from('工单日志\tline 1\r\nline 2 ✓\n', 'utf8'))).toBe(TEXT.contentType);
    expect(await detect(Buffer.from('<?xml version="1.0"?><log>ok</log>'))).toBe(TEXT.contentType);
  });

  it('refuses executables whatever they are called, and other formats', async () => {
    expect(await detect(elf())).toBeNull();
    expect(await detect(windowsExe())).toBeNull();
    // a compound file without a Word stream (an installer package, a spreadsheet) is not a .doc
    expect(await detect(compoundFile(['SummaryInformation', 'Workbook']))).toBeNull();
    expect(await detect(xlsx())).toBeNull();
    expect(await detect(zip({ 'a.txt': 'hello' }))).toBeNull();
  });

  it('holds text to valid UTF-8 with no NUL or binary control bytes', async () => {
    const check = (b: Buffer) => isStrictText(Readable.from([b], { objectMode: false }));
    expect(await check(Buffer.from('plain\n'))).toBe(true);
    expect(await check(Buffer.from('\u001b[31mred\u001b[0m\n'))).toBe(true);
    expect(await check(Buffer.from([0x68, 0x69, 0x00, 0x21]))).toBe(false);
    expect(await check(Buffer.from([0x68, 0x01, 0x69]))).toBe(false);
    expect(await check(Buffer.from([0xc3, 0x28]))).toBe(false); // invalid sequence
    expect(await check(Buffer.from([0xe5, 0xb7]))).toBe(false); // cut off at the end
    expect(await check(Buffer.from('Grüße', 'latin1'))).toBe(false);
  });
});

describe('stored file names', () => {
  const png_ = { contentType: 'image/png', kind: 'image' as const, extensions: ['.png'] };
  it('keeps the last path segment, drops control and quoting characters', () => {
    expect(safeFileName('C:\\Users\\me\\截图 1.png', png_)).toBe('截图 1.png');
    expect(safeFileName('../../etc/"x"\u0000.png', png_)).toBe('x.png');
  });
  it('gives the file the extension of what it really is', () => {
    expect(safeFileName('report.html', TEXT)).toBe('report.html.txt');
    expect(safeFileName('photo.txt', png_)).toBe('photo.txt.png');
    expect(safeFileName('server.log', TEXT)).toBe('server.log');
    expect(safeFileName(undefined, TEXT)).toBe('attachment.txt');
    expect(safeFileName(`${'a'.repeat(300)}.png`, png_)).toHaveLength(120);
  });
});

describe('signed attachment URLs', () => {
  const links = new AttachmentLinks('a-secret-of-the-app-that-is-long-enough');
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('verify for their attachment until they expire, at least the TTL ahead', () => {
    const url = new URL(links.url(42, now), 'http://x');
    expect(url.pathname).toBe('/api/v1/portal/tickets/attachments/42');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig')!;
    expect(expires * 1000 - now).toBeGreaterThanOrEqual(15 * 60_000);
    expect(links.check(42, expires, sig, now)).toBe('ok');
    expect(links.check(42, expires, sig, expires * 1000 + 1)).toBe('expired');
  });

  it('refuse another id, another expiry, a changed signature or another secret', () => {
    const url = new URL(links.url(42, now), 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig')!;
    expect(links.check(43, expires, sig, now)).toBe('invalid');
    expect(links.check(42, expires + 300, sig, now)).toBe('invalid');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(links.check(42, expires, flipped, now)).toBe('invalid');
    expect(links.check(42, expires, 'short', now)).toBe('invalid');
    expect(new AttachmentLinks('another-secret-of-the-app-long-enough').check(42, expires, sig, now)).toBe(
      'invalid',
    );
  });

  it('stay the same within a step, so a refreshed page does not reload its images', () => {
    const t = Date.parse('2026-11-22T10:01:00Z');
    expect(links.url(7, t)).toBe(links.url(7, t + 60_000));
    expect(links.url(7, t)).not.toBe(links.url(7, t + 6 * 60_000));
  });
});
