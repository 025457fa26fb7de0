import { formatDateTime } from './dates';

describe('formatDateTime', () => {
  it('looks the same in every area: medium date and short time, in the reader’s language', () => {
    expect(formatDateTime('2026-03-01T08:00:00Z', 'es', { timeZone: 'UTC' })).toBe(
      '1 mar 2026, 8:00',
    );
    expect(formatDateTime('2026-03-01T08:00:00Z', 'en', { timeZone: 'UTC' })).toBe(
      'Mar 1, 2026, 8:00 AM',
    );
  });

  it('shows the time in the zone it is given', () => {
    expect(formatDateTime('2026-03-01T08:00:00Z', 'es', { timeZone: 'Europe/Madrid' })).toBe(
      '1 mar 2026, 9:00',
    );
    expect(
      formatDateTime('2026-03-01T23:30:00Z', 'es', { timeZone: 'Europe/Madrid', style: 'date' }),
    ).toBe('2 mar 2026');
  });

  it('gives the fallback for a missing or unreadable value', () => {
    expect(formatDateTime(null, 'es')).toBe('');
    expect(formatDateTime('mañana', 'es', { fallback: '—' })).toBe('—');
  });
});
