import {
  OAUTH_PROVIDERS,
  type Locale,
  type OAuthAccount,
  type OAuthProvider,
  type TokenPair,
  type TwoFactorChallenge,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import { isoAfter } from '../../db/time.js';
import type { Database, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ClientMeta } from '../auth/client-meta.js';
import * as repo from './oauth-repository.js';
import { ProviderClient, type ProviderProfile } from './providers.js';

const STATE_TTL_MS = 10 * 60_000;

/**
 * Google and GitHub sign-in: authorize (state + PKCE), callback (find the linked account, else link by verified
 * email, else create one), bind and unbind for the signed-in user.
 */
export class OAuthService {
  private readonly clients = new Map<OAuthProvider, ProviderClient>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: AppConfig,
    private readonly auth: AuthService,
  ) {
    for (const provider of OAUTH_PROVIDERS) {
      const c = config.oauth[provider];
      if (c) this.clients.set(provider, new ProviderClient(provider, c));
    }
  }

  providers(): OAuthProvider[] {
    return OAUTH_PROVIDERS.filter((p) => this.clients.has(p));
  }

  private client(provider: string): ProviderClient {
    const client = this.clients.get(provider as OAuthProvider);
    if (!client) throw new AppError('OAUTH_PROVIDER_UNSUPPORTED', { provider });
    return client;
  }

  private get redirectUri(): string {
    return `${this.config.publicUrl}/auth/callback`;
  }

  async authorize(
    provider: string,
    mode: 'login' | 'bind',
    userId: number | null,
  ): Promise<{ authorization_url: string; state: string }> {
    const client = this.client(provider);
    const state = randomToken(24);
    const verifier = randomToken(48);
    await repo.deleteExpiredStates(this.db);
    await repo.insertState(this.db, {
      state,
      provider,
      mode,
      userId,
      verifier,
      expiresAt: isoAfter(STATE_TTL_MS),
    });
    return { authorization_url: client.authorizationUrl(state, verifier, this.redirectUri), state };
  }

  private async profileFor(
    provider: string,
    mode: 'login' | 'bind',
    code: string,
    state: string,
    userId: number | null,
  ): Promise<ProviderProfile> {
    const client = this.client(provider);
    const saved = await repo.consumeState(this.db, state, provider, mode);
    if (!saved || (mode === 'bind' && saved.user_id !== userId)) throw new AppError('OAUTH_STATE_MISMATCH');
    const token = await client.exchange(code, saved.code_verifier, this.redirectUri);
    return client.profile(token);
  }

  async callback(
    provider: string,
    code: string,
    state: string,
    meta: ClientMeta,
    locale: Locale,
  ): Promise<(TokenPair & { first_login: boolean }) | TwoFactorChallenge> {
    const profile = await this.profileFor(provider, 'login', code, state, null);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const linked = await repo.findAccount(trx, provider, profile.id);
        let user: UserRow | undefined = linked ? await this.auth.userById(trx, linked.user_id) : undefined;
        let firstLogin = false;
        if (!user) {
          if (!profile.email || !profile.emailVerified)
            throw new AppError('OAUTH_ACCOUNT_NOT_FOUND', { reason: 'no_verified_email' });
          const found = await this.auth.userForVerifiedEmail(
            trx,
            { email: profile.email, name: profile.name, avatar: profile.avatar },
            locale,
          );
          user = found.user;
          firstLogin = found.created;
          await repo.insertAccount(trx, {
            userId: user.id,
            provider,
            providerUserId: profile.id,
            email: profile.email,
            name: profile.name,
          });
        }
        if (user.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
        await this.auth.recordLogin(trx, user.id);
        // A provider's word is one factor: an account with two-factor on still gives its code.
        if (await this.auth.twoFactorEnabled(trx, user.id))
          return this.auth.twoFactorChallenge(trx, user.id, true, firstLogin);
        const pair = await this.auth.openSession(trx, user.id, true, meta);
        return { ...pair, first_login: firstLogin };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('OAUTH_ACCOUNT_BOUND');
      throw err;
    }
  }

  async bind(provider: string, code: string, state: string, user: UserRow): Promise<void> {
    const profile = await this.profileFor(provider, 'bind', code, state, user.id);
    const existing = await repo.findAccount(this.db, provider, profile.id);
    if (existing) {
      if (existing.user_id === user.id) return;
      throw new AppError('OAUTH_ACCOUNT_BOUND');
    }
    try {
      await repo.insertAccount(this.db, {
        userId: user.id,
        provider,
        providerUserId: profile.id,
        email: profile.email,
        name: profile.name,
      });
    } catch (err) {
      // Either that account was linked meanwhile, or this user already has another account of the provider.
      if (isUniqueViolation(err)) throw new AppError('OAUTH_ACCOUNT_BOUND');
      throw err;
    }
  }

  /** Refused when it would leave no way to sign in (no password and no other binding). */
  async unbind(provider: string, user: UserRow): Promise<void> {
    this.client(provider);
    await this.db.transaction().execute(async (trx) => {
      const accounts = await repo.listAccounts(trx, user.id);
      if (!accounts.some((a) => a.provider === provider)) throw new AppError('OAUTH_ACCOUNT_NOT_FOUND');
      if (!user.password_hash && accounts.length <= 1)
        throw new AppError('FORBIDDEN', { reason: 'last_sign_in_method' });
      await repo.deleteAccount(trx, user.id, provider);
    });
  }

  async accounts(userId: number): Promise<OAuthAccount[]> {
    const rows = await repo.listAccounts(this.db, userId);
    return rows.map((r) => ({
      provider: r.provider as OAuthProvider,
      email: r.email,
      name: r.name,
      bound_at: r.created_at,
    }));
  }
}
