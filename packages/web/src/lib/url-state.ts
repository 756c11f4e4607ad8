import { useSearchParams } from './router';

/** A positive whole number from a URL parameter, or null for anything else ("0", "-1", "2.5", "abc"). */
export function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Page state kept in the URL (filters, page, an open item), so reload, back and shared links show the same thing.
 * `update` edits a copy of the current parameters; `setPage` writes the page (page 1 is the absence of one).
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const update = (change: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace },
    );
  const setPage = (value: number) =>
    update((next) => {
      if (value > 1) next.set('page', String(value));
      else next.delete('page');
    });
  return { params, update, setPage, page: positiveInt(params.get('page')) ?? 1 };
}
