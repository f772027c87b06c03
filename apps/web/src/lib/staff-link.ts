import { isApiError } from './api-error';
import type { StaffMarker } from './session';

/**
 * What the staff link pages share (docs/decisions/025): the staff marker of a verify answer, and
 * which failures are a refused link (the plain message) rather than a lost connection.
 */

/** The staff link's answer lacked what it must carry (treated as a link that is not valid). */
export class StaffLinkAnswerError extends Error {
  override readonly name = 'StaffLinkAnswerError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The staff member and customer of a verify answer, or null when they are missing. */
export function staffMarkerOf(kind: StaffMarker['kind'], data: unknown): StaffMarker | null {
  if (!isRecord(data)) return null;
  const { staff, customer } = data;
  if (!isRecord(staff) || typeof staff.name !== 'string' || typeof staff.role !== 'string')
    return null;
  if (typeof customer !== 'string') return null;
  return { kind, name: staff.name, role: staff.role, customer };
}

/** A refused link (the server's 4xx) or an answer without its session: the page's plain message. */
export function isStaffLinkRefusal(error: unknown): boolean {
  if (error instanceof StaffLinkAnswerError) return true;
  return (
    isApiError(error) &&
    error.kind === 'Server' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  );
}
