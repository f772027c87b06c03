/** How many answers a cache of remember/keep holds before it is emptied. */
const MAX_ANSWERS = 50_000;

/**
 * Keeps `value` for `key` in `cache`, emptying the cache first when it holds `max` answers: a
 * stream of new questions costs memory only up to that.
 */
export function keep<K, V>(cache: Map<K, V>, key: K, value: V, max = MAX_ANSWERS): V {
  if (cache.size >= max && !cache.has(key)) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * The answer kept in `cache` for `key`, worked out by `work` the first time (then kept): for pure
 * functions asked the same few questions on every request (zone arithmetic, permission
 * fingerprints).
 */
export function remember<K, V>(cache: Map<K, V>, key: K, work: () => V, max = MAX_ANSWERS): V {
  const value = cache.get(key);
  return value === undefined ? keep(cache, key, work(), max) : value;
}
