import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParamSchema, idSchema, intInput, lineText, MAX_INT, multilineText } from '../inputs.js';
import { vkey } from '../i18n/validation-messages.js';
import { isMoneyString, parseMoneyToFen } from '../money.js';
import { PACKAGE_TYPES } from './subscriptions.js';

/**
 * The catalogue in the operators' console (issue 17 §5). A package is one period at one price: the pricing toggle
 * groups the packages of a cycle (`type`); `custom` is a period of any number of days. Names and descriptions are
 * kept in every interface language.
 */

/** How a subscription's traffic starts again: with each paid period, on the first day of each month (UTC), or never. */
export const TRAFFIC_RESETS = ['period', 'monthly', 'never'] as const;
export type TrafficReset = (typeof TRAFFIC_RESETS)[number];

/** At most: days of one period, GB of traffic, devices, Mbit/s, upgrade targets. */
export const PACKAGE_LIMITS = {
  validityDaysMax: 3650,
  trafficGbMax: 1_000_000,
  deviceLimitMax: 1000,
  speedLimitMax: 100_000,
  upgradeTargetsMax: 50,
  nodeGroupsMax: 100,
  /** Packages in the catalogue (the pricing page's order names them all). */
  packagesMax: 500,
  nameMax: 60,
  descriptionMax: 2000,
} as const;

const name = lineText({ error: vkey('required') })
  .trim()
  .min(1, { error: vkey('required') })
  .max(PACKAGE_LIMITS.nameMax, { error: vkey('too_long') });
const description = multilineText({ error: vkey('invalid') })
  .trim()
  .max(PACKAGE_LIMITS.descriptionMax, { error: vkey('too_long') });

export const packageNames = z.object({ zh_CN: name, zh_TW: name, en: name }).strict();
export const packageDescriptions = z
  .object({ zh_CN: description, zh_TW: description, en: description })
  .strict();

/** A price as a decimal string ("15", "15.90"); zero is allowed (a free package, a trial). */
export const priceSchema = lineText({ error: vkey('amount_invalid') })
  .trim()
  .max(20, { error: vkey('amount_invalid') })
  .refine(isMoneyString, { error: vkey('amount_invalid') })
  .refine((v) => !isMoneyString(v) || parseMoneyToFen(v) <= MAX_INT, { error: vkey('amount_invalid') });

/**
 * What staff write. `upgrade_targets` empty: the default rule (any package on sale at the same price or more);
 * `node_groups` empty: every node.
 */
export const packageInput = z
  .object({
    name: packageNames,
    description: packageDescriptions,
    type: z.enum(PACKAGE_TYPES, { error: vkey('invalid') }),
    validity_days: intInput(1, PACKAGE_LIMITS.validityDaysMax),
    price: priceSchema,
    /** Whole GB; null: unlimited. */
    traffic_gb: intInput(1, PACKAGE_LIMITS.trafficGbMax).nullable(),
    device_limit: intInput(1, PACKAGE_LIMITS.deviceLimitMax),
    /** Mbit/s; null: no limit. */
    speed_limit_mbps: intInput(1, PACKAGE_LIMITS.speedLimitMax).nullable(),
    traffic_reset: z.enum(TRAFFIC_RESETS, { error: vkey('invalid') }).default('period'),
    popular: z.boolean({ error: vkey('invalid') }).default(false),
    on_sale: z.boolean({ error: vkey('invalid') }).default(true),
    upgrade_targets: z
      .array(idSchema, { error: vkey('invalid') })
      .max(PACKAGE_LIMITS.upgradeTargetsMax, { error: vkey('too_long') })
      .default([]),
    /** The node groups it reaches; none: every node. */
    node_groups: z
      .array(idSchema, { error: vkey('invalid') })
      .max(PACKAGE_LIMITS.nodeGroupsMax, { error: vkey('too_long') })
      .default([]),
  })
  .strict();
export type PackageInput = z.input<typeof packageInput>;

