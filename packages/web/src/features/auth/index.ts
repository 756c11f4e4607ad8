export { AuthModalProvider, useAuthModal } from './auth-modal';
export { AuthPanel } from './auth-panel';
export type { AuthMode } from './auth-panel';
export { LoginForm } from './login-form';
export { TwoFactorStep } from './two-factor-step';
export { RegisterForm } from './register-form';
export { ForgotPasswordForm } from './forgot-password-form';
export { ResetPasswordForm } from './reset-password-form';
export { logout, AFTER_LOGOUT_MS, AFTER_OAUTH_MS } from './api';
export { OAuthButtons, PROVIDER_ICONS, useOAuthProviders, useOAuthProvidersQuery } from './oauth-buttons';
export {
  OAUTH_SESSION_KEYS,
  browser,
  clearPendingOAuth,
  markFirstLogin,
  readPendingOAuth,
  startOAuth,
} from './oauth';
export type { OAuthMode, PendingOAuth } from './oauth';
export { WelcomeModal, welcomePending } from './welcome-modal';
export { VerifyBanner, BANNER_DISMISSED_KEY } from './verify-banner';
