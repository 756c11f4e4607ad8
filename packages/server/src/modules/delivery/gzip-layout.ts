import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A document whose bytes change only in fixed ranges (a template's answer, `templates.ts`), compressed once as gzip,
 * so an answer costs a copy and a few writes, whatever the number of nodes.
 *
 * The text between the ranges is deflated piece by piece, each piece with the bytes before it as its dictionary
 * (it may refer back to earlier pieces, as one stream would) and ended by a sync flush (byte-aligned, not final).
 * A range is a stored (uncompressed) block that the answer's bytes are copied into, except a range that holds the
 * subscription's UUID as it is once one such range is stored: later ones are left to the compressor, which finds
 * each as a copy of an earlier one (the same bytes in every answer).
 *
 * In the compressor's view the ranges hold bytes UTF-8 text never has (0xF8-0xFF), so no back-reference can copy
 * between a range and the text: UUID ranges hold a pattern whose three-byte sequences are all different (a copy
 * of part of it lands at the same place in another), other ranges 0xFF. Each layout is checked by decompressing
 * it for two UUIDs (`Template.gzip`); if the compressor wrote part of a UUID range as literals, that check fails
 * and the layout with every range stored is used.
 *
 * The checksum (CRC-32) is updated, not recomputed: the document is the text with its ranges zeroed, plus each
 * range's bytes, and CRC-32 is linear in the bytes, so each range adds its bytes' CRC moved past the bytes after
 * it (zlib's crc32_combine). The UUID ranges share one sum of those moves.
 */
export interface GzipLayout {
  /** Whether `render` reads `doc`: some range holds something other than the UUID itself. */
  readonly needsDoc: boolean;
  /**
   * The gzip member for the subscription with this UUID; `doc` is its document (the stand-in with the answer's
   * ranges written), when `needsDoc`.
   */
  render(doc: Buffer | null, uuid: string): Buffer;
}

/** How far back deflate may refer (its window), and so each piece's dictionary. */
const WINDOW = 32_768;
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** A final empty stored block. */
const END = Buffer.from([1, 0, 0, 0xff, 0xff]);
const UUID_LENGTH = 36;

/**
 * 36 bytes of 0xF8-0xFE with no three-byte sequence twice, even read round the end (two UUID ranges side by side
 * must not show a sequence of the mark at another offset).
 */
const UUID_MARK = (() => {
  for (let start = 0; start < 343; start++) {
    const out = [Math.floor(start / 49), Math.floor(start / 7) % 7, start % 7];
    const seen = new Set([out.join()]);
    while (out.length < UUID_LENGTH) {
      const [a, b] = out.slice(-2) as [number, number];
      const next = [0, 1, 2, 3, 4, 5, 6].find((c) => !seen.has(`${a},${b},${c}`));
      if (next === undefined) break;
      seen.add(`${a},${b},${next}`);
      out.push(next);
    }
    const n = out.length;
    const round = [0, 1].map((i) => [out[n - 2 + i], out[(n - 1 + i) % n], out[i]].join());
    if (n === UUID_LENGTH && round.every((t) => !seen.has(t)) && round[0] !== round[1])
      return Buffer.from(out.map((c) => 0xf8 + c));
  }
  throw new Error('no mark');
})();

export function gzipLayout(
  standIn: Buffer,
  changes: readonly (readonly [number, number])[],
  uuidRanges: readonly (readonly [number, number])[],
  { shareUuids = true }: { shareUuids?: boolean } = {},
): GzipLayout | null {
  const isUuid = new Set(uuidRanges.map(([s]) => s));
  const ranges = changes.map(([s, e]) => ({ s, e, uuid: isUuid.has(s) && e - s === UUID_LENGTH }));
  for (let i = 1; i < ranges.length; i++) if (ranges[i]!.s < ranges[i - 1]!.e) return null;
  if (ranges.some(({ s, e }) => e - s > 0xffff)) return null;
  const history = Buffer.from(standIn);
  for (const r of ranges) {
    if (r.uuid) UUID_MARK.copy(history, r.s);
    else history.fill(0xff, r.s, r.e);
  }
  // The text itself must have none of those bytes (it is UTF-8).
  let from = 0;
  for (const r of [...ranges, { s: history.length, e: history.length }]) {
    if (history.subarray(from, r.s).some((b) => b >= 0xf8)) return null;
    from = r.e;
  }

  const parts: Buffer[] = [HEADER];
  let size = HEADER.length;
  const deflated = (from: number, to: number) => {
    if (to <= from) return;
    const piece = deflateRawSync(history.subarray(from, to), {
      level: 9,
      finishFlush: constants.Z_SYNC_FLUSH,
      ...(from > 0 ? { dictionary: history.subarray(Math.max(0, from - WINDOW), from) } : {}),
    });
    parts.push(piece);
    size += piece.length;
  };
  const stored: { from: number; to: number; length: number; uuid: boolean; after: number }[] = [];
  // Where the last UUID range starts: a UUID range is left to the compressor only when one is within deflate's reach
  // (its window less the look-ahead zlib keeps; the piece's dictionary is as long), else it is stored too.
  let lastUuid = -Infinity;
  let at = 0;
  for (const r of ranges) {
    const shared = r.uuid && shareUuids && lastUuid >= r.e - (WINDOW - 512);
    if (r.uuid) lastUuid = r.s;
    if (shared) continue; // left to the compressor
    deflated(at, r.s);
    const length = r.e - r.s;
    const head = Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
    parts.push(head, history.subarray(r.s, r.e));
    stored.push({ from: r.s, to: size + head.length, length, uuid: r.uuid, after: history.length - r.e });
    size += head.length + length;
    at = r.e;
  }
  deflated(at, history.length);
  parts.push(END);
  size += END.length;
  const compressed = Buffer.concat(parts, size);

  // The checksum of the text with every range zeroed, and the moves of the UUID ranges, summed.
  const zeroed = Buffer.from(standIn);
  for (const r of ranges) zeroed.fill(0, r.s, r.e);
  const base = crc32(zeroed);
  let uuidMove = 0;
  for (const r of ranges) if (r.uuid) uuidMove ^= movePast(standIn.length - r.e);
  const others = stored.filter((c) => !c.uuid).map((c) => ({ ...c, move: movePast(c.after) }));
  const zerosCrc = new Map(others.map((c) => [c.length, crc32(Buffer.alloc(c.length))]));
  const uuidZeros = crc32(Buffer.alloc(UUID_LENGTH));
  const docSize = standIn.length;

  return {
    needsDoc: others.length > 0,
    render(doc, uuid) {
      const out = Buffer.allocUnsafe(size + 8);
      compressed.copy(out);
      for (const c of stored)
        if (c.uuid) out.write(uuid, c.to, UUID_LENGTH, 'latin1');
        else doc!.copy(out, c.to, c.from, c.from + c.length);
      let crc = base;
      if (uuidMove !== 0) crc ^= multiply(uuidMove, (crc32(uuid) ^ uuidZeros) >>> 0);
      for (const c of others)
        crc ^= multiply(
          c.move,
          (crc32(doc!.subarray(c.from, c.from + c.length)) ^ zerosCrc.get(c.length)!) >>> 0,
        );
      out.writeUInt32LE(crc >>> 0, size);
      out.writeUInt32LE(docSize, size + 4);
      return out;
    },
  };
}

// CRC-32 arithmetic (polynomials modulo CRC-32's, bit-reflected, as zlib's crc32_combine does it).
const POLY = 0xedb88320;

/** a * b modulo the CRC polynomial. */
function multiply(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) for k = 0..31. */
const X2N = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    table.push(p);
    p = multiply(p, p);
  }
  return table;
})();

/** x^(8n): what moves a CRC past n zero bytes. */
function movePast(n: number): number {
  let p = 0x80000000; // x^0
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) if (n & 1) p = multiply(X2N[k & 31]!, p);
  return p;
}
