import { subscriptionsApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import type { SubscriptionService } from './subscription-service.js';

const MOUNT = '/subscriptions';

/** The package catalogue is public (the landing page shows it). */
export function packageRoutes(app: FastifyInstance, subscriptions: SubscriptionService): void {
  const svc = () => subscriptions;
  registerEndpoint(app, subscriptionsApi.listPackages, ({ request }) => svc().listPackages(request.locale));
  registerEndpoint(app, subscriptionsApi.getPackage, ({ params, request }) =>
    svc().getPackage(params.id, request.locale),
  );
}

/** Registered inside the /subscriptions scope, where every call needs a verified e-mail address. */
export function subscriptionRoutes(scope: FastifyInstance, subscriptions: SubscriptionService): void {
  const svc = () => subscriptions;
  const r = <E extends Parameters<typeof registerEndpoint>[1]>(
    endpoint: E,
    handler: Parameters<typeof registerEndpoint<E>>[2],
  ) => registerEndpoint(scope, endpoint, handler, MOUNT);

  r(subscriptionsApi.purchase, ({ auth, body, request }) =>
    svc().purchase(auth.user, body.package_id, body.idempotency_key, request.locale),
  );
  r(subscriptionsApi.renew, ({ auth, body, request }) =>
    svc().renew(auth.user, body.subscription_id, body.idempotency_key, request.locale),
  );
  r(subscriptionsApi.upgradePreview, ({ auth, body }) =>
    svc().preview(auth.user, body.subscription_id, body.package_id),
  );
  r(subscriptionsApi.upgrade, ({ auth, body, request }) =>
    svc().upgrade(auth.user, body.quote_id, body.idempotency_key, request.locale),
  );
  r(subscriptionsApi.mySubscriptions, ({ auth, request }) => svc().my(auth.user.id, request.locale));
  r(subscriptionsApi.listSubscriptions, ({ auth, query, request }) =>
    svc().list(auth.user.id, request.locale, query),
  );
  r(subscriptionsApi.listOrders, ({ auth, query, request }) =>
    svc().orders(auth.user.id, request.locale, query),
  );
  r(subscriptionsApi.history, ({ auth, query, request }) =>
    svc().history(auth.user.id, request.locale, query),
  );
  r(subscriptionsApi.stats, ({ auth }) => svc().stats(auth.user.id));
  r(subscriptionsApi.traffic, ({ auth, query }) =>
    svc().traffic(auth.user.id, query.days, query.subscription_id),
  );
  r(subscriptionsApi.getLink, ({ auth, query }) => svc().link(auth.user.id, query.subscription_id));
  r(subscriptionsApi.resetLink, ({ auth, body }) => svc().resetLink(auth.user.id, body.subscription_id));
  r(subscriptionsApi.autoRenewToggle, ({ auth, body }) =>
    svc().setAutoRenew(auth.user.id, body.subscription_id, body.enabled),
  );
  r(subscriptionsApi.autoRenewStatus, ({ auth }) => svc().autoRenewStatus(auth.user.id));
  r(subscriptionsApi.autoRenewLogs, ({ auth, query }) => svc().autoRenewLogs(auth.user.id, query));
}
