import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by the request schema its route takes (the contracts' zod schema, the one the
 * server checks the body with), so the console never sends what the server would refuse for its
 * shape. `toBody` turns what was typed into the request (trimmed, numbers from text); the form's
 * submit then receives that request. A field the schema refuses shows the form's own words for
 * it (`messages`, keyed by the field's name in the request), or the schema's if it has none.
 */
export function contractResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: V) => z.input<S>,
  messages: Partial<Record<string, string>>,
): Resolver<V, unknown, z.output<S>> {
  return async (values) => {
    const parsed = await schema.safeParseAsync(toBody(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: messages[field] ?? issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
