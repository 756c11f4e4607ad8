import { useTranslation } from 'react-i18next';
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

/** The demo Pro package (200 GB, 5 devices) part-way through its month. */
const SUBSCRIPTION = { used: 68, total: 200, days: 23, online: 3, devices: 5 };

/** Latency as the width of a bar: 0 ms full, 200 ms and more a sliver. */
const latencyShare = (ms: number) => Math.max(8, Math.round(100 - (ms / 200) * 100));

/**
 * A simplified, drawn preview of the console (HTML and CSS, no image): the subscription card with its traffic and
 * a few nodes with their latency. A figure whose caption says what it shows; the drawing itself is hidden from
 * screen readers, its sample numbers are not information.
 */
export function LandingPreview() {
  const { t } = useTranslation();
  const share = Math.round((SUBSCRIPTION.used / SUBSCRIPTION.total) * 100);
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
            <div className={home.plan}>{t('home.preview.plan')}</div>
            <div className={home.meterHead}>
              <span>{t('home.preview.traffic')}</span>
              <span className={home.strong}>{share}%</span>
            </div>
            <div className={home.meter}>
              <span style={{ width: `${share}%` }} />
            </div>
            <div className={home.small}>
              {t('home.preview.used', { used: `${SUBSCRIPTION.used} GB`, total: `${SUBSCRIPTION.total} GB` })}
            </div>
            <div className={home.facts}>
              <span>{t('home.preview.daysLeft', { days: SUBSCRIPTION.days })}</span>
              <span>
                {t('home.preview.devices', { online: SUBSCRIPTION.online, limit: SUBSCRIPTION.devices })}
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
