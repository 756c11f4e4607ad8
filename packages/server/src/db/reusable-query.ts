import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './types.js';

const SLOT = '\u0000reusable-query-slot:';

/**
 * A query built and compiled once per database handle, then run with each call's values: for the hottest lookups
 * (a subscription link's token, an agent's node) Kysely's building and compiling would cost more than the database.
 * `build` gets one stand-in per value (`slots[i]`) and uses it where the value goes; each call's `values[i]` takes the
 * stand-in's place among the compiled parameters. Only for plain values compared or inserted as parameters (a
 * stand-in inside an expression the compiler rewrites would not be found, and the call throws).
 */
export function reusableQuery<Row, Values extends readonly unknown[]>(
  count: Values['length'],
  build: (db: Db, slots: readonly string[]) => Compilable<Row>,
): (db: Db, ...values: Values) => Promise<Row[]> {
  const slots = Array.from({ length: count }, (_, i) => `${SLOT}${i}`);
  const compiled = new WeakMap<Db, { query: CompiledQuery<Row>; at: (number | null)[] }>();
  return async (db, ...values) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db, slots).compile();
      const at = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(SLOT) ? Number(p.slice(SLOT.length)) : null,
      );
      if (new Set(at.filter((i) => i !== null)).size !== count)
        throw new Error(
          `reusableQuery: ${count} values, but the compiled query holds ${at.filter((i) => i !== null).length} stand-ins`,
        );
      entry = { query, at };
      compiled.set(db, entry);
    }
    const { query, at } = entry;
    const parameters = query.parameters.map((p, i) => (at[i] === null ? p : values[at[i]!]));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
