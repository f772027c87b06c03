/**
 * The one rule for text anywhere in a request (body, query, path): no control characters but tab,
 * line feed and carriage return, and no unpaired UTF-16 surrogates ("broken text"). Such
 * characters are never typed by a person; they break databases (PostgreSQL refuses NUL in text),
 * logs and terminals. The server refuses them at the edge for every route.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isAcceptableText(value: string): boolean {
  return !CONTROL.test(value) && !UNPAIRED.test(value);
}

/** Whether any string inside a parsed JSON value (keys included) breaks the rule. */
export function holdsUnacceptableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isAcceptableText(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnacceptableText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => !isAcceptableText(key) || holdsUnacceptableText(item, depth + 1),
  );
}
