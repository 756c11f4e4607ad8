import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  base64List,
  clashYaml,
  formatCarries,
  shareUri,
  singBoxJson,
  ssUserinfo,
  ssUserinfoInBase64,
  vmessJson,
  type ClientNode,
  type Format,
} from './formats.js';
import { gzipLayout, type GzipLayout } from './gzip-layout.js';

/**
 * A node as delivery renders it for every subscription: the client's fields with an empty secret, and how a
 * subscription's UUID becomes its secret (the UUID itself; Shadowsocks 2022: the server key and the user key).
 */
export interface CatalogueNode {
  node: ClientNode;
  secretOf: (uuid: string) => string;
}

/** The part of a document a subscription fills in, from its UUID. */
export type Slot = (uuid: string) => string;

/**
 * A piece of a document: literal text, a slot, or pieces sent base64-encoded (a VMess link, the whole list), or
 * base64url-encoded without padding (`url`: a Shadowsocks userinfo).
 */
export type Piece = string | Slot | { readonly base64: readonly Piece[]; readonly url?: true };

/** The subscription's UUID as the templates take it (what `randomUUID` makes); anything else is rendered afresh. */
export const TEMPLATE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How a node's secret comes from a subscription's UUID when it is the UUID itself (every protocol but Shadowsocks
 * 2022). A slot that writes such a secret is this function too: YAML, JSON and URIs all take a UUID as it is.
 */
export const uuidItself: Slot = (uuid) => uuid;

/**
 * A document of one format, rendered once: its pieces, and the same as bytes with a stand-in UUID plus the byte
 * ranges a subscription's UUID changes. Each slot writes as many ASCII bytes for every UUID `TEMPLATE_UUID` takes
 * (a UUID, a key derived from it, their URI or base64 forms), so an answer is a copy of the stand-in's bytes with
 * those ranges written over, and a base64 part re-encodes only the three-byte groups its slots touch. A slot whose
 * length varied (none does today: even Shadowsocks 2022's percent-encoded key, the base64 of the UUID's first
 * characters, has no character to escape) would send its document down the text path. The methods take a UUID
 * that `TEMPLATE_UUID` accepts.
 */
export class Template {
  private readonly layout: Layout | null;
  /** The gzip form (null: none; undefined: not built yet) and the document it is computed from, reused. */
  private gzipped: GzipLayout | null | undefined;
  private doc: Buffer | null = null;

  /**
   * A document that is one base64 piece (the base64 list): its inner document, kept in a buffer of the template's
   * own that each answer writes its ranges into, then encoded whole by Node's encoder (1.5 µs for 200 nodes' links,
   * where re-encoding in JavaScript the groups each UUID touches took 25).
   */
  private readonly encoded: { inner: Layout; doc: Buffer; url: boolean } | null = null;

  constructor(readonly pieces: readonly Piece[]) {
    this.layout = layoutOf(pieces);
    const only = pieces.length === 1 ? pieces[0] : undefined;
    if (this.layout && only !== undefined && typeof only === 'object') {
      const inner = layoutOf(only.base64);
      if (inner) this.encoded = { inner, doc: Buffer.from(inner.standIn), url: only.url === true };
    }
  }

  /** The base64 list's text for this UUID (null: not such a document, or a slot's length differed). */
  private encodedText(uuid: string): string | null {
    const encoded = this.encoded;
    // Each answer writes every changed range, so the unchanging bytes stay as the stand-in left them.
    if (!encoded || !encoded.inner.write(encoded.doc, 0, uuid)) return null;
    return encoded.doc.toString(encoded.url ? 'base64url' : 'base64');
  }

  /** Whether answers are written in place (no slot's length varies among the probe UUIDs). */
  get inPlace(): boolean {
    return this.layout !== null;
  }

  /** The document as text. */
  text(uuid: string): string {
    return textOf(this.pieces, uuid);
  }

