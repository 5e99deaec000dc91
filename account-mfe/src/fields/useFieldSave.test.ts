import { CURRENT_PASSWORD, fieldSaveBody, shownRefusal, valueChanged } from './useFieldSave';

describe('valueChanged', () => {
  it('ignores spaces around the value unless they count', () => {
    expect(valueChanged(' Jane ', 'Jane')).toBe(false);
    expect(valueChanged(' Jane ', 'Jane', true)).toBe(true);
    expect(valueChanged('Joan', 'Jane')).toBe(true);
  });
});

describe('fieldSaveBody', () => {
  it('posts the field and its draft', () => {
    expect(fieldSaveBody('city', { city: 'Porto' }, false)).toEqual({
      field: 'city',
      value: 'Porto',
    });
  });

  it('adds the current password when the change asks for it', () => {
    const values = { password: 'new-secret', [CURRENT_PASSWORD]: 'old-secret' };
    expect(fieldSaveBody('password', values, true)).toEqual({
      field: 'password',
      value: 'new-secret',
      [CURRENT_PASSWORD]: 'old-secret',
    });
  });
});

describe('shownRefusal', () => {
  it("is the action's refusal once it answered", () => {
    expect(shownRefusal(false, { ok: false, field: 'email', error: 'Taken.' })).toBe('Taken.');
  });

  it('is none while saving, after a save, or without an answer or message', () => {
    expect(shownRefusal(true, { ok: false, field: 'email', error: 'Taken.' })).toBe('');
    expect(shownRefusal(false, { ok: true, field: 'email' })).toBe('');
    expect(shownRefusal(false, undefined)).toBe('');
    expect(shownRefusal(false, { ok: false, field: 'email' })).toBe('');
  });
});
