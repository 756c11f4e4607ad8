import { z } from 'zod';
import { lineText, multilineText } from '../inputs.js';
import { defineEndpoint } from '../endpoint.js';
import { LOCALES } from '../locales.js';

/**
 * Content the operator configures (contact channels, dealers). Stored with every language; the portal answers in the
 * caller's language, the staff API reads and writes all of them.
 */
export const localizedText = z.object(
  Object.fromEntries(LOCALES.map((l) => [l, multilineText().max(2000)])) as Record<
    (typeof LOCALES)[number],
    z.ZodString
  >,
);
export type LocalizedText = z.infer<typeof localizedText>;

export const CHANNEL_TYPES = [
  'email',
  'telegram',
  'discord',
  'wechat',
  'qq',
  'whatsapp',
  'website',
  'other',
] as const;
export const channelTypeSchema = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof channelTypeSchema>;

const httpUrl = lineText()
  .max(500)
  .refine((u) => /^(https?:\/\/|mailto:)/i.test(u), { message: 'http(s) or mailto URL' });

const channelConfig = z.object({
  type: channelTypeSchema,
  /** What the user copies: an address, a handle, an ID */
  value: lineText().min(1).max(200),
  url: httpUrl.nullable(),
  label: localizedText,
  note: localizedText,
});

export const contactConfig = z.object({
  channels: z.array(channelConfig).max(20),
  /** Promised first answer by email, in hours */
  email_reply_hours: z.number().int().min(1).max(168),
  hours: localizedText,
});
export type ContactConfig = z.infer<typeof contactConfig>;

const dealerConfig = z.object({
  name: lineText().min(1).max(100),
  /** The name in other languages, where it has one ("示例数码（香港）"); a language without it shows `name`. */
  name_translations: z
    .object(
      Object.fromEntries(LOCALES.map((l) => [l, lineText().max(100).optional()])) as Record<
        (typeof LOCALES)[number],
        z.ZodOptional<z.ZodString>
      >,
    )
    .optional(),
  region: localizedText,
  channels: z.array(channelConfig.omit({ label: true, note: true })).max(10),
  payment_methods: z.array(lineText().min(1).max(40)).max(10),
  note: localizedText,
});

export const dealersConfig = z.object({
  intro: localizedText,
  /** Steps to buy and redeem a recharge code, one per line */
  how_to_buy: localizedText,
  dealers: z.array(dealerConfig).max(50),
});
export type DealersConfig = z.infer<typeof dealersConfig>;

// ---- what the portal answers (one language) ----

export const channelData = z.object({
  type: channelTypeSchema,
  value: z.string(),
  url: z.string().nullable(),
  label: z.string(),
  note: z.string(),
});
export type ContactChannel = z.infer<typeof channelData>;

export const contactData = z.object({
  channels: z.array(channelData),
  email_reply_hours: z.number().int(),
  hours: z.string(),
});
export type ContactInfo = z.infer<typeof contactData>;

export const dealerData = z.object({
  name: z.string(),
  region: z.string(),
  channels: z.array(z.object({ type: channelTypeSchema, value: z.string(), url: z.string().nullable() })),
  payment_methods: z.array(z.string()),
  note: z.string(),
});
export type Dealer = z.infer<typeof dealerData>;

export const dealersData = z.object({
  intro: z.string(),
  how_to_buy: z.array(z.string()),
  dealers: z.array(dealerData),
});
export type DealersInfo = z.infer<typeof dealersData>;

export const getContact = defineEndpoint({
  method: 'GET',
  path: '/site/contact',
  summary: 'Support channels, in the caller language',
  tags: ['site'],
  auth: false,
  data: contactData,
});

export const getDealers = defineEndpoint({
  method: 'GET',
  path: '/site/dealers',
  summary: 'Partner dealers and how to buy recharge codes, in the caller language',
  tags: ['site'],
  auth: false,
  data: dealersData,
});
