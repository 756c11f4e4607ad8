/**
 * The app's translations: messages by language and namespace, loaded on demand, looked up by a dotted key with
 * `{{name}}` placeholders filled in, and a plural text's form picked by `count` (plural.ts). It does what the app asks
 * of a translation library and no more (no nesting, no formats: every language has every key, typed and tested), in
 * about a kilobyte.
 */
import type { AdminMessages } from '../admin/i18n/zh_CN';
import { isPlural } from '@portal/contract';
import type { Plural } from '@portal/contract';
import type { TranslationResource } from './resources';

/** The namespaces and the shape of their messages: the customer app's, and the operators' console's. */
export interface Namespaces {
  translation: TranslationResource;
  admin: AdminMessages;
}
export type Namespace = keyof Namespaces;

/** The dotted paths to the texts of a message tree (`common.close`, `errors.${string}`); a plural text is one. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string | Plural
    ? `${Prefix}${K}`
    : T[K] extends object
      ? Leaves<T[K], `${Prefix}${K}.`>
      : never;
}[keyof T & string];

/** A key of a namespace's messages. */
export type ParseKeys<NS extends Namespace = 'translation'> = Leaves<Namespaces[NS]>;

/** The values a text's placeholders take (`{{count}}` from `{ count: 3 }`; `count` also picks a plural's form). */
export type TOptions = Record<string, unknown>;

/** A namespace's texts in one language: `t('common.close')`, `t('common.pageN', { page: 2 })`. */
export type TFunction<NS extends Namespace = 'translation'> = (
  key: ParseKeys<NS>,
  options?: TOptions,
) => string;

/** Loads a namespace's messages in a language (its own chunk). */
export type MessageLoader = (language: string) => Promise<object>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** `text` with its placeholders filled in; one without a value stays as written, so it shows. */
export function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

/**
 * The value at a dotted key. A name may hold dots itself (the permissions, `permissions.users.read` under
 * `permissions: { 'users.read': … }`): where a part is not there, it is tried joined to the next ones.
 */
function lookup(node: unknown, parts: readonly string[], from = 0): unknown {
  if (from === parts.length) return node;
  if (node === null || typeof node !== 'object') return undefined;
  for (let to = from + 1; to <= parts.length; to++) {
    const name = parts.slice(from, to).join('.');
    if (!Object.hasOwn(node, name)) continue;
    const found = lookup((node as Record<string, unknown>)[name], parts, to);
    if (found !== undefined) return found;
  }
  return undefined;
}

type Listener = (language: string) => void;

export class Translator {
  /** The language in use ('' until the first `changeLanguage`). */
  language = '';
  private readonly resources = new Map<string, Map<string, object>>();
  private readonly loaders = new Map<string, MessageLoader>();
  private readonly listeners = new Set<Listener>();

  /** A namespace's loader; its messages load with the next `changeLanguage` or `loadNamespaces`. */
  addLoader(namespace: Namespace, load: MessageLoader): void {
    this.loaders.set(namespace, load);
  }

  /** The messages of a namespace in a language, as loaded (undefined when not). */
  getResourceBundle(language: string, namespace: Namespace): object | undefined {
    return this.resources.get(language)?.get(namespace);
  }

  /** One text of a namespace in a language as stored, without placeholders filled in. */
  getResource(language: string, namespace: Namespace, key: string): unknown {
    return lookup(this.getResourceBundle(language, namespace), key.split('.'));
  }

  private async load(language: string, namespaces: readonly string[]): Promise<void> {
    const bundles = this.resources.get(language) ?? new Map<string, object>();
    this.resources.set(language, bundles);
    await Promise.all(
      namespaces
        .filter((namespace) => !bundles.has(namespace))
        .map(async (namespace) => {
          const load = this.loaders.get(namespace);
          if (!load) throw new Error(`no messages for the namespace ${namespace}`);
          bundles.set(namespace, await load(language));
        }),
    );
  }

  /** Loads every namespace with a loader in these languages (a test's second language, say). */
  async loadLanguages(languages: string | readonly string[]): Promise<void> {
    const all = typeof languages === 'string' ? [languages] : languages;
    await Promise.all(all.map((language) => this.load(language, [...this.loaders.keys()])));
  }

  /** Loads a namespace in the language in use (added with `addLoader`). */
  async loadNamespaces(namespace: Namespace): Promise<void> {
    if (this.language) await this.load(this.language, [namespace]);
  }

  /** The language asked for last: a switch whose messages arrive after a later one's does not undo it. */
  private wanted = '';

  /** Switches to a language once its messages (every namespace with a loader) are loaded; listeners hear it. */
  async changeLanguage(language: string): Promise<TFunction> {
    this.wanted = language;
    await this.load(language, [...this.loaders.keys()]);
    if (language === this.wanted && language !== this.language) {
      this.language = language;
      for (const listener of this.listeners) listener(language);
    }
    return this.getFixedT(language);
  }

  /** Calls `listener` after each switch of language; returns the unsubscription. */
  onLanguageChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A text of a namespace in a language; the key itself when there is none (a missing text shows as its key). */
  translate(language: string, namespace: Namespace, key: string, options?: TOptions): string {
    const text = this.getResource(language, namespace, key);
    if (typeof text === 'string') return interpolate(text, options);
    if (isPlural(text)) return interpolate(text[this.pluralForm(language, options?.count)], options);
    return key;
  }

  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  /** The form of a plural text for `count` in a language: `one` where its rules say so, else `other`. */
  private pluralForm(language: string, count: unknown): keyof Plural {
    if (typeof count !== 'number') return 'other';
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language.replace('_', '-'));
      this.pluralRules.set(language, rules);
    }
    return rules.select(count) === 'one' ? 'one' : 'other';
  }

  /** A text of the customer app's messages in the language in use. */
  t: TFunction = (key, options) => this.translate(this.language, 'translation', key, options);

  /** The texts of a namespace in a given language, whatever the language in use becomes. */
  getFixedT<NS extends Namespace = 'translation'>(language: string, namespace?: NS): TFunction<NS> {
    const ns = namespace ?? 'translation';
    return (key, options) => this.translate(language, ns, key, options);
  }
}
