import { WIZARD_STORAGE_PREFIX } from './session';

/**
 * Where a wizard that opts in (useWizardFlow's `persist`) keeps its progress across a reload:
 * sessionStorage (this tab only), one item per wizard under a common prefix, so a logout clears
 * them all (lib/session.ts clearSession, which the login page loads: this file is only the
 * wizard's, in the 'kit' chunk).
 */
export { WIZARD_STORAGE_PREFIX };

/** A persisted wizard: the trail of steps it took and the values its steps keep. */
export type WizardRecord = { trail: string[]; values: Record<string, unknown> };

function isRecord(value: unknown): value is WizardRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { trail, values } = value as Partial<WizardRecord>;
  return (
    Array.isArray(trail) &&
    trail.length > 0 &&
    trail.every((s) => typeof s === 'string') &&
    typeof values === 'object' &&
    values !== null &&
    !Array.isArray(values)
  );
}

export function readWizardRecord(key: string): WizardRecord | null {
  try {
    const text = window.sessionStorage.getItem(WIZARD_STORAGE_PREFIX + key);
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeWizardRecord(key: string, record: WizardRecord): void {
  try {
    window.sessionStorage.setItem(WIZARD_STORAGE_PREFIX + key, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the wizard then starts again after a reload.
  }
}

export function removeWizardRecord(key: string): void {
  try {
    window.sessionStorage.removeItem(WIZARD_STORAGE_PREFIX + key);
  } catch {
    // nothing stored
  }
}
