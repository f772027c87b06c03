import { z } from 'zod';

/** Every failure answers `{ data: { error } }`. */
export const errorOutput = z.object({ data: z.object({ error: z.string() }) });
export type ErrorOutput = z.infer<typeof errorOutput>;

/** Every success answers `{ data: ... }` with HTTP 200. */
export function envelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** A positive database id in a path, e.g. '/services/:serviceid/'. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
