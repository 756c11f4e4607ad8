import { siteApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import { CONTACT_KEY, DEALERS_KEY, type SiteContent } from './site-content.js';

/** Operator-configured site content (contact channels, dealers) under the portal API prefix. */
export function siteRoutes(api: FastifyInstance, content: SiteContent): void {
  registerEndpoint(api, siteApi.getContact, ({ request }) => content.contact(request.locale));
  registerEndpoint(api, siteApi.getDealers, ({ request }) => content.dealers(request.locale));
}

/** Staff side: reading and replacing that content (every language at once) under the admin API prefix. */
export function adminSiteRoutes(admin: FastifyInstance, content: SiteContent): void {
  registerEndpoint(admin, siteApi.adminGetContact, () => content.contactConfig());
  registerEndpoint(admin, siteApi.adminPutContact, async ({ body }) => {
    await content.save(CONTACT_KEY, body);
    return body;
  });
  registerEndpoint(admin, siteApi.adminGetDealers, () => content.dealersConfig());
  registerEndpoint(admin, siteApi.adminPutDealers, async ({ body }) => {
    await content.save(DEALERS_KEY, body);
    return body;
  });
}
