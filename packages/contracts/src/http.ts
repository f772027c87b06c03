import { z } from 'zod';

/**
 * Every failure answers `{ data: { error } }`; a form's failure may add `fields` (field path ->
 * message) so a wizard shows each on its field and step (docs/decisions/022).
 */
export const errorOutput = z.object({
  data: z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
export type ErrorOutput = z.infer<typeof errorOutput>;

/** Every success answers `{ data: ... }` with HTTP 200. */
export function envelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/**
 * A page of a list: `{ data: [...], has_more }` (Stripe's shape). The next page is asked for
 * with the route's own offset or cursor.
 */
export function pageOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema), has_more: z.boolean() });
}

/**
 * A positive database id in a path, e.g. '/services/:serviceid/': digits only ('200101.0',
 * ' 200101' and '2e5' are not ids), read as a number.
 */
export const idParam = z
  .string()
  .regex(/^[0-9]{1,10}$/, 'must be digits')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));
