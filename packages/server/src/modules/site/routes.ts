import { siteApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import { CONTACT_KEY, DEALERS_KEY, SiteContent } from './site-content.js';

const content = (app: FastifyInstance) => new SiteContent(app.ctx.database.db, app.ctx.config.supportEmail);

/** Operator-configured site content (contact channels, dealers) under the portal API prefix. */
export function siteRoutes(api: FastifyInstance): void {
  registerEndpoint(api, siteApi.getContact, ({ request }) => content(api).contact(request.locale));
  registerEndpoint(api, siteApi.getDealers, ({ request }) => content(api).dealers(request.locale));
}

/** Staff side: reading and replacing that content (every language at once) under the admin API prefix. */
export function adminSiteRoutes(admin: FastifyInstance): void {
  registerEndpoint(admin, siteApi.adminGetContact, () => content(admin).contactConfig());
  registerEndpoint(admin, siteApi.adminPutContact, async ({ body }) => {
    await content(admin).save(CONTACT_KEY, body);
    return body;
  });
  registerEndpoint(admin, siteApi.adminGetDealers, () => content(admin).dealersConfig());
  registerEndpoint(admin, siteApi.adminPutDealers, async ({ body }) => {
    await content(admin).save(DEALERS_KEY, body);
    return body;
  });
}
