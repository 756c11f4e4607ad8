import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A document whose bytes change only in fixed ranges (a template's answer, `templates.ts`), compressed once as gzip
 * with each of those ranges left as a stored (uncompressed) deflate block: an answer is the compressed stand-in
 * with the ranges' bytes copied in and the checksum written, no compression per answer.
 *
 * The text between the ranges is deflated piece by piece, each piece with the bytes before it as its dictionary
 * (so it may refer back to earlier pieces, as one stream would) and ended by a sync flush (byte-aligned, not final).
 * In that history the ranges hold 0xFF, a byte UTF-8 text never has: no back-reference can copy from a range, so
 * what a range holds for a subscription never leaks into the text around it.
 */
export interface GzipLayout {
  /** The gzip member for the document `doc` (the stand-in with this subscription's ranges written). */
  render(doc: Buffer): Buffer;
}

/** How far back a piece may refer: nodes repeat their neighbours' fields, a few hundred bytes apart. */
const DICTIONARY = 4096;
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** A final empty stored block. */
const END = Buffer.from([1, 0, 0, 0xff, 0xff]);

export function gzipLayout(
  standIn: Buffer,
  changes: readonly (readonly [number, number])[],
): GzipLayout | null {
  // Touching ranges as one; each must fit a stored block.
  const ranges: [number, number][] = [];
  for (const [s, e] of changes) {
    const last = ranges[ranges.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else ranges.push([s, e]);
  }
  if (ranges.some(([s, e]) => e - s > 0xffff)) return null;
  const history = Buffer.from(standIn);
  for (const [s, e] of ranges) history.fill(0xff, s, e);
  // The text itself must have no 0xFF (it is UTF-8), or a back-reference could reach into a range.
  let text = 0;
  for (const [s, e] of ranges) {
    if (history.subarray(text, s).includes(0xff)) return null;
    text = e;
  }
  if (history.subarray(text).includes(0xff)) return null;

  const parts: Buffer[] = [HEADER];
  let size = HEADER.length;
  const copies: { from: number; to: number; length: number }[] = [];
  const deflated = (from: number, to: number) => {
    if (to <= from) return;
    const piece = deflateRawSync(history.subarray(from, to), {
      level: 9,
      finishFlush: constants.Z_SYNC_FLUSH,
      ...(from > 0 ? { dictionary: history.subarray(Math.max(0, from - DICTIONARY), from) } : {}),
    });
    parts.push(piece);
    size += piece.length;
  };
  let at = 0;
  for (const [s, e] of ranges) {
    deflated(at, s);
    const length = e - s;
    const head = Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
    parts.push(head, history.subarray(s, e));
    copies.push({ from: s, to: size + head.length, length });
    size += head.length + length;
    at = e;
  }
  deflated(at, history.length);
  parts.push(END);
  size += END.length;
  const compressed = Buffer.concat(parts, size);
  const docSize = standIn.length;
  return {
    render(doc) {
      const out = Buffer.allocUnsafe(size + 8);
      compressed.copy(out);
      for (const c of copies) doc.copy(out, c.to, c.from, c.from + c.length);
      out.writeUInt32LE(crc32(doc), size);
      out.writeUInt32LE(docSize, size + 4);
      return out;
    },
  };
}
