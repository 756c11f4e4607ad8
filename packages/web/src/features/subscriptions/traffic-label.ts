import { useTranslation } from '../../i18n/use-translation';
import { formatTraffic } from './format';

/** A byte count, or "unlimited traffic" for null (for lines whose label already says it is traffic). */
export function useTrafficLabel() {
  const { t } = useTranslation();
  return (bytes: string | null) => formatTraffic(bytes) ?? t('subscriptions.unlimited');
}
