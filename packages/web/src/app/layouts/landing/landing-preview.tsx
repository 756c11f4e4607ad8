import { useTranslation } from '../../../i18n/use-translation';
import { subscriptionsApi } from '@portal/contract';
import type { Package } from '@portal/contract';
import { formatTraffic } from '../../../lib/package-pricing';
import { PAGE_QUERY_OPTIONS, useApiQuery } from '../../../lib/query';
import home from './landing-home.module.css';

/**
 * The demo catalogue's nodes (packages/server/src/seed/demo-catalogue.ts) as a signed-in customer's console lists
 * them: country, city, protocol and the latency the node reports. The preview is drawn, not fetched, so the
 * prerendered first screen is complete before any code runs.
 */
const NODES = [
  { country: 'HK', city: 'hk', protocol: 'VMess', ms: 38 },
  { country: 'JP', city: 'tokyo', protocol: 'VLESS', ms: 61 },
  { country: 'SG', city: 'singapore', protocol: 'Trojan', ms: 74 },
  { country: 'US', city: 'losAngeles', protocol: 'Shadowsocks', ms: 152 },
] as const;

const GB = 1024 ** 3;
/** A subscription part-way through its period: a third of the traffic used, 23 days and 3 devices in use. */
const SAMPLE = { share: 34, days: 23, online: 3 };

/**
 * The package the preview's subscription card shows: once the catalogue has loaded (the pricing below asks for the
 * same query), the most popular package on sale with a traffic limit, monthly first; before that, the demo
 * catalogue's Pro package (200 GB, 5 devices), as the prerendered page shows it.
 */
export function previewPackage(packages: Package[] | undefined): {
  name: string | null;
  limitBytes: number;
  devices: number;
} {
  const limited = (packages ?? []).filter((p) => p.on_sale && p.traffic_bytes !== null);
  const rank = (p: Package) => (p.popular ? 0 : 2) + (p.type === 'monthly' ? 0 : 1);
  const pick = [...limited].sort((a, b) => rank(a) - rank(b))[0];
  const limit = pick ? Number(pick.traffic_bytes) : NaN;
  if (!pick || !Number.isFinite(limit) || limit <= 0) return { name: null, limitBytes: 200 * GB, devices: 5 };
  return { name: pick.name, limitBytes: limit, devices: pick.device_limit };
}

/** Latency as the width of a bar: 0 ms full, 200 ms and more a sliver. */
const latencyShare = (ms: number) => Math.max(8, Math.round(100 - (ms / 200) * 100));

/**
 * A simplified, drawn preview of the console (HTML and CSS, no image): a subscription card of a package on sale
 * with its traffic and devices, and a few nodes with their latency. A figure whose caption says what it shows;
 * the drawing itself is hidden from screen readers, its sample numbers are not information.
 */
export function LandingPreview() {
  const { t } = useTranslation();
  const packages = useApiQuery(subscriptionsApi.listPackages, {}, PAGE_QUERY_OPTIONS);
  const plan = previewPackage(packages.data);
  const share = SAMPLE.share;
  const used = formatTraffic(Math.round((plan.limitBytes * share) / 100));
  const total = formatTraffic(plan.limitBytes);
  return (
    <figure className={home.preview} data-testid="hero-preview">
      <div className={home.window} aria-hidden>
        <div className={home.chrome}>
          <span className={home.dot} />
          <span className={home.dot} />
          <span className={home.dot} />
          <span className={home.chromeTitle}>{t('home.preview.console')}</span>
        </div>
        <div className={home.panes}>
          <div className={home.card}>
            <div className={home.cardHead}>
              <span className={home.cardLabel}>{t('home.preview.subscription')}</span>
              <span className={home.pill}>{t('home.preview.active')}</span>
            </div>
            <div className={home.plan} data-testid="hero-preview-plan">
              {plan.name ?? t('home.preview.plan')}
            </div>
            <div className={home.meterHead}>
              <span>{t('home.preview.traffic')}</span>
              <span className={home.strong}>{share}%</span>
            </div>
            <div className={home.meter}>
              <span style={{ width: `${share}%` }} />
            </div>
            <div className={home.small}>{t('home.preview.used', { used, total })}</div>
            <div className={home.facts}>
              <span>{t('home.preview.daysLeft', { count: SAMPLE.days })}</span>
              <span>
                {t('home.preview.devices', {
                  online: Math.min(SAMPLE.online, plan.devices),
                  limit: plan.devices,
                })}
              </span>
            </div>
          </div>
          <div className={home.card}>
            <div className={home.cardHead}>
              <span className={home.cardLabel}>{t('home.preview.nodes')}</span>
              <span className={home.small}>{t('home.preview.online', { count: NODES.length })}</span>
            </div>
            <ul className={home.nodes}>
              {NODES.map((node) => (
                <li key={node.country} className={home.node}>
                  <span className={home.code}>{node.country}</span>
                  <span className={home.nodeName}>
                    <span className={home.strong}>{t(`home.preview.cities.${node.city}`)}</span>
                    <span className={home.small}>{node.protocol}</span>
                  </span>
                  <span className={home.latency}>
                    <span className={home.bar}>
                      <span style={{ width: `${latencyShare(node.ms)}%` }} />
                    </span>
                    <span className={home.ms}>{t('home.preview.latency', { ms: node.ms })}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <figcaption className={home.caption}>{t('home.preview.caption')}</figcaption>
    </figure>
  );
}
