import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback, gzipSync } from 'node:zlib';
import { encode } from '@msgpack/msgpack';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database, NodeRow } from '../../db/types.js';
import * as repo from './repository.js';
import { userListChanges } from '../../lib/change-log-repository.js';
import { nextTurn } from '../../lib/event-loop.js';

const gzip = promisify(gzipCallback);

/** A user as the agents read it (XrayR and V2bX `UserInfo`), keys in this order. */
export interface AgentUser {
  id: number;
  uuid: string;
  speed_limit: number;
  device_limit: number;
}

/** A node as the agents' API knows it: its row, with the version of the user lists read beside it. */
export type AgentNode = NodeRow & { list_version: number };

/** Users per slice of serialising work between two turns of the event loop. */
const PAGE = 5000;

/** Below this a body is sent as it is (as the compression plugin's threshold). */
const GZIP_MIN_BYTES = 1024;

/**
 * One encoding of a list: its exact bytes, their ETag, and the bytes gzipped (started once, shared). The bytes may be
 * made only when first wanted (`UserList`'s JSON: the agents take it gzipped, made from its buckets, so a change
 * need not write the whole text again).
 */
export class ListBody {
  private made: Buffer | null = null;
  private gzipped: Promise<Buffer | null> | null = null;
  private zipped: Buffer | null = null;

  /** The body of these bytes, its ETag their SHA-1. */
  static of(bytes: Buffer): ListBody {
    const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
    return new ListBody(bytes.length, etag, bytes, () => gzip(bytes, { level: 6 }));
  }

  /** `source`: the bytes, or how to make them (once, when first wanted); `compress`: how the gzip is made. */
  constructor(
    readonly length: number,
    readonly etag: string,
    private readonly source: Buffer | (() => Buffer),
    private readonly compress: () => Promise<Buffer>,
  ) {}

  get bytes(): Buffer {
    return (this.made ??= typeof this.source === 'function' ? this.source() : this.source);
  }

  /** The gzipped bytes (compressed once, off the event loop), or null when the body is too small to bother. */
  gzip(): Promise<Buffer | null> {
    this.gzipped ??=
      this.length < GZIP_MIN_BYTES ? Promise.resolve(null) : this.compress().then((z) => (this.zipped = z));
    return this.gzipped;
  }

  /**
   * The gzipped bytes if they are made; null (and their making started) otherwise: an answer does not wait for the
   * compression, it goes uncompressed meanwhile (same bytes once decoded, same ETag).
   */
  gzipIfReady(): Buffer | null {
    void this.gzip().catch(() => undefined);
    return this.zipped;
  }

  /** Sets the gzipped bytes made by the caller. */
  zippedAs(z: Buffer): void {
    if (this.gzipped || this.length < GZIP_MIN_BYTES) return;
    this.zipped = z;
    this.gzipped = Promise.resolve(z);
  }
}

/** Ids per bucket: a list's JSON text and gzip are kept per bucket of ids, and a change makes its buckets again. */
const BUCKET = 1024;

/** Buckets made again at most, on the event loop, so that a patched list's gzip is there at once. */
const GZIP_NOW = 4;

/**
 * The entries whose ids fall in one bucket, their JSON text (joined by commas) and that text gzipped as a member of
 * its own (`lead`: with the comma that goes before it in the list). A gzip stream may hold several members, one
 * after the other; the agents' Go HTTP client (and every other) reads them as one body.
 */
interface Bucket {
  readonly key: number;
  readonly entries: readonly Entry[];
  readonly text: string;
  /** The text's length in bytes, and its SHA-1 (a list's ETag is made of its buckets'). */
  readonly length: number;
  readonly digest: Buffer;
  /** The gzip member, without and with the leading comma (made when first wanted). */
  readonly gz: [Buffer | null, Buffer | null];
}

const JSON_HEAD = '{"users":[';
const JSON_TAIL = ']}';
const GZ_HEAD = gzipSync(JSON_HEAD);
const GZ_TAIL = gzipSync(JSON_TAIL);

