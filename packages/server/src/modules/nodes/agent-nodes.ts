import type { Db, NodeRow } from '../../db/types.js';
import type { ListVersionWatch } from '../../lib/list-version-watch.js';
import { CatalogueVersion } from './catalogue-version.js';
import * as repo from './repository.js';
import type { AgentNode } from './user-lists.js';

/**
 * The nodes the agents authenticate as, from memory: an agent's every call needs its node's row and the user lists'
 * version, and both rarely change, so neither is asked of the database while nothing says it moved.
 *
 * - A row is kept with the node catalogue's version read before it (catalogue-version.ts). Every write to a node that
 *   an agent's call reads (its token, protocol, visibility, rate, settings, going offline or online, deletion) stores a
 *   new catalogue version, so a kept row is used only while that version stands: at once after a write made in this
 *   process, within the version's reading interval (1 s) after one made by another instance.
 * - The version of the user lists comes from the shared watch (lib/list-version-watch.ts): exact on SQLite, the last
 *   announced one on PostgreSQL. While the watch cannot say, the row and the version are read together, as before.
 * - The heartbeat's time is what this process last wrote (a row is not read again for it).
 */
export class AgentNodes {
  private readonly rows = new Map<number, { row: NodeRow; catalogue: string }>();
  private readonly catalogue: CatalogueVersion;

  constructor(
    private readonly db: Db,
    private readonly watch: ListVersionWatch,
  ) {
    this.catalogue = new CatalogueVersion(db);
  }

  async find(id: number): Promise<AgentNode | undefined> {
    const listVersion = await this.watch.current();
    if (listVersion === null) return repo.findAgentNode(this.db, id);
    const catalogue = await this.catalogue.current();
    const kept = this.rows.get(id);
    if (kept?.catalogue === catalogue) return { ...kept.row, list_version: listVersion };
    // Read after the catalogue's version: a write in between leaves this row under the older version, read again.
    const row = await repo.findAgentNode(this.db, id);
    if (!row) {
      this.rows.delete(id);
      return undefined;
    }
    const { list_version, ...node } = row;
    this.rows.set(id, { row: node, catalogue });
    return { ...node, list_version: Math.max(list_version, listVersion) };
  }

  /** The heartbeat written now: the kept row carries its time. */
  heartbeatWritten(id: number, at: string): void {
    const kept = this.rows.get(id);
    if (kept) kept.row = { ...kept.row, last_heartbeat_at: at };
  }
}
