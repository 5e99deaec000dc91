import { getFieldMeta, FIELD_META } from './fieldMeta';
import { COUNTRIES } from './countries';
import { VALIDATION_RULES, validateField } from './rules';

const cases: Array<[field: string, valid: string[], invalid: string[], message: string]> = [
  [
    'name',
    ['Ann', '  Bob  ', 'Jean-Luc Picard'],
    ['', 'Al', '  Al  ', '   '],
    'Name should be at least 3 characters long!',
  ],
  [
    'email',
    ['jane@example.com', 'j.doe+shop@mail.co.uk', 'x_y@sub.domain.info', ' a@b.io '],
    [
      '',
      'jane',
      'jane@',
      'jane@example',
      'jane@example.c',
      'jane@example.store1',
      'ja ne@example.com',
      '@example.com',
      'jane@example.shopping',
    ],
    'Please enter a valid email address!',
  ],
  [
    'tel',
    [
      '+48 123 456 789',
      '+48123456789',
      '48 123 4567',
      '(48) 123-4567',
      '12.345.678901',
      '+44-207-123456',
    ],
    [
      '',
      '123',
      'phone',
      '+4 123 4567',
      '+48 123 456',
      '+48 123 4567890',
      '+48  123 4567',
      '12-345-67a89',
    ],
    'Please enter a valid phone number!',
  ],
  [
    'address',
    ['Main', '1 Elm Street'],
    ['', 'Elm', '  ab  '],
    'Your address should contain at least 4 characters!',
  ],
  [
    'zipCode',
    ['12', '00-950', 'SW1A 1AA'],
    ['', '1', ' 1 '],
    'Your zip code should at least be 2 characters length!',
  ],
  [
    'city',
    ['Paris', 'New York'],
    ['', 'Rome', ' Nice '],
    'Your city should at least be 5 characters length!',
  ],
  ['country', ['Poland', 'United States'], ['', '   '], 'Please select a country!'],
  [
    'password',
    ['12345678', 'correct horse', '        '],
    ['', '1234567', 'short'],
    'Your password should be at least 8 characters long!',
  ],
];

describe('validateField (docs/product.md §5)', () => {
  describe.each(cases)('%s', (field, valid, invalid, message) => {
    it.each(valid)('accepts %p', (value) => {
      expect(validateField(field, value)).toBe('');
    });
    it.each(invalid)('rejects %p with the exact message', (value) => {
      expect(validateField(field, value)).toBe(message);
    });
  });

  it('answers any other field with the unexpected-error message', () => {
    for (const field of ['payment-method', 'surname', '', 'toString', '__proto__']) {
      expect(validateField(field, 'anything')).toBe(
        'An unexpected error has occured! Please try again later.',
      );
    }
  });

  it('treats null and undefined as empty', () => {
    expect(validateField('name', null)).toBe(VALIDATION_RULES.name.message);
    expect(validateField('country', undefined)).toBe('Please select a country!');
  });
});

describe('field metadata (docs/product.md §2)', () => {
  it('has the labels, placeholders and input types of the spec', () => {
    expect(FIELD_META.email).toMatchObject({
      label: 'Email address',
      placeholder: 'Enter email...',
      inputType: 'email',
    });
    expect(FIELD_META.tel).toMatchObject({
      label: 'Phone number',
      placeholder: 'Enter phone number...',
      inputType: 'tel',
    });
    expect(FIELD_META.zipCode).toMatchObject({
      label: 'ZIP Code',
      placeholder: 'Enter ZIP code...',
      inputType: 'text',
      inputMode: 'numeric',
    });
    expect(FIELD_META.password).toMatchObject({
      label: 'Password',
      placeholder: 'Enter password...',
      inputType: 'password',
    });
    expect(FIELD_META.name).toMatchObject({
      label: 'Name',
      placeholder: 'Enter name...',
      inputType: 'text',
    });
    expect(FIELD_META.address).toMatchObject({ label: 'Address', placeholder: 'Enter address...' });
    expect(FIELD_META.city).toMatchObject({ label: 'City', placeholder: 'Enter city...' });
    expect(FIELD_META.country).toMatchObject({ label: 'Country', placeholder: 'Enter value...' });
  });

  it('capitalises other fields and uses the default placeholder', () => {
    expect(getFieldMeta('surname')).toEqual({
      label: 'Surname',
      placeholder: 'Enter value...',
      inputType: 'text',
    });
    expect(FIELD_META['payment-method']).toMatchObject({ label: 'Payment method' });
  });
});

describe('COUNTRIES', () => {
  it('is a sorted list of unique country names', () => {
    expect(COUNTRIES.length).toBeGreaterThan(150);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES).toEqual(expect.arrayContaining(['Poland', 'United States', 'Japan']));
    expect([...COUNTRIES]).toEqual([...COUNTRIES].sort((a, b) => a.localeCompare(b)));
  });
});