/** The entries (in id order) in buckets, each kept from `previous` when it holds the same entries. */
function bucketsOf(entries: readonly Entry[], previous: readonly Bucket[] | undefined): Bucket[] {
  const before = new Map((previous ?? []).map((b) => [b.key, b]));
  const out: Bucket[] = [];
  for (let i = 0; i < entries.length;) {
    const key = Math.floor(entries[i]!.id / BUCKET);
    let j = i + 1;
    while (j < entries.length && Math.floor(entries[j]!.id / BUCKET) === key) j++;
    const old = before.get(key);
    if (old && old.entries.length === j - i && old.entries.every((e, k) => e === entries[i + k]))
      out.push(old);
    else {
      const part = entries.slice(i, j);
      const text = part.map((e) => e.json).join(',');
      const digest = createHash('sha1').update(text).digest();
      out.push({ key, entries: part, text, length: Buffer.byteLength(text), digest, gz: [null, null] });
    }
    i = j;
  }
  return out;
}

/** The bucket's gzip member at position `i` of the list (after the first, with the comma before it). */
const member = (b: Bucket, i: number) => (i > 0 ? `,${b.text}` : b.text);

/** Buckets at positions whose member is not made yet. */
const unzipped = (buckets: readonly Bucket[]) => buckets.filter((b, i) => !b.gz[i > 0 ? 1 : 0]);

const assemble = (buckets: readonly Bucket[]) =>
  Buffer.concat([GZ_HEAD, ...buckets.map((b, i) => b.gz[i > 0 ? 1 : 0]!), GZ_TAIL]);

/** The gzip of the list: its head, each bucket's member (made when missing, off the event loop), its tail. */
async function gzipBuckets(buckets: readonly Bucket[]): Promise<Buffer> {
  await Promise.all(
    buckets.map(async (b, i) => {
      const lead = i > 0 ? 1 : 0;
      b.gz[lead] ??= await gzip(member(b, i), { level: 6 });
    }),
  );
  return assemble(buckets);
}

/**
 * One user of a list with what is kept of it: its JSON text and MessagePack bytes (made once, reused by every list
 * that keeps the entry), and its end (the list filters on `end_at > now`).
 */
interface Entry {
  readonly id: number;
  readonly endAt: string;
  readonly user: AgentUser;
  readonly json: string;
  packed: Uint8Array | null;
}

function entry(r: {
  id: number;
  uuid: string;
  speed_limit_mbps: number | null;
  device_limit: number;
  end_at: string;
}) {
  const user: AgentUser = {
    id: r.id,
    uuid: r.uuid,
    speed_limit: r.speed_limit_mbps ?? 0,
    device_limit: r.device_limit,
  };
  return { id: r.id, endAt: r.end_at, user, json: JSON.stringify(user), packed: null } satisfies Entry;
}

/**
 * A built list, shared by every node that serves the same users: its entries in id order, its JSON
 * (`{"users":[…]}`), its MessagePack (made the first time an agent asks for it), and what it is valid for — the
 * version it was built at, and until the earliest end of its subscriptions (then the ended ones are dropped).
 */
export class UserList {
  readonly json: ListBody;
  readonly validUntil: string | null;
  private readonly buckets: readonly Bucket[];
  private packed: Promise<ListBody> | null;

  /**
   * `previous`: the list this one replaces: its buckets with the same entries are kept, and when the bytes are the
   * same, its encodings (no second gzip). When only a few buckets are new (a patch) their gzip is made at once.
   */
  constructor(
    readonly version: number,
    readonly entries: readonly Entry[],
    previous?: UserList,
  ) {
    let validUntil: string | null = null;
    for (const e of entries) if (validUntil === null || e.endAt < validUntil) validUntil = e.endAt;
    this.validUntil = validUntil;
    const buckets = bucketsOf(entries, previous?.buckets);
    this.buckets = buckets;
    // The JSON's ETag from its buckets' digests (the same entries make the same buckets, so the same tag), and its
    // bytes made only if an agent takes them uncompressed: a change does not write the whole text again.
    const etag = createHash('sha1');
    for (const b of buckets) etag.update(b.digest);
    const json = new ListBody(
      JSON_HEAD.length +
        buckets.reduce((n, b) => n + b.length, 0) +
        Math.max(0, buckets.length - 1) +
        JSON_TAIL.length,
      `"j${etag.digest('base64url')}"`,
      () => Buffer.from(`${JSON_HEAD}${buckets.map((b) => b.text).join(',')}${JSON_TAIL}`),
      () => gzipBuckets(buckets),
    );
    const same = previous !== undefined && previous.json.etag === json.etag;
    this.json = same ? previous.json : json;
    this.packed = same ? previous.packed : null;
    if (!same && previous && unzipped(buckets).length <= GZIP_NOW) {
      buckets.forEach((b, i) => (b.gz[i > 0 ? 1 : 0] ??= gzipSync(member(b, i), { level: 6 })));
      json.zippedAs(assemble(buckets));
    }
    // Agents that read MessagePack will ask for it again: made ahead, from the entries' kept bytes.
    if (!same && previous?.packed) void this.msgpack().catch(() => undefined);
  }

