import type { Generated, Selectable } from 'kysely';
import type { UserRole } from '@portal/contract';

/** Tables of accounts and sign-in (modules/auth). */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** null for accounts created by third-party sign-in */
  password_hash: string | null;
  nickname: string | null;
  avatar_url: string | null;
  email_verified_at: string | null;
  status: Generated<'active' | 'disabled'>;
  role: Generated<UserRole>;
  balance_fen: Generated<number>;
  locale: Generated<string>;
  invite_code: string | null;
  failed_logins: Generated<number>;
  locked_until: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface SessionsTable {
  id: string;
  user_id: number;
  remember_me: number;
  user_agent: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
  location: string | null;
  created_at: string;
  last_active_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  /** When the session's second factor was proven (null: password or third-party sign-in only). */
  two_factor_at: string | null;
}
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  rotated_at: string | null;
}
export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify_email' | 'reset_password';
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Two-factor sign-in (modules/auth two-factor-*.ts). */
export interface TwoFactorTable {
  user_id: number;
  secret_enc: string;
  enabled_at: string | null;
  last_step: number | null;
  created_at: string;
  updated_at: string;
}
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}
export interface TwoFactorChallengesTable {
  token_hash: string;
  user_id: number;
  remember_me: number;
  first_login: number;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * Accounts whose address migration 0030 could not put in normal form (issue 20 §3): another account already had
 * that form (`same_as_user_id`), or the address had no domain to convert. Their address was left as it was.
 */
export interface EmailConflictsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  normal_form: string | null;
  reason: 'same_normal_form' | 'no_normal_form';
  same_as_user_id: number | null;
  created_at: string;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  email_conflicts: EmailConflictsTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type TwoFactorRow = Selectable<TwoFactorTable>;
