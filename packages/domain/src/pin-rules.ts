/**
 * PINs are digits only: the identification PIN (exactly 4, spec 3 section 9) and the voicemail
 * PIN. A PIN field keeps only the digits typed or pasted, up to its longest length.
 */
export function pinDigits(value: string, max: number): string {
  return value.replace(/[^0-9]/g, '').slice(0, max);
}
