import type { Readable } from 'node:stream';
import type { AttachmentKind } from '@portal/contract';
import { fileTypeFromStream } from 'file-type/node';

/**
 * What an uploaded file is, decided by its bytes and never by its name: JPG/PNG/GIF, PDF and Word (.docx, and .doc
 * compound files that hold a Word document stream) by their signatures (file-type), everything else only when it
 * is plain text — valid UTF-8 without NUL bytes or other binary control characters. A renamed executable (ELF,
 * Windows MZ, Mach-O…) or any other detected format is refused.
 */
export interface DetectedType {
  contentType: string;
  kind: AttachmentKind;
  /** The extensions a file of this type may keep; the first is added when the given name has none of them. */
  extensions: readonly string[];
}

const JPEG: DetectedType = { contentType: 'image/jpeg', kind: 'image', extensions: ['.jpg', '.jpeg'] };
const PNG: DetectedType = { contentType: 'image/png', kind: 'image', extensions: ['.png'] };
const GIF: DetectedType = { contentType: 'image/gif', kind: 'image', extensions: ['.gif'] };
const PDF: DetectedType = { contentType: 'application/pdf', kind: 'pdf', extensions: ['.pdf'] };
const DOCX: DetectedType = {
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  kind: 'word',
  extensions: ['.docx'],
};
const DOC: DetectedType = { contentType: 'application/msword', kind: 'word', extensions: ['.doc'] };
export const TEXT: DetectedType = {
  contentType: 'text/plain; charset=utf-8',
  kind: 'text',
  extensions: ['.txt', '.log', '.md'],
};

const BY_SIGNATURE: Record<string, DetectedType> = {
  'image/jpeg': JPEG,
  'image/png': PNG,
  'image/gif': GIF,
  'application/pdf': PDF,
  [DOCX.contentType]: DOCX,
};

/** Signatures file-type also finds in plain text (XML prolog, calendars, subtitles); such files may pass as text. */
function isTextual(mime: string): boolean {
  return mime.startsWith('text/') || mime === 'application/xml';
}

/** The name of the stream every Word 97-2003 document has, as it appears in a compound file's directory. */
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');

export async function containsBytes(stream: Readable, needle: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const window = Buffer.concat([tail, chunk]);
      if (window.includes(needle)) return true;
      tail = window.subarray(Math.max(0, window.length - needle.length + 1));
    }
    return false;
  } finally {
    stream.destroy();
  }
}

/**
 * Bytes that do not occur in text: NUL and the C0 controls other than tab, line feed, vertical tab, form feed,
 * carriage return and escape (kept for coloured logs).
 */
function hasBinaryControl(chunk: Buffer): boolean {
  for (const byte of chunk) {
    if (byte < 0x20 && !(byte >= 0x09 && byte <= 0x0d) && byte !== 0x1b) return true;
  }
  return false;
}

/** Valid UTF-8 from start to end, with no NUL bytes or binary control characters. */
export async function isStrictText(stream: Readable): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (hasBinaryControl(chunk)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  } finally {
    stream.destroy();
  }
}

/** The accepted type of the stored bytes, or null. `open` gives a fresh stream over them each time. */
export async function detectAttachmentType(open: () => Promise<Readable>): Promise<DetectedType | null> {
  const head = await open();
  let found: Awaited<ReturnType<typeof fileTypeFromStream>>;
  try {
    found = await fileTypeFromStream(head);
  } finally {
    head.destroy();
  }
  if (found) {
    if (found.mime === 'application/x-cfb') {
      return (await containsBytes(await open(), WORD_STREAM_NAME)) ? DOC : null;
    }
    const allowed = BY_SIGNATURE[found.mime];
    if (allowed) return allowed;
    if (!isTextual(found.mime)) return null;
  }
  return (await isStrictText(await open())) ? TEXT : null;
}

/**
 * The name a file is kept and served under: the last path segment of what the browser sent, without control or
 * quoting characters, at most 120 characters, and with an extension that matches what the content is.
 */
export function safeFileName(given: string | undefined, type: DetectedType): string {
  const base = (given ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '').trim();
  name = name.replace(/^\.+/, '');
  const lower = name.toLowerCase();
  if (!type.extensions.some((ext) => lower.endsWith(ext))) {
    name = `${name || 'attachment'}${type.extensions[0] ?? ''}`;
  }
  if (name.length > 120) {
    const ext = type.extensions.find((e) => name.toLowerCase().endsWith(e)) ?? '';
    name = `${name.slice(0, 120 - ext.length)}${ext}`;
  }
  return name;
}
