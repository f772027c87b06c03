/**
 * The one phone number format and the service names built on it (docs/decisions/040), apart from
 * format.ts: only pages that show numbers load them, not the login page (its JavaScript budget).
 */

/** Digits in groups of these sizes, a space between. */
function group(text: string, sizes: readonly number[]): string {
  const out: string[] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/**
 * An Australian phone number grouped as people read it: '1300 975 707', '13 12 34',
 * '07 5550 0123', '0412 345 678', '+61 7 5550 1234', '+61 491 570 156'. Anything that is not
 * such a number (an AVC id, an overseas number) is returned as it is, trimmed.
 */
export function formatPhone(phone: string): string {
  const trimmed = phone.trim();
  if (!/^[0-9 +()-]+$/.test(trimmed)) return trimmed;
  const international = trimmed.startsWith('+');
  const digits = trimmed.replace(/\D/g, '');
  if (international) {
    if (!digits.startsWith('61') || digits.length !== 11) return trimmed;
    const national = digits.slice(2);
    return `+61 ${national.startsWith('4') ? group(national, [3, 3, 3]) : group(national, [1, 4, 4])}`;
  }
  if (digits.length === 10 && /^1[38]00/.test(digits)) return group(digits, [4, 3, 3]);
  if (digits.length === 6 && digits.startsWith('13')) return group(digits, [2, 2, 2]);
  if (digits.length === 10 && digits.startsWith('04')) return group(digits, [4, 3, 3]);
  if (digits.length === 10 && /^0[2378]/.test(digits)) return group(digits, [2, 4, 4]);
  if (digits.length === 8) return group(digits, [4, 4]);
  return trimmed;
}

/** A technology as customers read it: the spec's value 'VOIP' is written 'VoIP'; others as they are. */
export function technologyLabel(technology: string): string {
  return technology === 'VOIP' ? 'VoIP' : technology;
}

/** A service as it is named everywhere: its technology and its identifier ('VoIP 07 5550 0123'). */
export function serviceName(technology: string, identifier: string): string {
  return `${technologyLabel(technology)} ${formatPhone(identifier)}`;
}