export const adminPackageData = z.object({
  id: z.number().int(),
  name: z.object({ zh_CN: z.string(), zh_TW: z.string(), en: z.string() }),
  description: z.object({ zh_CN: z.string(), zh_TW: z.string(), en: z.string() }),
  type: z.enum(PACKAGE_TYPES),
  validity_days: z.number().int(),
  price: z.string(),
  traffic_gb: z.number().int().nullable(),
  device_limit: z.number().int(),
  speed_limit_mbps: z.number().int().nullable(),
  traffic_reset: z.enum(TRAFFIC_RESETS),
  popular: z.boolean(),
  on_sale: z.boolean(),
  sort_order: z.number().int(),
  upgrade_targets: z.array(z.number().int()),
  /** The node groups it reaches; empty: every node. */
  node_groups: z.array(z.number().int()),
  /** Orders ever paid for it (a sold package can be hidden, never deleted). */
  orders: z.number().int(),
  /** Subscriptions on it that are active now. */
  active_subscriptions: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackageData>;

const idParams = z.object({ id: idParamSchema });

export const list = defineEndpoint({
  method: 'GET',
  path: '/packages',
  summary:
    'Every package, on sale or not, in the order of the pricing page, with orders and active subscriptions',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.read',
  data: z.array(adminPackageData),
});

export const get = defineEndpoint({
  method: 'GET',
  path: '/packages/:id',
  summary: 'One package with every language',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.read',
  params: idParams,
  data: adminPackageData,
});

export const create = defineEndpoint({
  method: 'POST',
  path: '/packages',
  summary: 'Add a package (placed last on the pricing page)',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.write',
  body: packageInput,
  data: adminPackageData,
});

export const update = defineEndpoint({
  method: 'PUT',
  path: '/packages/:id',
  summary:
    'Change a package; what subscribers already paid never changes (orders keep their amounts), renewals pay the new price',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.write',
  params: idParams,
  body: packageInput,
  data: adminPackageData,
});

export const setOnSale = defineEndpoint({
  method: 'PUT',
  path: '/packages/:id/on-sale',
  summary:
    'Show a package on the pricing page or hide it from sale (subscribers keep it; hidden ones cannot renew)',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.write',
  params: idParams,
  body: z.object({ on_sale: z.boolean({ error: vkey('invalid') }) }).strict(),
  data: adminPackageData,
});

export const reorder = defineEndpoint({
  method: 'PUT',
  path: '/packages/order',
  summary: 'The order of the pricing page: every package id, first to last',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.write',
  body: z
    .object({
      ids: z
        .array(idSchema, { error: vkey('invalid') })
        .min(1, { error: vkey('required') })
        .max(PACKAGE_LIMITS.packagesMax, { error: vkey('too_long') }),
    })
    .strict(),
  data: z.array(adminPackageData),
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: '/packages/:id',
  summary: 'Delete a package that was never sold (a sold one can only be hidden)',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.write',
  params: idParams,
  data: z.null(),
});

// ---- the trial (issue 17 §5) ----

/** The trial the operator offers: a package (visible or hidden) for a number of days, once per verified account. */
export const trialSettingsInput = z
  .object({
    enabled: z.boolean({ error: vkey('invalid') }),
    /** Required when enabled. */
    package_id: idSchema.nullable(),
    days: intInput(1, PACKAGE_LIMITS.validityDaysMax),
  })
  .strict();
export type TrialSettingsInput = z.infer<typeof trialSettingsInput>;

export const trialSettingsData = trialSettingsInput.extend({
  /** Accounts that received the trial so far. */
  granted: z.number().int(),
  updated_at: z.string().nullable(),
});
export type TrialSettings = z.infer<typeof trialSettingsData>;

export const getTrial = defineEndpoint({
  method: 'GET',
  path: '/packages/trial',
  summary: 'The trial: off, or a package and a number of days given once to each account when it is verified',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.read',
  data: trialSettingsData,
});

export const setTrial = defineEndpoint({
  method: 'PUT',
  path: '/packages/trial',
  summary: 'Turn the trial on (a package that exists, on sale or hidden, and its days) or off',
  tags: ['admin', 'packages'],
  auth: true,
  permission: 'packages.write',
  body: trialSettingsInput,
  data: trialSettingsData,
});
