import { domainToASCII } from 'node:url';

/**
 * The normal form of an address as migration 0030 wrote it (the rule lives in the contract, `normaliseEmail`; this
 * copy stays as it was so the migration's result never changes): trimmed, the local part in NFC and lower case, the
 * domain without its trailing dot, in lower case and ASCII (punycode) form. Null when there is no domain to convert.
 */
export function emailNormalForm0030(email: string): string | null {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  if (at <= 0) return null;
  const local = value.slice(0, at).normalize('NFC').toLowerCase();
  const typed = value.slice(at + 1);
  const domain = typed.endsWith('.') ? typed.slice(0, -1) : typed;
  const ascii = domain === '' ? '' : domainToASCII(domain);
  return ascii === '' ? null : `${local}@${ascii}`;
}
