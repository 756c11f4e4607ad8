/**
 * `virtual:contract-texts/<locale>` (vite.config.ts, `contractTexts`): the contract's error and validation texts of
 * one language, as the translations hold them (`errors.<code>`, `v.<name>`). Each language's messages re-export
 * their own, so a visitor downloads the texts of the language in use only.
 */
declare module 'virtual:contract-texts/*' {
  import type { ValidationMessageKey } from '@portal/contract';

  const texts: { v: Record<ValidationMessageKey, string>; errors: Record<string, string> };
  export default texts;
}
