/**
 * A text that changes with a number (`{{count}}`): "1 day left", "3 days left". Every language gives it the same
 * shape, so the languages stay comparable key by key; one without singular forms (Chinese) writes it once.
 * The translator picks the form with the language's plural rules (Intl.PluralRules) from the `count` it is given.
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
