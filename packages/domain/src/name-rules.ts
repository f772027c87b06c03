/**
 * A person's name as entered for a contact (docs/decisions/036): letters of any script with their
 * accents, digits (a generation, a test's stamp), spaces, hyphens, apostrophes, and full stops
 * after an initial ('J. R.'). Other symbols (':', '/', '@', '<') are refused, and so is a full
 * stop joined to what follows ('evil.example'): a name is placed in mail to other people, where
 * anything that looks like an address would become a link.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd}' \u2019.-]+$/u;
/** A full stop joined to what follows: a host name, not an initial. */
const JOINED_STOP = /\.[^\s]/u;

export const PERSON_NAME_RULE =
  "must be letters, digits, spaces, hyphens, apostrophes or an initial's full stop";

export function isPersonName(value: string): boolean {
  const name = value.trim();
  return (
    name.length > 0 && NAME_CHARACTERS.test(name) && !JOINED_STOP.test(name) && /\p{L}/u.test(name)
  );
}

/**
 * Text someone typed, made safe to place in a plain-text mail or SMS: nothing in it becomes a
 * link. Mail clients link what looks like an address, so the separators of one are broken:
 * '://' becomes '[:]//' and a full stop between a letter or digit and a letter becomes '[.]'
 * ('http[:]//evil[.]example', 'casey@example[.]com'), as security advisories quote addresses.
 * Decimals ('2.5') and sentence ends stay as they are.
 */
export function withoutLinks(text: string): string {
  return text.replace(/:\/\//g, '[:]//').replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, '[.]');
}
