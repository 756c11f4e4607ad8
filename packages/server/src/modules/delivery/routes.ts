import { randomUUID } from 'node:crypto';
import type { Locale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { NodeRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { NodeService } from '../nodes/node-service.js';
import { nodeSettings } from '../nodes/node-settings.js';
import { isSs2022, ss2022UserKey } from '../nodes/ss2022.js';
import { servingProblem } from '../subscriptions/servable.js';
import type { SubscriptionLinks } from '../subscriptions/subscription-link.js';
import {
  base64List,
  clashYaml,
  formatCarries,
  pickFormat,
  singBoxJson,
  type ClientNode,
  type Format,
} from './formats.js';

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

const CONTENT_TYPES: Record<Format, string> = {
  base64: 'text/plain; charset=utf-8',
  clash: 'text/yaml; charset=utf-8',
  'sing-box': 'application/json; charset=utf-8',
};

function toClientNode(
  node: Pick<NodeRow, 'name' | 'protocol' | 'host' | 'port' | 'settings'>,
  secret: string,
): ClientNode {
  const s = nodeSettings(node);
  // Shadowsocks 2022: the client's password is the server key and the user's key the agents derive.
  const ss2022 = node.protocol === 'shadowsocks' && isSs2022(s.cipher) && s.serverKey !== null;
  return {
    name: node.name,
    protocol: node.protocol,
    host: node.host,
    port: node.port,
    secret: ss2022 ? `${s.serverKey}:${ss2022UserKey(secret, s.cipher)}` : secret,
    network: s.network,
    tcpHeader: s.tcpHeader,
    path: s.path,
    wsHost: s.wsHost,
    serviceName: s.serviceName,
    xhttpMode: s.xhttpMode,
    tls: s.tls,
    sni: s.sni,
    flow: s.flow,
    reality: s.reality
      ? {
          publicKey: s.reality.publicKey,
          shortId: s.reality.shortIds[0] ?? '',
          fingerprint: s.reality.fingerprint,
        }
      : null,
    cipher: s.cipher,
    ssPlugin: s.ssPlugin,
    // Hysteria2's password and TUIC's UUID and password are the subscription's UUID, as the agents set them.
    hysteria2: s.hysteria2
      ? {
          obfsPassword: s.hysteria2.obfsPassword,
          upMbps: s.hysteria2.upMbps,
          downMbps: s.hysteria2.downMbps,
          hopPorts: s.hysteria2.hopPorts,
          allowInsecure: s.hysteria2.allowInsecure,
        }
      : null,
    tuic: s.tuic
      ? {
          congestionControl: s.tuic.congestionControl,
          udpRelayMode: s.tuic.udpRelayMode,
          zeroRttHandshake: s.tuic.zeroRttHandshake,
          alpn: s.tuic.alpn,
          allowInsecure: s.tuic.allowInsecure,
        }
      : null,
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
    nodes: NodeService;
    limiter: RateLimiter;
    siteName: string;
    publicUrl: string;
  },
): void {
  app.get<{ Params: { token: string }; Querystring: { format?: string } }>(
    '/sub/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params;
      if (!/^[A-Za-z0-9_-]{8,256}$/.test(token)) throw new AppError('LINK_NOT_FOUND');
      const { allowed, retryAfterMs } = await deps.limiter.hit(`sub:${token}`, 30, 60_000);
      if (!allowed) {
        reply.header('retry-after', Math.ceil(retryAfterMs / 1000));
        throw new AppError('LINK_RATE_LIMIT');
      }
      const found = await deps.links.resolve(token);
      if (!found) throw new AppError('LINK_NOT_FOUND');
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
      const { siteName, publicUrl } = deps;
      const trouble = found.ownerDisabled ? 'disabled' : servingProblem(sub);
      let nodes: ClientNode[];
      if (trouble) {
        nodes = [placeholder(trouble, userLocale, sub.end_at, publicUrl)];
      } else {
        const rows = await deps.nodes.deliverable(sub.package_id);
        nodes = rows.map((n) => toClientNode(n, sub.uuid)).filter((n) => formatCarries(format, n));
        // Nothing this client can use (no node reaches the package yet, or only ones its format cannot carry):
        // a Clash or sing-box configuration with an empty group would not even load, so say so instead.
        if (nodes.length === 0) nodes = [placeholder('noNodes', userLocale, sub.end_at, publicUrl)];
      }
      const body =
        format === 'clash'
          ? clashYaml(nodes, siteName)
          : format === 'sing-box'
            ? singBoxJson(nodes)
            : base64List(nodes);
      const expire = Math.floor(Date.parse(sub.end_at) / 1000);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header(
          'subscription-userinfo',
          `upload=${sub.upload_bytes}; download=${sub.traffic_used - sub.upload_bytes}; total=${sub.traffic_limit ?? 0}; expire=${expire}`,
        )
        .header('profile-update-interval', '24')
        .header('profile-title', `base64:${Buffer.from(siteName).toString('base64')}`)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(siteName)}`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
