import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import type { Namespace, TFunction, Translator } from './translator';

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const language = () => i18n.language;

/**
 * A namespace's texts in the language in use (`const { t } = useTranslation()`, `useTranslation('admin')`): the
 * component renders again when the language changes.
 */
export function useTranslation<NS extends Namespace = 'translation'>(
  namespace?: NS,
): { t: TFunction<NS>; i18n: Translator } {
  const lng = useSyncExternalStore(subscribe, language, language);
  const t = useMemo(() => i18n.getFixedT(lng, namespace), [lng, namespace]);
  return { t, i18n };
}
