/** Timestamps are stored as ISO 8601 UTC strings (they sort correctly as text on both dialects). */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}
