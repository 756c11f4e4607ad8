import { defineEndpoint } from '../endpoint.js';
import { contactConfig, dealersConfig } from './site.js';

/** The staff side of the site endpoints (under ADMIN_API_PREFIX): exported by the contract's admin entry. */
export const adminGetContact = defineEndpoint({
  method: 'GET',
  path: '/site/contact',
  summary: 'Contact channels in every language (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.read',
  data: contactConfig,
});

export const adminPutContact = defineEndpoint({
  method: 'PUT',
  path: '/site/contact',
  summary: 'Replace the contact channels (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.write',
  body: contactConfig,
  data: contactConfig,
});

export const adminGetDealers = defineEndpoint({
  method: 'GET',
  path: '/site/dealers',
  summary: 'Dealer listings in every language (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.read',
  data: dealersConfig,
});

export const adminPutDealers = defineEndpoint({
  method: 'PUT',
  path: '/site/dealers',
  summary: 'Replace the dealer listings (staff)',
  tags: ['admin'],
  auth: true,
  permission: 'content.write',
  body: dealersConfig,
  data: dealersConfig,
});
