import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { encode } from '@msgpack/msgpack';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database, NodeRow } from '../../db/types.js';
import * as repo from './repository.js';

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

/** One encoding of a list: its exact bytes, their ETag, and the bytes gzipped (started once, shared). */
export class ListBody {
  readonly etag: string;
  private gzipped: Promise<Buffer | null> | null = null;

  constructor(readonly bytes: Buffer) {
    this.etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  }

  /** The gzipped bytes (compressed once, off the event loop), or null when the body is too small to bother. */
  gzip(): Promise<Buffer | null> {
    this.gzipped ??=
      this.bytes.length < GZIP_MIN_BYTES ? Promise.resolve(null) : gzip(this.bytes, { level: 6 });
    return this.gzipped;
  }
}

/**
 * A built list, shared by every node that serves the same users: its JSON (`{"users":[…]}`), its MessagePack (made
 * the first time an agent asks for it), and what it is valid for — the version it was built at, and until the
 * earliest end of its subscriptions (the list filters on `end_at > now`, so it goes stale when that passes).
 */
export class UserList {
  readonly json: ListBody;
  private packed: Promise<ListBody> | null;

  /** `previous`: the list this one replaces; when the bytes are the same, its encodings are kept (no second gzip). */
  constructor(
    readonly version: number,
    readonly validUntil: string | null,
    readonly users: AgentUser[],
    json: ListBody,
    previous?: UserList,
  ) {
    const same = previous !== undefined && previous.json.etag === json.etag;
    this.json = same ? previous.json : json;
    this.packed = same ? previous.packed : null;
  }

  get empty(): boolean {
    return this.users.length === 0;
  }

  fresh(version: number, now: string): boolean {
    return this.version >= version && (this.validUntil === null || now < this.validUntil);
  }

  /** The same object in MessagePack, the bytes `encode({ users })` gives, built in slices. */
  msgpack(): Promise<ListBody> {
    this.packed ??= packUsers(this.users).then((bytes) => new ListBody(bytes));
    return this.packed;
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** MessagePack's array header for `n` items, as `encode` writes it. */
function arrayHeader(n: number): Buffer {
  if (n < 16) return Buffer.from([0x90 | n]);
  if (n < 0x10000) return Buffer.from([0xdc, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = 0xdd;
  b.writeUInt32BE(n, 1);
  return b;
}

/** `encode({ users })`, a slice of users at a time: each slice encoded as an array, its own header cut off. */
async function packUsers(users: AgentUser[]): Promise<Buffer> {
  const parts: Uint8Array[] = [Buffer.from(encode({ users: [] })).subarray(0, -1), arrayHeader(users.length)];
  for (let i = 0; i < users.length; i += PAGE) {
    if (i > 0) await turn();
    const slice = users.slice(i, i + PAGE);
    parts.push(encode(slice).subarray(arrayHeader(slice.length).length));
  }
  return Buffer.concat(parts);
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
      const build = this.build(node, key).finally(() => this.building.delete(key));
      this.building.set(key, build);
      return build;
    }
    // Changes kept coming while others built: this call builds its own.
    return this.build(node, key);
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

  /**
   * Reads the node's users and writes the JSON a slice at a time (one turn of the event loop between slices); the
   * version is the one read before the query, so a change during the build makes the list stale at once.
   */
  private async build(node: AgentNode, key: string): Promise<UserList> {
    const now = nowIso();
    const rows = await repo.servedUsers(this.db, now, node.id);
    const users: AgentUser[] = new Array<AgentUser>(rows.length);
    const parts: string[] = [];
    let validUntil: string | null = null;
    for (let i = 0; i < rows.length; i += PAGE) {
      if (i > 0) await turn();
      const end = Math.min(rows.length, i + PAGE);
      for (let j = i; j < end; j++) {
        const r = rows[j]!;
        users[j] = {
          id: r.id,
          uuid: r.uuid,
          speed_limit: r.speed_limit_mbps ?? 0,
          device_limit: r.device_limit,
        };
        if (validUntil === null || r.end_at < validUntil) validUntil = r.end_at;
      }
      parts.push(JSON.stringify(users.slice(i, end)).slice(1, -1));
    }
    const previous = this.lists.get(key);
    const json = new ListBody(Buffer.from(`{"users":[${parts.join(',')}]}`));
    const list = new UserList(node.list_version, validUntil, users, json, previous);
    if (!previous || previous.version <= list.version) this.lists.set(key, list);
    // Go's HTTP client asks for gzip by itself: both agents' pulls will want it.
    if (!list.empty) void list.json.gzip().catch(() => undefined);
    return list;
  }
}
