/**
 * What the return from the bank's authentication page needs, kept in sessionStorage before
 * confirming (spec 3 section 4: 'a stored prepare result'), read once and removed.
 */

export const ONE_OFF_KEY = 'outpost-one-off-payment';
export const ADD_METHOD_KEY = 'outpost-add-payment-method';

export function storeReturn(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode without storage: the return then shows nothing, the webhook still settles.
  }
}

/** Reads and removes the stored value (once: a second reader gets null). */
export function takeReturn<T>(key: string, isValue: (value: unknown) => value is T): T | null {
  try {
    const text = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return isValue(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearReturn(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

/** The query parameters a return from authentication carries (Stripe's names). */
export function returnParams(
  search: URLSearchParams,
  prefix: 'payment_intent' | 'setup_intent',
): { intent: string; status: string } | null {
  const intent = search.get(prefix);
  const secret = search.get(`${prefix}_client_secret`);
  const status = search.get('redirect_status');
  return intent && secret && status ? { intent, status } : null;
}
