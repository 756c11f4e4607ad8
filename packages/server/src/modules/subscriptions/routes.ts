import { subscriptionsApi } from '@portal/contract';
import { packageAdminApi, userAdminApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerStaffEndpoint } from '../../lib/route.js';
import type { NodeService } from '../nodes/node-service.js';
import type { PackageAdmin } from './package-admin.js';
import type { AutoRenewSettings } from './auto-renew.js';
import type { SubscriptionGrants } from './grants.js';
import type { TrialService } from './trial.js';
import type { SubscriptionLinks } from './subscription-link.js';
import type { SubscriptionPayments } from './subscription-payments.js';
import type { SubscriptionQueries } from './subscription-queries.js';

export interface SubscriptionServices {
  queries: SubscriptionQueries;
  payments: SubscriptionPayments;
  links: SubscriptionLinks;
  autoRenew: AutoRenewSettings;
  packageAdmin: PackageAdmin;
  grants: SubscriptionGrants;
  trial: TrialService;
}

const MOUNT = '/subscriptions';

/** The package catalogue and the trial offer are public (the landing page and registration show them). */
export function packageRoutes(app: FastifyInstance, queries: SubscriptionQueries, trial: TrialService): void {
  const svc = () => queries;
  registerEndpoint(app, subscriptionsApi.listPackages, ({ request }) => svc().listPackages(request.locale));
  registerEndpoint(app, subscriptionsApi.getPackage, ({ params, request }) =>
    svc().getPackage(params.id, request.locale),
  );
  registerEndpoint(app, subscriptionsApi.trialOffer, ({ request }) => trial.offer(request.locale));
}

/** Registered inside the /subscriptions scope, where every call needs a verified email address. */
export function subscriptionRoutes(
  scope: FastifyInstance,
  s: SubscriptionServices,
  nodes: Pick<NodeService, 'devices'>,
): void {
  const r = <E extends Parameters<typeof registerEndpoint>[1]>(
    endpoint: E,
    handler: Parameters<typeof registerEndpoint<E>>[2],
  ) => registerEndpoint(scope, endpoint, handler, MOUNT);

  r(subscriptionsApi.purchase, ({ auth, body, request }) =>
    s.payments.purchase(auth.user, body.package_id, body.idempotency_key, request.locale),
  );
  r(subscriptionsApi.renew, ({ auth, body, request }) =>
    s.payments.renew(auth.user, body.subscription_id, body.idempotency_key, request.locale),
  );
  r(subscriptionsApi.upgradePreview, ({ auth, body }) =>
    s.payments.preview(auth.user, body.subscription_id, body.package_id),
  );
  r(subscriptionsApi.upgrade, ({ auth, body, request }) =>
    s.payments.upgrade(auth.user, body.quote_id, body.idempotency_key, request.locale),
  );
  r(subscriptionsApi.mySubscriptions, ({ auth, request }) => s.queries.my(auth.user.id, request.locale));
  r(subscriptionsApi.listSubscriptions, ({ auth, query, request }) =>
    s.queries.list(auth.user.id, request.locale, query),
  );
  r(subscriptionsApi.listOrders, ({ auth, query, request }) =>
    s.queries.orders(auth.user.id, request.locale, query),
  );
  r(subscriptionsApi.history, ({ auth, query, request }) =>
    s.queries.history(auth.user.id, request.locale, query),
  );
  r(subscriptionsApi.stats, ({ auth }) => s.queries.stats(auth.user.id));
  r(subscriptionsApi.traffic, ({ auth, query }) =>
    s.queries.traffic(auth.user.id, query.days, query.subscription_id),
  );
  r(subscriptionsApi.getLink, ({ auth, query }) => s.links.link(auth.user.id, query.subscription_id));
  r(subscriptionsApi.resetLink, ({ auth, body }) => s.links.resetLink(auth.user.id, body.subscription_id));
  r(subscriptionsApi.autoRenewToggle, ({ auth, body }) =>
    s.autoRenew.setAutoRenew(auth.user.id, body.subscription_id, body.enabled),
  );
  r(subscriptionsApi.autoRenewStatus, ({ auth }) => s.autoRenew.autoRenewStatus(auth.user.id));
  r(subscriptionsApi.autoRenewLogs, ({ auth, query }) => s.autoRenew.autoRenewLogs(auth.user.id, query));
  // The devices the nodes report: their table and names are the nodes module's.
  r(subscriptionsApi.devices, ({ auth, params, request }) =>
    nodes.devices(auth.user.id, params.id, request.locale),
  );
}

/** The catalogue and the trial in the operators' console. */
export function adminPackageRoutes(
  admin: FastifyInstance,
  packages: PackageAdmin,
  trial: TrialService,
): void {
  registerStaffEndpoint(admin, packageAdminApi.getTrial, () => trial.settings());
  registerStaffEndpoint(admin, packageAdminApi.setTrial, ({ body, actor }) => trial.save(actor, body));
  registerStaffEndpoint(admin, packageAdminApi.list, () => packages.list());
  registerStaffEndpoint(admin, packageAdminApi.get, ({ params }) => packages.get(params.id));
  registerStaffEndpoint(admin, packageAdminApi.create, ({ body, actor }) => packages.create(body, actor));
  registerStaffEndpoint(admin, packageAdminApi.update, ({ params, body, actor }) =>
    packages.update(params.id, body, actor),
  );
  registerStaffEndpoint(admin, packageAdminApi.setOnSale, ({ params, body, actor }) =>
    packages.setOnSale(params.id, body.on_sale, actor),
  );
  registerStaffEndpoint(admin, packageAdminApi.reorder, ({ body, actor }) =>
    packages.reorder(body.ids, actor),
  );
  registerStaffEndpoint(admin, packageAdminApi.remove, ({ params, actor }) =>
    packages.remove(params.id, actor),
  );
}

/** A customer's subscriptions in the operators' console: grant, extend, reset the link or the traffic. */
export function adminGrantRoutes(admin: FastifyInstance, grants: SubscriptionGrants): void {
  registerStaffEndpoint(admin, userAdminApi.grantSubscription, ({ params, body, actor, request }) =>
    grants.grant(actor, params.id, body.package_id, body.days, body.reason, request.locale),
  );
  registerStaffEndpoint(admin, userAdminApi.extendSubscription, ({ params, body, actor, request }) =>
    grants.extend(actor, params.id, params.subscription_id, body.days, body.reason, request.locale),
  );
  registerStaffEndpoint(admin, userAdminApi.resetSubscriptionLink, ({ params, actor, request }) =>
    grants.resetLink(actor, params.id, params.subscription_id, request.locale),
  );
  registerStaffEndpoint(admin, userAdminApi.resetSubscriptionTraffic, ({ params, actor, request }) =>
    grants.resetTraffic(actor, params.id, params.subscription_id, request.locale),
  );
}
