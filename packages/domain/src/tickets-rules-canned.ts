/**
 * The desk's canned replies (docs/decisions/057, "Canned replies"): texts with placeholders such
 * as {{customer.first_name}} that the server fills in for one ticket. One list of placeholders;
 * a text naming another is refused when it is saved, and filling in never leaves a '{{' behind.
 */

/** The placeholders a canned reply may use, and what each is filled with. */
export const CANNED_PLACEHOLDERS = {
  'customer.first_name': "the first of the customer's given names (who opened the ticket)",
  'customer.last_name': "the customer's surname",
  'account.number': 'the account number (100001)',
  'ticket.reference': 'the ticket number the customer quotes (T240001)',
  'ticket.subject': "the ticket's subject",
  'staff.display_name': 'the name of the staff member replying',
  'provider.name': "the provider's name (the brand's)",
} as const;
export type CannedPlaceholder = keyof typeof CANNED_PLACEHOLDERS;
export const CANNED_PLACEHOLDER_NAMES = Object.keys(CANNED_PLACEHOLDERS) as CannedPlaceholder[];

export const CANNED_TITLE_MAX = 80;
export const CANNED_BODY_MAX = 5000;

/** A placeholder as written: two braces, a name (spaces inside the braces allowed), two braces. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const isPlaceholder = (name: string): name is CannedPlaceholder =>
  Object.prototype.hasOwnProperty.call(CANNED_PLACEHOLDERS, name);

const listed = () => CANNED_PLACEHOLDER_NAMES.map((n) => `{{${n}}}`).join(', ');

/**
 * What is wrong with a canned reply's text, in the words the console shows; null when it may be
 * saved. Refused: a placeholder not in the list, and braces that open or close none.
 */
export function cannedReplyProblem(body: string): string | null {
  const unknown = [...body.matchAll(PLACEHOLDER)]
    .map((m) => m[1] ?? '')
    .filter((name) => !isPlaceholder(name));
  if (unknown.length > 0) {
    const names = [...new Set(unknown)].map((n) => `{{${n}}}`);
    return `${names.length === 1 ? 'There is no placeholder' : 'There are no placeholders'} ${names.join(', ')}. Use one of ${listed()}.`;
  }
  const rest = body.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}'))
    return `A placeholder is written {{name}}, with two braces either side; check the braces. Use one of ${listed()}.`;
  return null;
}

/** The values of one ticket's placeholders; a value nobody has (no given name) is null. */
export type CannedValues = Record<CannedPlaceholder, string | null>;

/** What a placeholder without a value reads as, so the sentence still reads. */
const FALLBACK: Partial<Record<CannedPlaceholder, string>> = {
  'customer.first_name': 'there',
};

/**
 * The text with every placeholder filled in. A placeholder without a value reads as its fallback
 * ('Hi {{customer.first_name}}' is 'Hi there') or as nothing, and anything else between double
 * braces (a text saved before a placeholder was withdrawn) is taken out: never a raw '{{...}}'.
 */
export function renderCannedReply(body: string, values: CannedValues): string {
  // The text between placeholders loses stray braces (an unclosed '{{'); a value its runs of
  // braces (a subject the customer typed as '{{x}}' reads '{x}').
  const literal = (text: string) => text.replace(/\{\{|\}\}/g, '');
  const value = (text: string) => text.replace(/\{+/g, '{').replace(/\}+/g, '}');
  let out = '';
  let at = 0;
  for (const m of body.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    out += literal(body.slice(at, m.index));
    if (isPlaceholder(name)) out += value(values[name] ?? FALLBACK[name] ?? '');
    at = m.index + m[0].length;
  }
  return out + literal(body.slice(at));
}
