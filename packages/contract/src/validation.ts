import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  HELP_LIMITS,
  LIMITS,
  MAX_CODE_AMOUNT,
  MAX_PAGE_SIZE,
  NODE_PROTOCOLS,
  RECHARGE_CODE_ALPHABET,
  RECHARGE_CODE_PREFIX,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKETS,
} from './constants.js';
import { vkey } from './i18n/validation-messages.js';
import { normaliseEmail } from './email-address.js';
import { isMoneyString, parseMoneyToFen } from './money.js';
import { MAX_INT, idSchema, intQuery, lineText, multilineText } from './inputs.js';

/**
 * The validation rules of product rules §5 as reusable schemas. Messages are keys of VALIDATION_MESSAGES,
 * translated by whoever shows them (server answer or form field).
 *
 * Every schema a browser form checks with lives here (or in inputs.ts), not in its endpoint's module, and the
 * constants these schemas need live in constants.ts: the browser build loads this module with zod, only with the
 * pages that have forms, while the endpoints' modules load with every page (packages/web/vite.config.ts).
 */

/** An email address, checked and given in its normal form (`normaliseEmail`, email-address.ts). */
export const emailSchema = lineText({ error: vkey('email_required') })
  .trim()
  .min(1, { error: vkey('email_required') })
  // A bound on the work before the real check (a trailing dot is still allowed at the limit).
  .max(LIMITS.emailMax + 1, { error: vkey('email_too_long') })
  .transform((typed, ctx) => {
    const checked = normaliseEmail(typed);
    if (checked.ok) return checked.email;
    ctx.issues.push({ code: 'custom', message: vkey(checked.problem), input: typed });
    return z.NEVER;
  });

const passwordBase = lineText({ error: vkey('password_required') }).min(1, {
  error: vkey('password_required'),
});

export const loginPasswordSchema = passwordBase
  .min(LIMITS.loginPasswordMin, { error: vkey('password_min6') })
  .max(LIMITS.passwordMax, { error: vkey('password_max128') });

/** Register (and change): at least 8, with a lowercase letter, an uppercase letter and a digit. */
export const strongPasswordSchema = passwordBase
  .min(LIMITS.registerPasswordMin, { error: vkey('password_min8') })
  .max(LIMITS.passwordMax, { error: vkey('password_max128') })
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), { error: vkey('password_complexity') });

export const resetPasswordSchema = passwordBase
  .min(LIMITS.resetPasswordMin, { error: vkey('password_min8') })
  .max(LIMITS.resetPasswordMax, { error: vkey('password_max128') });

export const changeNewPasswordSchema = passwordBase
  .min(LIMITS.changePasswordMin, { error: vkey('password_min8') })
  .max(LIMITS.passwordMax, { error: vkey('password_max128') });

