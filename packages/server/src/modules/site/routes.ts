import { siteApi } from '@portal/contract';
import { siteAdminApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerStaffEndpoint } from '../../lib/route.js';
import { CONTACT_KEY, DEALERS_KEY, type SiteContent } from './site-content.js';

/** Operator-configured site content (contact channels, dealers) under the portal API prefix. */
export function siteRoutes(api: FastifyInstance, content: SiteContent): void {
  registerEndpoint(api, siteApi.getContact, ({ request }) => content.contact(request.locale));
  registerEndpoint(api, siteApi.getDealers, ({ request }) => content.dealers(request.locale));
}

/** Staff side: reading and replacing that content (every language at once) under the admin API prefix. */
export function adminSiteRoutes(admin: FastifyInstance, content: SiteContent): void {
  registerStaffEndpoint(admin, siteAdminApi.adminGetContact, () => content.contactConfig());
  registerStaffEndpoint(admin, siteAdminApi.adminPutContact, async ({ body, actor }) => {
    await content.save(CONTACT_KEY, body, actor);
    return body;
  });
  registerStaffEndpoint(admin, siteAdminApi.adminGetDealers, () => content.dealersConfig());
  registerStaffEndpoint(admin, siteAdminApi.adminPutDealers, async ({ body, actor }) => {
    await content.save(DEALERS_KEY, body, actor);
    return body;
  });
}