  get empty(): boolean {
    return this.entries.length === 0;
  }

  fresh(version: number, now: string): boolean {
    return this.version >= version && (this.validUntil === null || now < this.validUntil);
  }

  /** The same object in MessagePack, the bytes `encode({ users })` gives, from each entry's kept bytes. */
  msgpack(): Promise<ListBody> {
    this.packed ??= packEntries(this.entries).then((bytes) => ListBody.of(bytes));
    return this.packed;
  }
}

/** MessagePack's array header for `n` items, as `encode` writes it. */
function arrayHeader(n: number): Buffer {
  if (n < 16) return Buffer.from([0x90 | n]);
  if (n < 0x10000) return Buffer.from([0xdc, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = 0xdd;
  b.writeUInt32BE(n, 1);
  return b;
}

/** `encode({ users })`: the map's and the array's headers, then each user's own encoding (an array is no more). */
async function packEntries(entries: readonly Entry[]): Promise<Buffer> {
  const parts: Uint8Array[] = [
    Buffer.from(encode({ users: [] })).subarray(0, -1),
    arrayHeader(entries.length),
  ];
  let made = 0;
  for (const e of entries) {
    if (!e.packed) {
      e.packed = encode(e.user);
      if (++made % PAGE === 0) await nextTurn();
    }
    parts.push(e.packed);
  }
  return Buffer.concat(parts);
}

/** Above this many changed subscriptions a list is read whole rather than by id. */
const PATCH_MAX = 5000;

/** Up to this many changed subscriptions are patched one by one; more, in one pass and a sort. */
const PATCH_IN_PLACE = 200;

/** Where the entry with this id is, or would be, in entries sorted by id. */
function position(entries: readonly Entry[], id: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The agents' user lists, built once per change and shared (issue 19). A list depends on the subscriptions a node
 * serves (repository.ts `servedUsers`); nodes whose node groups give them the same packages (reach.ts) serve the
 * same users, so one list serves them all. A list is rebuilt when the version (`user_list_version`, bumped by
 * triggers in the transaction of every write that can change a list: migration 0024) is newer than the one it was
 * built at, or its earliest subscription ends; otherwise a call costs no query beyond the agent's authentication,
 * which reads the version. Concurrent calls for a list being built wait for that build.
 */
export class UserLists {
  private readonly lists = new Map<string, UserList>();
  private readonly building = new Map<string, Promise<UserList>>();
  private reach: { version: number; keys: Map<number, string> } | null = null;
  private reachBuilding: Promise<{ version: number; keys: Map<number, string> }> | null = null;
  /** How lists were brought up to date: read whole, or patched from the change log. */
  readonly counts = { built: 0, patched: 0 };

  constructor(private readonly db: Kysely<Database>) {}

  /** The node's list; null for a hidden node (it serves nobody). */
  async forNode(node: AgentNode): Promise<UserList | null> {
    if (node.is_visible !== 1) return null;
    const key = await this.reachKey(node);
    for (let attempt = 0; attempt < 3; attempt++) {
      const list = this.lists.get(key);
      if (list?.fresh(node.list_version, nowIso())) return list;
      const pending = this.building.get(key);
      if (pending) {
        await pending.catch(() => undefined);
        continue;
      }
      const build = this.refresh(node, key).finally(() => this.building.delete(key));
      this.building.set(key, build);
      return build;
    }
    // Changes kept coming while others built: this call builds its own.
    return this.refresh(node, key);
  }

  /** The key of the users the node serves: the packages with groups that reach it (none: only group-less ones). */
  private async reachKey(node: AgentNode): Promise<string> {
    let reach = this.reach;
    while (!reach || reach.version < node.list_version) {
      this.reachBuilding ??= this.loadReach(node.list_version).finally(() => (this.reachBuilding = null));
      const loaded = await this.reachBuilding;
      if (!this.reach || loaded.version >= this.reach.version) this.reach = loaded;
      reach = this.reach;
      if (loaded.version >= node.list_version) break;
    }
    return reach.keys.get(node.id) ?? '';
  }

  private async loadReach(version: number) {
    const byNode = new Map<number, number[]>();
    for (const r of await repo.groupReach(this.db)) {
      const ids = byNode.get(r.node_id) ?? [];
      ids.push(r.package_id);
      byNode.set(r.node_id, ids);
    }
    const keys = new Map<number, string>();
    for (const [nodeId, ids] of byNode) keys.set(nodeId, ids.sort((a, b) => a - b).join(','));
    // Lists no node serves any more are let go.
    const used = new Set(['', ...keys.values()]);
    for (const key of this.lists.keys()) if (!used.has(key)) this.lists.delete(key);
    return { version, keys };
  }

  /** The list brought up to the node's version and to now: patched when the change log allows, else built whole. */
  private async refresh(node: AgentNode, key: string): Promise<UserList> {
    const previous = this.lists.get(key);
    let list = previous && (await this.patch(previous, node));
    if (list) this.counts.patched++;
    else {
      list = await this.build(node, previous);
      this.counts.built++;
    }
    const current = this.lists.get(key);
    if (!current || current.version <= list.version) this.lists.set(key, list);
    // Go's HTTP client asks for gzip by itself: both agents' pulls will want it.
    if (!list.empty) void list.json.gzip().catch(() => undefined);
    return list;
  }

  /**
   * The list with the subscriptions changed since its version (`user_list_changes`) read again by id, and those
   * whose end has passed dropped; null when the log cannot say (trimmed, a change of reach, too many changes).
   */
  private async patch(list: UserList, node: AgentNode): Promise<UserList | null> {
    const now = nowIso();
    const version = Math.max(list.version, node.list_version);
    let changed: number[] = [];
    if (list.version < node.list_version) {
      const ids = await userListChanges(this.db, list.version, node.list_version);
      if (ids === null || ids.length > PATCH_MAX) return null;
      changed = ids;
    }
    const rows = changed.length > 0 ? await repo.servedUsersById(this.db, now, node.id, changed) : [];
    // Ended subscriptions dropped (only when one has: the earliest end is kept).
    const ended = list.validUntil !== null && list.validUntil <= now;
    let entries: Entry[] = ended ? list.entries.filter((e) => e.endAt > now) : list.entries.slice();
    if (changed.length <= PATCH_IN_PLACE) {
      // Each changed subscription found by binary search: replaced, removed or inserted in place.
      const served = new Map(rows.map((r) => [r.id, r]));
      for (const id of changed) {
        const at = position(entries, id);
        const found = entries[at]?.id === id;
        const row = served.get(id);
        if (row) entries.splice(at, found ? 1 : 0, entry(row));
        else if (found) entries.splice(at, 1);
      }
    } else {
      const gone = new Set(changed);
      entries = entries.filter((e) => !gone.has(e.id));
      for (const r of rows) entries.push(entry(r));
      entries.sort((a, b) => a.id - b.id);
    }
    return new UserList(version, entries, list);
  }

  /**
   * Reads the node's users and makes their entries a slice at a time (one turn of the event loop between slices);
   * the version is the one read before the query, so a change during the build makes the list stale at once.
   */
  private async build(node: AgentNode, previous: UserList | undefined): Promise<UserList> {
    const rows = await repo.servedUsers(this.db, nowIso(), node.id);
    const entries: Entry[] = new Array<Entry>(rows.length);
    for (let i = 0; i < rows.length; i += PAGE) {
      if (i > 0) await nextTurn();
      const end = Math.min(rows.length, i + PAGE);
      for (let j = i; j < end; j++) entries[j] = entry(rows[j]!);
    }
    return new UserList(node.list_version, entries, previous);
  }
}
