/**
 * Authenticated file downloads: answers that are a file (text/csv…), not the JSON envelope, so apiRequest does not
 * fit. The bearer token comes from the token store; an expired token is renewed once through the API client.
 */
import { API_PREFIX, isSuccessCode, localeToHeader, usersApi } from '@portal/contract';
import { currentLocale } from '../i18n/i18n';
import { apiRequest } from './api-client';
import { getAccessToken } from './token-store';

export class DownloadError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`download failed (HTTP ${status})`);
    this.name = 'DownloadError';
    this.status = status;
  }
}

type QueryValue = string | number | undefined | null;

export function downloadUrl(
  path: string,
  query: Record<string, QueryValue> = {},
  prefix: string = API_PREFIX,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return `${prefix}${path}${text ? `?${text}` : ''}`;
}

async function fetchFile(url: string): Promise<Response> {
  const token = getAccessToken();
  const headers: Record<string, string> = { 'Accept-Language': localeToHeader(currentLocale()) };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, { method: 'GET', headers, credentials: 'same-origin' });
  } catch {
    throw new DownloadError(0);
  }
}

/** An envelope instead of a file is a refusal, even with HTTP 200. */
async function isEnvelopeError(response: Response): Promise<boolean> {
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('application/json')) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === 'number' && !isSuccessCode(body.code);
  } catch {
    return false;
  }
}

/** `recharge-codes-20261105.csv` style names: prefix, local date, extension. */
export function datedFileName(prefix: string, extension: string, date: Date = new Date()): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${prefix}-${y}${m}${d}.${extension}`;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** The file name the server gives (`Content-Disposition: attachment; filename="…"`), if any. */
function serverFileName(response: Response): string | null {
  return /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
}

/**
 * GETs `path` (under `prefix`: the portal's API, or the staff API for the operators' console) with the bearer token
 * and saves the answer under the server's file name, `fileName` when it gives none. On 401 the session is renewed
 * once via a cheap API call (which runs the client's refresh or sign-out) and the download retried. Throws
 * DownloadError.
 */
export async function downloadAuthenticatedFile(
  path: string,
  query: Record<string, QueryValue>,
  fileName: string,
  prefix: string = API_PREFIX,
): Promise<void> {
  const url = downloadUrl(path, query, prefix);
  let response = await fetchFile(url);
  if (response.status === 401) {
    const before = getAccessToken();
    await apiRequest(usersApi.getBalance).catch(() => undefined);
    const after = getAccessToken();
    if (after === null || after === before) throw new DownloadError(401);
    response = await fetchFile(url);
  }
  if (!response.ok || (await isEnvelopeError(response))) throw new DownloadError(response.status);
  saveBlob(await response.blob(), serverFileName(response) ?? fileName);
}