  /**
   * The document gzipped (`gzip-layout.ts`), for a client that accepts it; null when the template is not written in
   * place or this UUID's slots did not fit it (send `bytes`). Built on first use and checked against `text` then.
   */
  gzip(uuid: string): Buffer | null {
    const layout = this.layout;
    if (!layout) return null;
    if (this.gzipped === undefined) {
      this.doc = Buffer.from(layout.standIn);
      // UUIDs as copies of the first one; failing the check, every range stored; failing that, none.
      for (const shareUuids of [true, false]) {
        this.gzipped = gzipLayout(layout.standIn, layout.changes, layout.uuids, { shareUuids });
        // Varied UUIDs: a copy from the wrong place in a UUID would show.
        if (this.gzipped && PROBES.slice(3, 6).every((u) => this.gzipMatches(u))) break;
        this.gzipped = null;
      }
    }
    if (!this.gzipped || uuid.length !== UUID_LENGTH) return null;
    // Ranges that hold the UUID itself are written from it; others are read from the document, whose unchanging
    // bytes are in place from the first answer (each answer writes every range).
    if (!this.gzipped.needsDoc) return this.gzipped.render(null, uuid);
    if (!layout.write(this.doc!, 0, uuid)) return null;
    return this.gzipped.render(this.doc, uuid);
  }

  private gzipMatches(uuid: string): boolean {
    const gzipped = this.gzip(uuid);
    try {
      return gzipped !== null && gunzipSync(gzipped).equals(Buffer.from(this.text(uuid), 'utf8'));
    } catch {
      return false;
    }
  }

  /**
   * The document as bytes, the same as `text`'s UTF-8 (`templates.test.ts`), in a slice of a shared slab (`take`):
   * an answer's body, sent and dropped.
   */
  bytes(uuid: string): Buffer {
    const text = this.encodedText(uuid);
    if (text !== null) {
      const out = take(text.length);
      out.write(text, 0, 'latin1');
      return out;
    }
    const layout = this.layout;
    if (layout) {
      const out = take(layout.size);
      layout.standIn.copy(out);
      if (layout.write(out, 0, uuid)) return out;
    }
    return Buffer.from(this.text(uuid), 'utf8');
  }
}

/**
 * Answers' bodies are cut from shared slabs, as Node cuts small buffers from its pool: a buffer of its own costs an
 * allocation and its release for every answer (6 % of an answer's CPU time at 20 nodes, measured under load). A
 * slab lives as long as any body cut from it; a body the socket could not take at once keeps its slab until sent.
 */
const SLAB_SIZE = 256 * 1024;
const SLAB_LARGEST = SLAB_SIZE / 4;
let slab = Buffer.allocUnsafeSlow(0);
let slabUsed = 0;

function take(size: number): Buffer {
  if (size > SLAB_LARGEST) return Buffer.allocUnsafeSlow(size);
  if (slabUsed + size > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_SIZE);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, slabUsed + size);
  // The next body starts on an 8-byte boundary, as in Node's pool.
  slabUsed += (size + 7) & ~7;
  return out;
}

function textOf(pieces: readonly Piece[], uuid: string): string {
  let out = '';
  for (const p of pieces)
    out +=
      typeof p === 'string'
        ? p
        : typeof p === 'function'
          ? p(uuid)
          : Buffer.from(textOf(p.base64, uuid), 'utf8').toString(p.url ? 'base64url' : 'base64');
  return out;
}

/**
 * A piece laid out as bytes: its size, its bytes for the stand-in UUID, the ranges a UUID changes (sorted, apart),
 * and how to write those ranges for a UUID into `out` at `at` (false: a slot's length differed; `out` is then
 * half-written and dropped).
 */
interface Layout {
  size: number;
  standIn: Buffer;
  changes: readonly (readonly [number, number])[];
  /** The changed ranges that hold the UUID itself (what `uuidItself` writes). */
  uuids: readonly (readonly [number, number])[];
  write(out: Buffer, at: number, uuid: string): boolean;
}

