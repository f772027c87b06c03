/**
 * Australia's states and territories, the one list every address form offers (product orders,
 * transfers, new VoIP) and the server checks, in spec 2 section 5's order (docs/decisions/037).
 */
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuState = (typeof AU_STATES)[number];

export function isAuState(value: string): value is AuState {
  return (AU_STATES as readonly string[]).includes(value);
}

/** The list as a select's choices: every address form's State field. */
export const AU_STATE_OPTIONS = AU_STATES.map((state) => ({ value: state, label: state }));
