import type { Kysely } from 'kysely';
import type { Database, Db, SubscriptionRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/crypto.js';
import { linkTarget, type LinkIndex, type LinkTarget } from './link-index.js';
import * as repo from './repository.js';
import { ownSubscription } from './subscription-queries.js';

/** The subscription link proxy clients poll: showing it and replacing its token. */
export class SubscriptionLinks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string,
    /** Links served from memory (`/sub`); without one every lookup reads the database. */
    private readonly index: LinkIndex | null = null,
  ) {}

  private url(token: string): string {
    return `${this.publicUrl}/sub/${token}`;
  }

  private async target(userId: number, subscriptionId?: number): Promise<SubscriptionRow> {
    if (subscriptionId) {
      const sub = await ownSubscription(this.db, userId, subscriptionId);
      if (sub.status === 'upgraded')
        throw new AppError('LINK_NOT_FOUND', { reason: 'upgraded', upgraded_to: sub.upgraded_to });
      return sub;
    }
    const [first] = await repo.currentSubscriptions(this.db, userId, 1);
    if (!first) throw new AppError('LINK_NOT_FOUND');
    return first;
  }

  /** What a link token opens (from memory when the index can say); null: unknown. */
  async resolve(token: string): Promise<LinkTarget | null> {
    const known = await this.index?.lookup(token);
    if (known) return known;
    const row = await repo.byLinkToken(this.db, token);
    return row ? linkTarget(row) : null;
  }

  async close(): Promise<void> {
    await this.index?.close();
  }

  async link(userId: number, subscriptionId?: number) {
    const sub = await this.target(userId, subscriptionId);
    return { subscription_id: sub.id, url: this.url(sub.link_token), token: sub.link_token };
  }

  async resetLink(userId: number, subscriptionId: number) {
    const sub = await this.target(userId, subscriptionId);
    const token = await this.replaceToken(this.db, sub.id);
    return { subscription_id: sub.id, url: this.url(token), token };
  }

  /** A new token for the subscription (the customer's reset and the staff's): the old URL answers 404 at once. */
  async replaceToken(db: Db, subscriptionId: number): Promise<string> {
    const token = randomToken(24);
    await repo.setLinkToken(db, subscriptionId, token);
    this.index?.forget(subscriptionId);
    return token;
  }
}
