import { helpApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
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
  registerEndpoint(admin, helpApi.adminListCategories, () => svc.categories());
  registerEndpoint(admin, helpApi.adminCreateCategory, ({ body, request }) =>
    svc.createCategory(body, request.locale),
  );
  registerEndpoint(admin, helpApi.adminUpdateCategory, ({ params, body, request }) =>
    svc.updateCategory(params.id, body, request.locale),
  );
  registerEndpoint(admin, helpApi.adminListDocuments, ({ query }) => svc.documents(query));
  registerEndpoint(admin, helpApi.adminGetDocument, ({ params }) => svc.document(params.id));
  registerEndpoint(admin, helpApi.adminCreateDocument, ({ body, request }) =>
    svc.createDocument(body, request.locale),
  );
  registerEndpoint(admin, helpApi.adminUpdateDocument, ({ params, body, request }) =>
    svc.updateDocument(params.id, body, request.locale),
  );
}