/** The stand-in, and the UUIDs each slot is tried with: a slot is laid out when it writes one length for all. */
const PROBES = [
  '00000000-0000-4000-8000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  ...Array.from({ length: 13 }, (_, i) => {
    const h = createHash('sha256').update(`probe ${i}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }),
];
const STAND_IN = PROBES[0]!;

const NOTHING_CHANGES = (): boolean => true;

function layoutOf(pieces: readonly Piece[]): Layout | null {
  const parts: { at: number; layout: Layout }[] = [];
  let size = 0;
  for (const p of pieces) {
    const layout =
      typeof p === 'string' ? literal(p) : typeof p === 'function' ? slotLayout(p) : base64Layout(p);
    if (!layout) return null;
    parts.push({ at: size, layout });
    size += layout.size;
  }
  const changing = parts.filter((p) => p.layout.changes.length > 0);
  return {
    size,
    standIn: Buffer.concat(
      parts.map((p) => p.layout.standIn),
      size,
    ),
    changes: changing.flatMap((p) => p.layout.changes.map(([s, e]) => [p.at + s, p.at + e] as const)),
    uuids: changing.flatMap((p) => p.layout.uuids.map(([s, e]) => [p.at + s, p.at + e] as const)),
    write: (out, at, uuid) => {
      for (const p of changing) if (!p.layout.write(out, at + p.at, uuid)) return false;
      return true;
    },
  };
}

function literal(text: string): Layout {
  const standIn = Buffer.from(text, 'utf8');
  return { size: standIn.length, standIn, changes: [], uuids: [], write: NOTHING_CHANGES };
}

function slotLayout(slot: Slot): Layout | null {
  const first = slot(STAND_IN);
  const size = first.length;
  // ASCII only (one byte a character), and the same length for every probe.
  if (PROBES.some((u) => !fits(slot(u), size))) return null;
  const changes = size > 0 ? [[0, size] as const] : [];
  if (slot === uuidItself)
    return { size, standIn: Buffer.from(first, 'latin1'), changes, uuids: changes, write: writeUuid };
  return {
    size,
    standIn: Buffer.from(first, 'latin1'),
    changes,
    uuids: [],
    write: (out, at, uuid) => {
      const value = slot(uuid);
      if (!fits(value, size)) return false;
      writeAscii(out, at, value, size);
      return true;
    },
  };
}

/** A slot's value has its range's size in characters, each one byte (ASCII). */
function fits(value: string, size: number): boolean {
  return value.length === size && Buffer.byteLength(value, 'utf8') === size;
}

const UUID_LENGTH = 36;

function writeUuid(out: Buffer, at: number, uuid: string): boolean {
  if (uuid.length !== UUID_LENGTH) return false;
  writeAscii(out, at, uuid, UUID_LENGTH);
  return true;
}

/**
 * `text`'s first `size` characters, ASCII, written as bytes at `at`: what `out.write(text, at, size, 'latin1')`
 * writes, without a call into C++ for each few dozen bytes (an answer writes its UUID once per node).
 */
function writeAscii(out: Uint8Array, at: number, text: string, size: number): void {
  for (let i = 0; i < size; i++) out[at + i] = text.charCodeAt(i);
}

const BASE64 = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 'latin1');
const BASE64URL = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 'latin1');

/**
 * `src[from, to)` as base64 written into `out` at `at`, padded when the range's length is not a multiple of three
 * (only a document's last group): `Buffer#toString('base64')`'s characters, without a string for each group. With
 * `url`, `'base64url'`'s: its alphabet, and no padding.
 */
function encodeBase64(src: Buffer, from: number, to: number, out: Buffer, at: number, url: boolean): void {
  const chars = url ? BASE64URL : BASE64;
  let i = from;
  let o = at;
  for (; i + 3 <= to; i += 3) {
    const n = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
    out[o++] = chars[n >>> 18]!;
    out[o++] = chars[(n >>> 12) & 63]!;
    out[o++] = chars[(n >>> 6) & 63]!;
    out[o++] = chars[n & 63]!;
  }
  if (i < to) {
    const two = i + 1 < to;
    const n = (src[i]! << 16) | (two ? src[i + 1]! << 8 : 0);
    out[o++] = chars[n >>> 18]!;
    out[o++] = chars[(n >>> 12) & 63]!;
    if (two) out[o++] = chars[(n >>> 6) & 63]!;
    else if (!url) out[o++] = 0x3d;
    if (!url) out[o] = 0x3d;
  }
}

/** How many characters base64 (or unpadded base64url) gives for `n` bytes. */
function encodedLength(n: number, url: boolean): number {
  return url ? Math.ceil((n * 4) / 3) : Math.ceil(n / 3) * 4;
}

/**
 * Pieces sent as base64: the stand-in's encoding, and per UUID the three-byte groups around each changed range
 * re-encoded from a private copy of the inner bytes (neighbouring ranges share their groups).
 */
function base64Layout({
  base64: pieces,
  url = false,
}: {
  base64: readonly Piece[];
  url?: boolean;
}): Layout | null {
  const inner = layoutOf(pieces);
  if (!inner) return null;
  const windows: [number, number][] = [];
  for (const [s, e] of inner.changes) {
    const from = Math.floor(s / 3) * 3;
    const to = Math.min(Math.ceil(e / 3) * 3, inner.size);
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  const scratch = Buffer.from(inner.standIn);
  const standIn = Buffer.from(inner.standIn.toString(url ? 'base64url' : 'base64'), 'latin1');
  return {
    size: standIn.length,
    standIn,
    changes: windows.map(
      ([from, to]) => [(from / 3) * 4, (from / 3) * 4 + encodedLength(to - from, url)] as const,
    ),
    uuids: [],
    write: (out, at, uuid) => {
      if (!inner.write(scratch, 0, uuid)) return false;
      for (const [from, to] of windows) encodeBase64(scratch, from, to, out, at + (from / 3) * 4, url);
      return true;
    },
  };
}

/** The nodes with the subscription's secrets in: what the serialisers of `formats.ts` take. */
export function withSecrets(nodes: readonly CatalogueNode[], uuid: string): ClientNode[] {
  return nodes.map((c) => ({ ...c.node, secret: c.secretOf(uuid) }));
}

/**
 * Each format's document for these nodes as a template, or null when the format carries none of them. The
 * templates are cut from the serialisers' own output: every node gets a stand-in secret shaped like a UUID
 * (random, so no node name can hold it), the document is rendered once, and each place the stand-in appears
 * becomes a slot that writes the real secret the way that place encodes it (YAML plain scalar, JSON string,
 * URI component). Filled with a UUID, a template gives exactly the serialiser's bytes (`templates.test.ts`).
 * The base64 list is one base64 piece; VMess hides the secret inside base64 of its own (a piece in the piece), plain
 * Shadowsocks inside unpadded base64url (a `url` piece in the piece), Shadowsocks 2022 percent-encoded (a slot).
 */
export function buildTemplates(
  nodes: readonly CatalogueNode[],
  site: string,
): Record<Format, Template | null> {
  const stamp = randomBytes(4).toString('hex');
  const standIn = (i: number) => `${stamp}-5e47-4000-8000-${String(i).padStart(12, '0')}`;
  const pattern = new RegExp(`${stamp}-5e47-4000-8000-(\\d{12})`, 'g');

  const carried = (format: Format) => {
    const kept = nodes.filter((c) => formatCarries(format, c.node));
    return { kept, stood: kept.map((c, i) => ({ ...c.node, secret: standIn(i) })) };
  };

  /** Cuts `text` at every stand-in; `encode` writes node i's secret where its stand-in was. */
  const cut = (text: string, kept: readonly CatalogueNode[], encode: (secret: string) => string): Piece[] => {
    const parts: Piece[] = [];
    let last = 0;
    for (const m of text.matchAll(pattern)) {
      const secretOf = kept[Number(m[1])]!.secretOf;
      // YAML, JSON and URIs take a UUID as it is.
      parts.push(
        text.slice(last, m.index),
        secretOf === uuidItself ? uuidItself : (uuid) => encode(secretOf(uuid)),
      );
      last = m.index + m[0].length;
    }
    parts.push(text.slice(last));
    return parts;
  };

  const clash = carried('clash');
  const singBox = carried('sing-box');
  const list = carried('base64');
  return {
    clash: clash.kept.length ? template(cut(clashYaml(clash.stood, site), clash.kept, yamlPlain)) : null,
    'sing-box': singBox.kept.length
      ? template(cut(singBoxJson(singBox.stood), singBox.kept, jsonInner))
      : null,
    base64: list.kept.length
      ? template([
          {
            base64: list.stood.flatMap((n, i) => [
              ...(i > 0 ? ['\n'] : []),
              ...uriPieces(n, list.kept[i]!.secretOf, (text) => cut(text, list.kept, encodeURIComponent)),
            ]),
          },
        ])
      : null,
  };
}

/** One share URI with its secret left open (`n.secret` is the node's stand-in). */
function uriPieces(n: ClientNode, secretOf: Slot, cutUri: (text: string) => Piece[]): Piece[] {
  if (n.protocol === 'vmess') {
    const [before, after] = vmessJson(n).split(n.secret) as [string, string];
    // The UUID needs no escaping in JSON.
    return ['vmess://', { base64: [before, secretOf, after] }];
  }
  if (n.protocol === 'shadowsocks') {
    const uri = shareUri(n);
    const head = `ss://${ssUserinfo(n.cipher, n.secret)}`;
    const rest = uri.slice(head.length);
    return ssUserinfoInBase64(n.cipher)
      ? ['ss://', { base64: [`${n.cipher}:`, secretOf], url: true }, rest]
      : ['ss://', (uuid) => ssUserinfo(n.cipher, secretOf(uuid)), rest];
  }
  return cutUri(shareUri(n));
}

/** Shadowsocks 2022's password: the server key and the user key, both padded base64. */
const SS2022_SECRET = /^[A-Za-z0-9+/]+=+:[A-Za-z0-9+/]+=+$/;

/**
 * A secret as YAML: a UUID or a Shadowsocks 2022 password as a plain scalar, as the serialiser writes them (no
 * character of theirs needs quoting, and neither reads as a number, boolean or null); anything else
 * double-quoted (JSON's escapes are YAML's).
 */
function yamlPlain(secret: string): string {
  return TEMPLATE_UUID.test(secret) || SS2022_SECRET.test(secret) ? secret : JSON.stringify(secret);
}

/** A secret inside a JSON string's quotes. */
function jsonInner(secret: string): string {
  return JSON.stringify(secret).slice(1, -1);
}

/** A template of pieces with adjacent literals joined and empty ones dropped (inside base64 pieces too). */
function template(pieces: readonly Piece[]): Template {
  return new Template(compact(pieces));
}

function compact(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    if (p === '') continue;
    const prev = out[out.length - 1];
    if (typeof p === 'string' && typeof prev === 'string') out[out.length - 1] = prev + p;
    else out.push(typeof p === 'object' ? { ...p, base64: compact(p.base64) } : p);
  }
  return out;
}

/** The serialisers' output for the same nodes and UUID: what a template must equal (tests, odd UUIDs). */
export function renderDirect(
  format: Format,
  nodes: readonly CatalogueNode[],
  uuid: string,
  site: string,
): string {
  const filled = withSecrets(nodes, uuid).filter((n) => formatCarries(format, n));
  if (format === 'clash') return clashYaml(filled, site);
  if (format === 'sing-box') return singBoxJson(filled);
  return base64List(filled);
}
