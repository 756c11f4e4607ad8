import { helpApi } from '@portal/contract';
import { helpAdminApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerStaffEndpoint } from '../../lib/route.js';
import type { HelpAdminService } from './help-admin-service.js';
import type { HelpService } from './help-service.js';

/** The help centre under the portal API prefix: any signed-in user, answers in the caller's language. */
export function helpRoutes(api: FastifyInstance, svc: HelpService): void {
  registerEndpoint(api, helpApi.listCategories, ({ request }) => svc.categories(request.locale));
  registerEndpoint(api, helpApi.listDocuments, ({ query, request }) => svc.list(query, request.locale));
  registerEndpoint(api, helpApi.getDocument, ({ params, auth, request }) =>
    svc.get(params.id, request.locale, auth.user.id),
  );
  registerEndpoint(api, helpApi.rateDocument, ({ params, auth, body }) =>
    svc.rate(params.id, auth.user.id, body),
  );
}

/** Staff side of the help centre under the admin API prefix: categories and Markdown documents. */
export function adminHelpRoutes(admin: FastifyInstance, svc: HelpAdminService): void {
  registerStaffEndpoint(admin, helpAdminApi.adminListCategories, () => svc.categories());
  registerStaffEndpoint(admin, helpAdminApi.adminCreateCategory, ({ body, request, actor }) =>
    svc.createCategory(body, request.locale, actor),
  );
  registerStaffEndpoint(admin, helpAdminApi.adminUpdateCategory, ({ params, body, request, actor }) =>
    svc.updateCategory(params.id, body, request.locale, actor),
  );
  registerStaffEndpoint(admin, helpAdminApi.adminListDocuments, ({ query }) => svc.documents(query));
  registerStaffEndpoint(admin, helpAdminApi.adminGetDocument, ({ params }) => svc.document(params.id));
  registerStaffEndpoint(admin, helpAdminApi.adminCreateDocument, ({ body, request, actor }) =>
    svc.createDocument(body, request.locale, actor),
  );
  registerStaffEndpoint(admin, helpAdminApi.adminUpdateDocument, ({ params, body, request, actor }) =>
    svc.updateDocument(params.id, body, request.locale, actor),
  );
}
