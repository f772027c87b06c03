/**
 * PINs are digits only: the identification PIN (exactly 4, spec 3 section 9) and the voicemail
 * PIN. A PIN field keeps only the digits typed or pasted, up to its longest length.
 */
export function pinDigits(value: string, max: number): string {
  return value.replace(/[^0-9]/g, '').slice(0, max);
}

/** The landline option features that hold a PIN (spec 2 section 3's text type). */
export const PIN_FEATURES: readonly string[] = ['voicemail-pin'];
export const VOICEMAIL_PIN_MIN = 4;
export const VOICEMAIL_PIN_MAX = 8;

export const pinMessages = {
  voicemailPin: `Your voicemail PIN must be ${VOICEMAIL_PIN_MIN} to ${VOICEMAIL_PIN_MAX} digits`,
} as const;

/** How a PIN is shown once set (the confirm step, the order's ticket): never in clear. */
export function maskedPin(value: string): string {
  return '•'.repeat(value.length);
}

/** A voicemail PIN is 4 to 8 digits; empty is left to the option's own required rule. */
export function checkVoicemailPin(value: string): string | null {
  if (value === '') return null;
  const pattern = new RegExp(`^[0-9]{${VOICEMAIL_PIN_MIN},${VOICEMAIL_PIN_MAX}}$`);
  return pattern.test(value) ? null : pinMessages.voicemailPin;
}
