import { createHash } from 'node:crypto';
import { normaliseEmail, type OAuthProvider } from '@portal/contract';
import type { OAuthProviderConfig } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

/** What a provider tells us about the person who signed in. */
export interface ProviderProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  avatar: string | null;
}

const TIMEOUT_MS = 10_000;

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

async function getJson(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new AppError('EXTERNAL_API', null, { cause: err });
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: null };
  }
}

/** A provider's address in the normal form accounts use; one the rules refuse counts as none. */
function providerEmail(value: unknown): string | null {
  const text = str(value);
  const checked = text === null ? null : normaliseEmail(text);
  return checked?.ok ? checked.email : null;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

/**
 * An OAuth2 authorization-code client with PKCE (S256) for Google (OpenID Connect userinfo) and GitHub (REST user
 * and emails). Endpoints come from the configuration, so any compatible OAuth2 server can stand in.
 */
export class ProviderClient {
  constructor(
    readonly provider: OAuthProvider,
    private readonly config: OAuthProviderConfig,
  ) {}

  authorizationUrl(state: string, verifier: string, redirectUri: string): string {
    const url = new URL(this.config.authUrl);
    url.searchParams.set('client_id', this.config.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set(
      'scope',
      this.provider === 'google' ? 'openid email profile' : 'read:user user:email',
    );
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', pkceChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (this.provider === 'google') url.searchParams.set('prompt', 'select_account');
    return url.toString();
  }

  /** Code -> provider access token. A refused code is 40803. */
  async exchange(code: string, verifier: string, redirectUri: string): Promise<string> {
    const { status, body } = await getJson(this.config.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        code_verifier: verifier,
      }).toString(),
    });
    const token =
      body && typeof body === 'object' ? str((body as Record<string, unknown>).access_token) : null;
    if (status >= 500) throw new AppError('EXTERNAL_API', { provider: this.provider, status });
    if (status !== 200 || !token) throw new AppError('OAUTH_CODE_INVALID');
    return token;
  }

  async profile(accessToken: string): Promise<ProviderProfile> {
    const headers = {
      accept: 'application/json',
      authorization: `Bearer ${accessToken}`,
      'user-agent': 'proxy-portal',
    };
    const { status, body } = await getJson(this.config.userUrl, { headers });
    if (status !== 200 || !body || typeof body !== 'object')
      throw new AppError('EXTERNAL_API', { provider: this.provider, status });
    const u = body as Record<string, unknown>;
    if (this.provider === 'google') {
      const id = str(u.sub);
      if (!id) throw new AppError('EXTERNAL_API', { provider: this.provider });
      return {
        id,
        email: providerEmail(u.email),
        emailVerified: u.email_verified === true,
        name: str(u.name),
        avatar: str(u.picture),
      };
    }
    const id = str(u.id);
    if (!id) throw new AppError('EXTERNAL_API', { provider: this.provider });
    // GitHub's profile email is only what the user made public; the verified primary address comes from /user/emails.
    let email: string | null = null;
    let verified = false;
    if (this.config.emailsUrl) {
      const emails = await getJson(this.config.emailsUrl, { headers });
      if (emails.status === 200 && Array.isArray(emails.body)) {
        const list = emails.body as { email?: unknown; primary?: unknown; verified?: unknown }[];
        const best =
          list.find((e) => e.primary === true && e.verified === true) ??
          list.find((e) => e.verified === true);
        if (best) {
          email = providerEmail(best.email);
          verified = email !== null;
        }
      }
    }
    return {
      id,
      email,
      emailVerified: verified,
      name: str(u.name) ?? str(u.login),
      avatar: str(u.avatar_url),
    };
  }
}