/** Text direction overrides and isolates (U+202A-202E, U+2066-2069): they make a name read as something else. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
/** A character that shows: not a space, not invisible (format characters, lone marks, the Hangul and Braille blanks). */
const VISIBLE = /[^\s\p{Z}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;
/** Spaces and invisible characters at either end. */
const EDGES = /^[\s\p{Z}\p{Cf}]+|[\s\p{Z}\p{Cf}]+$/gu;

/** Why a nickname is refused, or null: direction controls anywhere, or nothing visible in a non-empty value. */
export function nicknameProblem(value: string): 'nickname_bidi' | 'nickname_blank' | null {
  if (BIDI_CONTROLS.test(value)) return 'nickname_bidi';
  if (value !== '' && !VISIBLE.test(value)) return 'nickname_blank';
  return null;
}

/**
 * A nickname: one line without control or direction characters, something visible in it, trimmed of spaces and
 * invisible characters at its ends, at most `max` characters. Empty means none.
 */
function nicknameSchema(max: number, tooLong: ReturnType<typeof vkey>) {
  return lineText()
    .refine((v) => nicknameProblem(v) !== 'nickname_bidi', { error: vkey('nickname_bidi') })
    .refine((v) => nicknameProblem(v) !== 'nickname_blank', { error: vkey('nickname_blank') })
    .overwrite((v) => v.replace(EDGES, ''))
    .max(max, { error: tooLong });
}

export const registerNicknameSchema = nicknameSchema(LIMITS.nicknameRegisterMax, vkey('nickname_max20'));

export const profileNicknameSchema = nicknameSchema(LIMITS.nicknameProfileMax, vkey('nickname_max30'));

export const loginSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  remember_me: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * "The confirmation equals the password" as an object-level check that runs with the field checks, not only once
 * every field passed (zod's default): a form with several mistakes shows them all at once. It runs whenever both
 * passwords are there as text; an empty confirmation already says so itself.
 */
function confirmationMatches(passwordKey: 'password' | 'new_password') {
  return {
    error: vkey('password_mismatch'),
    path: ['confirm_password'],
    when: (payload: { value: unknown }) => {
      const v = payload.value as Record<string, unknown> | null;
      return (
        typeof v === 'object' &&
        v !== null &&
        typeof v[passwordKey] === 'string' &&
        typeof v.confirm_password === 'string' &&
        v.confirm_password !== ''
      );
    },
  };
}

/** What the API accepts for registration (product rules §5, §7). */
export const registerSchema = z
  .object({
    email: emailSchema,
    password: strongPasswordSchema,
    confirm_password: lineText({ error: vkey('confirm_required') })
      .min(1, { error: vkey('confirm_required') })
      .max(LIMITS.passwordMax, { error: vkey('password_max128') }),
    nickname: registerNicknameSchema.optional(),
    invite_code: lineText()
      .trim()
      .max(64, { error: vkey('invite_code_invalid') })
      .optional(),
  })
  .refine((v) => v.password === v.confirm_password, confirmationMatches('password'));
export type RegisterInput = z.input<typeof registerSchema>;

/** The register form adds the agreement checkbox (product rules §5), which the API does not receive. */
export const registerFormSchema = z
  .object({
    email: emailSchema,
    password: strongPasswordSchema,
    confirm_password: lineText({ error: vkey('confirm_required') })
      .min(1, { error: vkey('confirm_required') })
      .max(LIMITS.passwordMax, { error: vkey('password_max128') }),
    nickname: registerNicknameSchema.optional(),
    invite_code: lineText()
      .trim()
      .max(64, { error: vkey('invite_code_invalid') })
      .optional(),
    agreeToTerms: z.literal(true, { error: vkey('terms_required') }),
  })
  .refine((v) => v.password === v.confirm_password, confirmationMatches('password'));

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetConfirmSchema = z
  .object({
    token: lineText()
      .min(1, { error: vkey('required') })
      .max(256, { error: vkey('invalid') }),
    password: resetPasswordSchema,
    confirm_password: lineText()
      .min(1, { error: vkey('confirm_required') })
      .max(LIMITS.passwordMax, { error: vkey('password_max128') }),
  })
  .refine((v) => v.password === v.confirm_password, confirmationMatches('password'));

export const changePasswordSchema = z
  .object({
    old_password: passwordBase.max(LIMITS.passwordMax, { error: vkey('password_max128') }),
    new_password: changeNewPasswordSchema,
  })
  .refine((v) => v.old_password !== v.new_password, {
    error: vkey('password_same_as_old'),
    path: ['new_password'],
  });

/** The change-password form also has the confirmation field. */
export const changePasswordFormSchema = z
  .object({
    old_password: passwordBase,
    new_password: changeNewPasswordSchema,
    confirm_password: lineText()
      .min(1, { error: vkey('confirm_required') })
      .max(LIMITS.passwordMax, { error: vkey('password_max128') }),
  })
  .refine((v) => v.new_password === v.confirm_password, confirmationMatches('new_password'))
  .refine((v) => v.old_password !== v.new_password, {
    error: vkey('password_same_as_old'),
    path: ['new_password'],
  });

export const profileUpdateSchema = z.object({ nickname: profileNicknameSchema });

export const ticketTitleSchema = lineText({ error: vkey('ticket_title_length') })
  .trim()
  .min(LIMITS.ticketTitleMin, { error: vkey('ticket_title_length') })
  .max(LIMITS.ticketTitleMax, { error: vkey('ticket_title_length') });

export const codeQuantitySchema = z.coerce
  .number({ error: vkey('code_quantity') })
  .int({ error: vkey('code_quantity') })
  .min(LIMITS.codeBatchMin, { error: vkey('code_quantity') })
  .max(LIMITS.codeBatchMax, { error: vkey('code_quantity') });

const RECHARGE_CODE_RE = new RegExp(
  `^${RECHARGE_CODE_PREFIX.replace(/[-]/g, '\\-')}[${RECHARGE_CODE_ALPHABET}]{${LIMITS.rechargeCodeLength - RECHARGE_CODE_PREFIX.length}}$`,
);

export function isRechargeCodeFormat(code: string): boolean {
  return RECHARGE_CODE_RE.test(code);
}

export const rechargeCodeSchema = lineText({ error: vkey('code_required') })
  .trim()
  .max(LIMITS.rechargeCodeLength * 2, { error: vkey('code_format') })
  .min(1, { error: vkey('code_required') })
  .transform((c) => c.toUpperCase())
  .refine(isRechargeCodeFormat, { error: vkey('code_format') });

/** A positive money amount as a decimal string with at most two decimals ("12.50"). */
export const moneyAmountSchema = lineText({ error: vkey('amount_invalid') })
  .trim()
  .max(20, { error: vkey('amount_invalid') })
  .refine(isMoneyString, { error: vkey('amount_invalid') })
  .refine((v) => Number(v) > 0, { error: vkey('amount_positive') })
  .refine((v) => !isMoneyString(v) || parseMoneyToFen(v) <= MAX_INT, { error: vkey('amount_invalid') });

/** The last page a list may be asked for: far beyond any real list, well inside the databases' offsets. */
export const MAX_PAGE = 1_000_000;

export const paginationQuerySchema = z.object({
  page: intQuery(1, MAX_PAGE, vkey('page_invalid')).default(1),
  size: intQuery(1, MAX_PAGE_SIZE, vkey('page_invalid')).default(DEFAULT_PAGE_SIZE),
});

/** Login strength hint (product rules §5): under 6 weak, under 8 medium, otherwise strong. */
export type LoginStrength = 'weak' | 'medium' | 'strong';
export function loginPasswordStrength(password: string): LoginStrength {
  if (password.length < 6) return 'weak';
  if (password.length < 8) return 'medium';
  return 'strong';
}

/** Register strength score 0-5: length 8+, lowercase, uppercase, digit, special character. */
export function registerPasswordScore(password: string): number {
  return [
    password.length >= 8,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}

export const STRENGTH_LABELS = ['very_weak', 'weak', 'medium', 'strong', 'very_strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/** Score 0-1 very weak, 2 weak, 3 medium, 4 strong, 5 very strong. */
export function strengthLabel(score: number): StrengthLabel {
  const index = Math.max(0, Math.min(4, score - 1));
  return STRENGTH_LABELS[index] ?? 'very_weak';
}

// ---- tickets ----

export const ticketCategorySchema = z.enum(TICKET_CATEGORIES, { error: vkey('category_required') });
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);

/** Ids from /tickets/upload (at most TICKETS.attachmentsPerMessage) on a new ticket or a reply. */
export const ticketAttachmentIds = z.array(idSchema).max(100).default([]);

export const createTicketBody = z.object({
  title: ticketTitleSchema,
  category: ticketCategorySchema,
  priority: ticketPrioritySchema.default('medium'),
  description: multilineText({ error: vkey('description_required') })
    .trim()
    .min(1, { error: vkey('description_required') })
    .max(TICKETS.descriptionMax, { error: vkey('too_long') }),
  /** Ids from /tickets/upload (at most TICKETS.attachmentsPerMessage). */
  attachment_ids: ticketAttachmentIds,
});

// ---- help ----

export const helpRatingSchema = z
  .number({ error: vkey('help_rating') })
  .int({ error: vkey('help_rating') })
  .min(HELP_LIMITS.ratingMin, { error: vkey('help_rating') })
  .max(HELP_LIMITS.ratingMax, { error: vkey('help_rating') });

export const helpFeedbackSchema = multilineText({ error: vkey('help_feedback_max') })
  .trim()
  .max(HELP_LIMITS.feedbackMax, { error: vkey('help_feedback_max') });

export const rateBodySchema = z.object({
  rating: helpRatingSchema,
  feedback: helpFeedbackSchema.nullable().optional(),
});

// ---- recharge codes ----

export const generateCodesBody = z.object({
  quantity: codeQuantitySchema,
  amount: moneyAmountSchema.refine((v) => Number(v) <= Number(MAX_CODE_AMOUNT), {
    error: vkey('amount_invalid'),
  }),
});

// ---- nodes ----

export const nodeProtocolSchema = z.enum(NODE_PROTOCOLS);
