import { describe, expect, it } from 'vitest';
import { parseSent, relativeTime } from './relative-time';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('relative time of an alert', () => {
  it.each([
    ['2026-11-21T10:00:00.000Z', '2 hours ago'],
    ['2026-11-21T11:59:30Z', 'now'],
    ['2026-11-21T11:55:00Z', '5 minutes ago'],
    ['2026-11-20T11:00:00Z', 'yesterday'],
    ['2026-11-09T14:00:00.000Z', '11 days ago'],
    ['2026-09-01T00:00:00Z', '2 months ago'],
  ])('says %s was %j', (sent, text) => {
    expect(relativeTime(sent, NOW)).toBe(text);
  });

  it('drops the fractional seconds and reads nothing from an unreadable time', () => {
    expect(parseSent('2026-11-21T10:00:00.987654Z')).toBe(Date.parse('2026-11-21T10:00:00Z'));
    expect(relativeTime('soon', NOW)).toBe('');
  });
});
