/**
 * Which service a page that works on one service at a time shows (Data Usage, Data Blocks, the
 * dashboard's usage card): the one the address names (?service=) if the page offers it, else the
 * stored default service if offered, else the page's own first choice (by default the first).
 */
export function selectService<S extends { serviceid: number }>(
  offered: readonly S[],
  fromUrl: string | number | null,
  storedDefault: string | null,
  fallback: (offered: readonly S[]) => S | undefined = (list) => list[0],
): S | undefined {
  const byId = (id: string | number | null) =>
    id === null ? undefined : offered.find((s) => String(s.serviceid) === String(id));
  return byId(fromUrl) ?? byId(storedDefault) ?? fallback(offered);
}

/** A positive integer id from a search parameter or storage, else null. */
export function idParam(value: string | null): number | null {
  if (value === null || !/^[0-9]{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
