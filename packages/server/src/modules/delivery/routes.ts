import { randomUUID } from 'node:crypto';
import type { Locale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { acceptsEncoding } from '../../lib/accept-encoding.js';
import { AppError } from '../../lib/app-error.js';
import { LEAN_ROUTE } from '../../lib/lean-route.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { securityHeaders } from '../../plugins/security.js';
import type { LinkSubscription } from '../subscriptions/link-index.js';
import { servingProblem } from '../subscriptions/servable.js';
import type { SubscriptionLinks } from '../subscriptions/subscription-link.js';
import type { DeliveryCatalogue } from './catalogue.js';
import { base64List, clashYaml, pickFormat, singBoxJson, type ClientNode, type Format } from './formats.js';
import { renderDirect, TEMPLATE_UUID } from './templates.js';

type Trouble = 'expired' | 'suspended' | 'exhausted' | 'disabled' | 'noNodes';

const PLACEHOLDER: Record<Locale, Record<Trouble, string>> = {
  zh_CN: {
    expired: '已于 {date} 到期 — 请续费',
    suspended: '订阅已暂停 — 请联系客服',
    exhausted: '流量已用尽 — 请续费或升级',
    disabled: '账户已停用 — 请联系客服',
    noNodes: '暂无此客户端可用的节点 — 请稍后更新订阅',
  },
  zh_TW: {
    expired: '已於 {date} 到期 — 請續費',
    suspended: '訂閱已暫停 — 請聯繫客服',
    exhausted: '流量已用盡 — 請續費或升級',
    disabled: '帳戶已停用 — 請聯繫客服',
    noNodes: '暫無此用戶端可用的節點 — 請稍後更新訂閱',
  },
  en: {
    expired: 'Expired {date} — renew',
    suspended: 'Subscription suspended — contact support',
    exhausted: 'Traffic used up — renew or upgrade',
    disabled: 'Account disabled — contact support',
    noNodes: 'No node for this client yet — update later',
  },
};

/** One entry that connects nowhere and says why, in the account's language (every format carries it). */
function placeholder(trouble: Trouble, userLocale: string, endAt: string, publicUrl: string): ClientNode {
  const locale = (['zh_CN', 'zh_TW', 'en'].includes(userLocale) ? userLocale : 'zh_CN') as Locale;
  const text = PLACEHOLDER[locale][trouble].replace('{date}', endAt.slice(0, 10));
  return {
    name: `${text} ${publicUrl}`,
    protocol: 'vmess',
    host: '127.0.0.1',
    port: 1,
    secret: randomUUID(),
    network: 'tcp',
    tcpHeader: 'none',
    serviceName: null,
    xhttpMode: 'auto',
    path: null,
    wsHost: null,
    tls: false,
    sni: null,
    flow: '',
    reality: null,
    cipher: 'auto',
    ssPlugin: null,
  };
}

/** Unknown (or reset) link tokens one address may present per minute before it is refused whatever it sends. */
export const UNKNOWN_TOKENS_PER_MINUTE = 30;

const CONTENT_TYPES: Record<Format, string> = {
  base64: 'text/plain; charset=utf-8',
  clash: 'text/yaml; charset=utf-8',
  'sing-box': 'application/json; charset=utf-8',
};

/**
 * What /sub sends in place of the app-wide security headers it skips (it answers a download, never a page):
 * no sniffing, HSTS when the site is https (as every answer), not embeddable by other sites, no scripts or frames if
 * a browser ever renders it.
 */
function leanHeaders(publicUrl: string): Readonly<Record<string, string>> {
  const hsts = securityHeaders(publicUrl)['strict-transport-security'];
  return {
    'x-content-type-options': 'nosniff',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
}

/**
 * GET /sub/{token}: what proxy clients poll. The format follows ?format= or the client's User-Agent; a browser is
 * sent to the portal's page for the link. Expired, suspended or used-up subscriptions, and those of a disabled
 * account, get one informative entry that connects nowhere; unknown or reset tokens get 404.
 */
export function deliveryRoutes(
  app: FastifyInstance,
  deps: {
    links: SubscriptionLinks;
    catalogue: DeliveryCatalogue;
    limiter: RateLimiter;
    /** How often one link may be fetched a minute. */
    fetchesPerMinute: number;
    siteName: string;
    publicUrl: string;
  },
): void {
  const { siteName, publicUrl } = deps;
  const headers = leanHeaders(publicUrl);
  const profileTitle = `base64:${Buffer.from(siteName).toString('base64')}`;
  const disposition = `attachment; filename*=UTF-8''${encodeURIComponent(siteName)}`;

  /**
   * The body for a subscription that can be served: its package's template with its UUID written in; Clash and
   * sing-box gzipped when the client accepts it (`gzip: true` then).
   */
  async function render(
    format: Format,
    sub: LinkSubscription,
    userLocale: string,
    gzipTaken: boolean,
  ): Promise<{ body: string | Buffer; gzip?: true }> {
    const { nodes, templates } = await deps.catalogue.forPackage(sub.package_id);
    const template = templates[format];
    // Nothing this client can use (no node reaches the package yet, or only ones its format cannot carry): a
    // Clash or sing-box configuration with an empty group would not even load, so say so instead.
    if (!template)
      return { body: renderNodes(format, [placeholder('noNodes', userLocale, sub.end_at, publicUrl)]) };
    if (!TEMPLATE_UUID.test(sub.uuid)) return { body: renderDirect(format, nodes, sub.uuid, siteName) };
    // YAML and JSON shrink four to five times; the base64 list only by half, for more work than it saves.
    const gzipped = gzipTaken && format !== 'base64' ? template.gzip(sub.uuid) : null;
    return gzipped ? { body: gzipped, gzip: true } : { body: template.bytes(sub.uuid) };
  }

  function renderNodes(format: Format, nodes: ClientNode[]): string {
    if (format === 'clash') return clashYaml(nodes, siteName);
    if (format === 'sing-box') return singBoxJson(nodes);
    return base64List(nodes);
  }

  // A lean route (lib/lean-route.ts): no helmet, compression, locale or x-request-id hook work; the headers it
  // needs are set here. Not access-logged: the URL is the subscription's credential.
  app.get<{ Params: { token: string }; Querystring: { format?: string } }>(
    '/sub/:token',
    { schema: { hide: true }, ...LEAN_ROUTE },
    async (request, reply) => {
      reply.headers(headers);
      const { token } = request.params;
      // Unknown tokens count per address; an address that used up its allowance is refused whatever it sends, a
      // real token included, until its window ends: guessing stops at UNKNOWN_TOKENS_PER_MINUTE tries.
      const unknown = `sub-unknown:${request.ip}`;
      if ((await deps.limiter.peek(unknown)) >= UNKNOWN_TOKENS_PER_MINUTE) {
        reply.header('retry-after', 60);
        throw new AppError('LINK_RATE_LIMIT');
      }
      if (!/^[A-Za-z0-9_-]{8,256}$/.test(token)) {
        await deps.limiter.hit(unknown, UNKNOWN_TOKENS_PER_MINUTE, 60_000);
        throw new AppError('LINK_NOT_FOUND');
      }
      const { allowed, retryAfterMs } = await deps.limiter.hit(`sub:${token}`, deps.fetchesPerMinute, 60_000);
      if (!allowed) {
        reply.header('retry-after', Math.ceil(retryAfterMs / 1000));
        throw new AppError('LINK_RATE_LIMIT');
      }
      const found = await deps.links.resolve(token);
      if (!found) {
        await deps.limiter.hit(unknown, UNKNOWN_TOKENS_PER_MINUTE, 60_000);
        throw new AppError('LINK_NOT_FOUND');
      }
      const { sub, locale: userLocale } = found;

      const accept = request.headers.accept ?? '';
      const ua = request.headers['user-agent'];
      if (
        !request.query.format &&
        accept.includes('text/html') &&
        /mozilla/i.test(ua ?? '') &&
        !/clash|sing-box|v2ray|shadowrocket|stash|hiddify/i.test(ua ?? '')
      ) {
        return reply.redirect(`/subscribe?token=${encodeURIComponent(token)}`, 302);
      }
      const format = pickFormat(request.query.format, ua);
      const trouble = found.ownerDisabled ? 'disabled' : servingProblem(sub);
      const { body, gzip } = trouble
        ? { body: renderNodes(format, [placeholder(trouble, userLocale, sub.end_at, publicUrl)]) }
        : await render(format, sub, userLocale, acceptsEncoding(request.headers['accept-encoding'], 'gzip'));
      if (gzip) reply.header('content-encoding', 'gzip');
      const expire = Math.floor(Date.parse(sub.end_at) / 1000);
      return reply
        .header('vary', 'accept-encoding')
        .header('content-type', CONTENT_TYPES[format])
        .header(
          'subscription-userinfo',
          `upload=${sub.upload_bytes}; download=${sub.traffic_used - sub.upload_bytes}; total=${sub.traffic_limit ?? 0}; expire=${expire}`,
        )
        .header('profile-update-interval', '24')
        .header('profile-title', profileTitle)
        .header('content-disposition', disposition)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
