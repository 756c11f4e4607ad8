/** Timestamps are stored as ISO 8601 UTC strings (they sort correctly as text on both dialects). */
export function nowIso(): string {
  // Formatting a date is most of a hot route's date work (every /sub answer asks); within one millisecond the text
  // is the same.
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

let lastMs = Number.NaN;
let lastIso = '';

/** `ms` from now (`Date.now`, as `nowIso` reads it: a test that moves one moves both) or from `from`. */
export function isoAfter(ms: number, from: Date = new Date(Date.now())): string {
  return new Date(from.getTime() + ms).toISOString();
}
