import type { Generated } from 'kysely';

/** Tables of third-party sign-in (modules/oauth). */
export interface OAuthAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_user_id: string;
  email: string | null;
  name: string | null;
  created_at: string;
}
export interface OAuthStatesTable {
  state: string;
  provider: string;
  mode: 'login' | 'bind';
  user_id: number | null;
  code_verifier: string;
  created_at: string;
  expires_at: string;
}

export interface OAuthTables {
  oauth_accounts: OAuthAccountsTable;
  oauth_states: OAuthStatesTable;
}
