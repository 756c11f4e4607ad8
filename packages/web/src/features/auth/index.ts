export { AuthModalProvider, useAuthModal } from './auth-modal';
export { AuthPanel } from './auth-panel';
export type { AuthMode } from './auth-panel';
export { LoginForm } from './login-form';
export { RegisterForm } from './register-form';
export { logout, AFTER_LOGOUT_MS } from './api';
