/** A `datetime-local` value as an ISO time with its offset (the API's format); undefined when empty or invalid. */
export function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
