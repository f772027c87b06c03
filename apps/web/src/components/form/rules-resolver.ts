import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

/** A rule from packages/domain: the message to show (verbatim from the spec), or null. */
export type Rule<V extends FieldValues, K extends keyof V> = (
  value: V[K],
  values: V,
) => string | null;
export type Rules<V extends FieldValues> = { [K in keyof V]?: Rule<V, K> };

/**
 * A react-hook-form resolver built from the domain's rule functions: the same functions the
 * server checks with, so client and server say the same thing, and no schema library in the
 * page bundle. Each field's first failing rule is its error.
 */
export function rulesResolver<V extends FieldValues>(rules: Rules<V>): Resolver<V> {
  return (values) => {
    const errors: Record<string, FieldError> = {};
    for (const name of Object.keys(rules) as (keyof V & string)[]) {
      const message = rules[name]?.(values[name], values);
      if (message !== null && message !== undefined) errors[name] = { type: 'rule', message };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as never }
      : { values, errors: {} };
  };
}
