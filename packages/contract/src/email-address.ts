/**
 * Email addresses by the standards' limits, in one normal form (issue 20 §3). Used by the contract's `emailSchema`
 * (so by every form and request) and by the server wherever it looks an address up.
 *
 * - Local part: a dot-atom (RFC 5322: letters, digits, ``!#$%&'*+-/=?^_`{|}~``, dots between them) or non-ASCII
 *   text without spaces or invisible characters (RFC 6531), at most 64 octets (RFC 5321 §4.5.3.1.1); NFC, lower case
 *   (the whole address has always been compared in lower case here).
 * - Domain: labels of letters, digits and hyphens up to 63 octets, at least two, the last not numeric, at most 253
 *   octets in all; international names in their ASCII (punycode) form as URL hosts are (UTS #46, what node's
 *   `url.domainToASCII` and browsers do); the trailing dot of a fully qualified name dropped (`x@example.com.` is
 *   `x@example.com`).
 * - The whole at most 254 octets (RFC 5321's path limit less the angle brackets).
 * - A local part or a domain label that mixes Latin, Cyrillic and Greek letters is refused: it is how an address is
 *   made to look like another (`pаypal` with a Cyrillic а). One script throughout (`иван@пример.рф`) is fine.
 */

export const EMAIL_LIMITS = {
  localOctets: 64,
  domainOctets: 253,
  labelOctets: 63,
  totalOctets: 254,
} as const;

export type EmailProblem = 'email_invalid' | 'email_too_long' | 'email_mixed_script';
export type EmailCheck = { ok: true; email: string } | { ok: false; problem: EmailProblem };

const ATEXT = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]$/;
/** Characters no address part may hold: spaces, control, format (zero-width, direction), private or unassigned. */
const UNSEEN = /[\s\p{Z}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;
/** Characters that would change what a URL parser reads as the host. */
const NOT_IN_HOST = /[/\\?#@:%[\]<>^|"'`{}\s]/u;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** The WHATWG URL parser, in browsers and Node alike (the contract is built without either's type library). */
declare const URL: new (input: string) => { hostname: string };

/** Length in UTF-8 octets, the unit of the standards' limits. */
function octets(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** True when the text holds letters of more than one of Latin, Cyrillic and Greek. */
export function mixesScripts(text: string): boolean {
  return SCRIPTS.filter((script) => script.test(text)).length > 1;
}

function localPartProblem(local: string): EmailProblem | null {
  if (local === '' || local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return 'email_invalid';
  for (const ch of local) {
    if (ch === '.') continue;
    if (ch.charCodeAt(0) < 0x80 ? !ATEXT.test(ch) : UNSEEN.test(ch)) return 'email_invalid';
  }
  if (octets(local) > EMAIL_LIMITS.localOctets) return 'email_too_long';
  if (mixesScripts(local)) return 'email_mixed_script';
  return null;
}

/** The domain in ASCII form, or the problem. */
function asciiDomain(typed: string): { ok: true; domain: string } | { ok: false; problem: EmailProblem } {
  const domain = typed.endsWith('.') ? typed.slice(0, -1) : typed;
  if (domain === '' || NOT_IN_HOST.test(domain) || UNSEEN.test(domain))
    return { ok: false, problem: 'email_invalid' };
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return { ok: false, problem: 'email_invalid' };
  }
  if (host.length > EMAIL_LIMITS.domainOctets) return { ok: false, problem: 'email_too_long' };
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TOP_LABEL.test(labels.at(-1) ?? ''))
    return { ok: false, problem: 'email_invalid' };
  for (const label of labels) {
    if (!label.startsWith('xn--')) continue;
    let unicode: string;
    try {
      unicode = decodePunycode(label.slice(4));
    } catch {
      return { ok: false, problem: 'email_invalid' };
    }
    if (mixesScripts(unicode)) return { ok: false, problem: 'email_mixed_script' };
  }
  return { ok: true, domain: host };
}

/** Checks an address and gives its normal form (what is stored, compared and mailed to). */
export function normaliseEmail(typed: string): EmailCheck {
  const value = typed.trim();
  const at = value.lastIndexOf('@');
  if (at <= 0 || value.indexOf('@') !== at) return { ok: false, problem: 'email_invalid' };
  const local = value.slice(0, at).normalize('NFC').toLowerCase();
  const localProblem = localPartProblem(local);
  if (localProblem) return { ok: false, problem: localProblem };
  const domain = asciiDomain(value.slice(at + 1));
  if (!domain.ok) return domain;
  const email = `${local}@${domain.domain}`;
  if (octets(email) > EMAIL_LIMITS.totalOctets) return { ok: false, problem: 'email_too_long' };
  return { ok: true, email };
}

/** The normal form of a valid address, else the text trimmed and in lower case (a lookup then finds nothing). */
export function emailLookupForm(typed: string): string {
  const checked = normaliseEmail(typed);
  return checked.ok ? checked.email : typed.trim().toLowerCase();
}

// Punycode (RFC 3492 §6.2), decoding only: to see the letters of an `xn--` label. Browsers have no decoder of their
// own to call, and a label is short (63 octets), so the arithmetic stays far from overflow.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + 38));
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

export function decodePunycode(input: string): string {
  const output: number[] = [];
  const basic = Math.max(0, input.lastIndexOf('-'));
  for (let j = 0; j < basic; j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) throw new Error('not punycode');
    output.push(code);
  }
  let n = 0x80;
  let i = 0;
  let bias = 72;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length;) {
    const before = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) throw new Error('not punycode');
      const digit = digitOf(input.charCodeAt(index++));
      if (digit >= BASE) throw new Error('not punycode');
      i += digit * weight;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      weight *= BASE - t;
    }
    bias = adapt(i - before, output.length + 1, before === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) throw new Error('not punycode');
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}
