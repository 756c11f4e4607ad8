/** Display helpers of the node centre: country names, cities, regions, rate multipliers. */
import { useTranslation } from '../../i18n/use-translation';
import { localeToHeader, NODE_REGIONS } from '@portal/contract';
import type { Locale, NodeInfo } from '@portal/contract';

/** Region slugs with a name in the messages; others show as the slug with capitals ("middle_east" -> "Middle East"). */
export const KNOWN_REGIONS = NODE_REGIONS;
type KnownRegion = (typeof KNOWN_REGIONS)[number];

function isKnownRegion(region: string): region is KnownRegion {
  return (KNOWN_REGIONS as readonly string[]).includes(region);
}

export function capitalizeSlug(value: string): string {
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function useRegionLabel() {
  const { t } = useTranslation();
  return (region: string) => (isKnownRegion(region) ? t(`nodes.regions.${region}`) : capitalizeSlug(region));
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(locale: Locale): Intl.DisplayNames | null {
  const tag = localeToHeader(locale);
  if (!displayNames.has(tag)) {
    try {
      displayNames.set(tag, new Intl.DisplayNames([tag], { type: 'region', style: 'short' }));
    } catch {
      displayNames.set(tag, null);
    }
  }
  return displayNames.get(tag) ?? null;
}

/** "JP" -> "日本" / "Japan"; a code the browser does not know stays as it is. */
export function countryName(code: string, locale: Locale): string {
  if (!/^[A-Za-z]{2}$|^\d{3}$/.test(code)) return code;
  try {
    return regionNames(locale)?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The city of "City, Country" (the server's location); null when the location is the country alone. */
export function cityOf(node: Pick<NodeInfo, 'location' | 'country'>): string | null {
  const suffix = `, ${node.country}`;
  if (node.location.endsWith(suffix)) return node.location.slice(0, -suffix.length).trim() || null;
  return node.location === node.country || node.location.trim() === '' ? null : node.location;
}

/** Country name and (when it says something more) the city. */
export function placeOf(node: Pick<NodeInfo, 'location' | 'country'>, locale: Locale) {
  const country = countryName(node.country, locale);
  const city = cityOf(node);
  return { country, city: city && city.toLowerCase() !== country.toLowerCase() ? city : null };
}

/** 1.5 -> "1.5×"; null for 1 (traffic counts as sent, nothing to point out). */
export function formatRate(rate: number): string | null {
  if (!Number.isFinite(rate) || rate === 1) return null;
  return `${Number(rate.toFixed(2))}×`;
}

/** Load, CPU and memory are only shown for a node that reports now. */
export function isLive(node: Pick<NodeInfo, 'status'>): boolean {
  return node.status === 'online';
}
