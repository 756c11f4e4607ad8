export { ProfileCard } from './profile-card';
export { ChangePasswordForm } from './change-password-form';
export { OAuthBindingsCard } from './oauth-bindings-card';
export { TwoFactorCard } from './two-factor-card';
export { SessionsTable, useDeviceLabel } from './sessions-table';
