import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, fillPath, ticketsApi } from '@portal/contract';

/**
 * Short-lived signed addresses for attachments: an <img> cannot send the bearer token, so the detail answer gives
 * each file a URL carrying its expiry and an HMAC of (id, expiry) under a key derived from the app secret. Expiries
 * are rounded up to the next step, so the URLs of one ticket stay the same across refreshes within a step (images are
 * not loaded again) while each stays valid for at least `ttlSeconds`.
 */
export class AttachmentLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds = 15 * 60,
    private readonly stepSeconds = 5 * 60,
  ) {
    this.key = createHmac('sha256', secret).update('ticket-attachment-links').digest();
  }

  expiryFor(nowMs: number): number {
    const earliest = Math.floor(nowMs / 1000) + this.ttlSeconds;
    return Math.ceil(earliest / this.stepSeconds) * this.stepSeconds;
  }

  signature(id: number, expires: number): string {
    return createHmac('sha256', this.key).update(`${id}:${expires}`).digest('base64url');
  }

  url(id: number, nowMs = Date.now()): string {
    const expires = this.expiryFor(nowMs);
    const path = fillPath(ticketsApi.downloadAttachment.path, { id });
    return `${API_PREFIX}${path}?expires=${expires}&sig=${this.signature(id, expires)}`;
  }

  check(id: number, expires: number, sig: string, nowMs = Date.now()): 'ok' | 'expired' | 'invalid' {
    const expected = Buffer.from(this.signature(id, expires));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return expires * 1000 < nowMs ? 'expired' : 'ok';
  }
}
