import { formatDate } from './format';

describe('formatDate', () => {
  const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
  const at = Date.UTC(2026, 11, 7, 9, 30);

  it("writes a moment as each market's locale writes it, in the style asked for", () => {
    expect(formatDate(at, 'en-US', DAY)).toBe('December 7, 2026');
    expect(formatDate(at, 'de-DE', DAY)).toBe('7. Dezember 2026');
    expect(formatDate(at, 'en-GB', DAY)).toBe('7 December 2026');
    expect(formatDate(at, 'en-US', { dateStyle: 'short', timeZone: 'UTC' })).toBe('12/7/26');
  });
});
