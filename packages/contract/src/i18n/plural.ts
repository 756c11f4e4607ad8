/**
 * A text of the interfaces' messages that changes with a number (`{{count}}`): "1 day left", "3 days left". Every
 * language gives it the same shape, so the languages stay comparable key by key; one without singular forms
 * (Chinese) writes it once. The web's translator picks the form with the language's plural rules
 * (Intl.PluralRules) from the `count` it is given. It is here, in the contract, so that every language's messages
 * take it from a chunk every page has loaded before them.
 */
export interface Plural {
  /** The singular form, where the language has one (English "1 day"). */
  one: string;
  /** Every other number. */
  other: string;
}

/** A plural text: `plural('{{count}} days left', '{{count}} day left')`; `plural('剩余 {{count}} 天')`. */
export function plural(other: string, one: string = other): Plural {
  return { one, other };
}

export function isPlural(value: unknown): value is Plural {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Plural).one === 'string' &&
    typeof (value as Plural).other === 'string'
  );
}
