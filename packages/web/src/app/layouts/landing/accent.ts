/**
 * The landing page's accent is the console's brand (theme/tokens.ts): a visitor meets the same blue on the first
 * screen that the product uses after sign-in. Its filled shade carries white text at WCAG AA in both schemes, and it
 * passes as text on white (tokens.test.ts).
 */
export const ACCENT = 'brand';
