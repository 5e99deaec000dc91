import { getFieldMeta, FIELD_META } from './fieldMeta';
import { COUNTRIES } from './countries';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VALIDATION_RULES, validateField, type FieldName } from './rules';

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
      // The shop's own contact number (shell's Contact page).
      '+1 555 0100 200',
      '+1-555-0100-200',
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
      '+1 555 0100 2000',
      '1 2 3 4 5 6 7 8',
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

describe('the longest values (decision 4102: the forms know the order function limits)', () => {
  const valid: Record<Exclude<FieldName, 'password' | 'tel'>, string> = {
    name: 'Ann',
    email: 'ann@shop.io',
    address: '1 Elm Street',
    zipCode: '00-950',
    city: 'Paris',
    country: 'Poland',
  };

  it.each([
    ['name', 100, 'Name should be at most 100 characters long!'],
    ['email', 200, 'Your email address should be at most 200 characters long!'],
    ['address', 200, 'Your address should be at most 200 characters long!'],
    ['zipCode', 10, 'Your zip code should be at most 10 characters long!'],
    ['city', 100, 'Your city should be at most 100 characters long!'],
    ['country', 100, 'Your country should be at most 100 characters long!'],
  ] as const)('%s takes %i characters, not one more', (field, length, message) => {
    const base = valid[field];
    // Email: lengthen the local part so the address stays valid.
    const make = (n: number) =>
      field === 'email' ? `${'a'.repeat(n - base.length)}${base}` : base.padEnd(n, 'x');
    expect(validateField(field, make(length))).toBe('');
    expect(validateField(field, make(length + 1))).toBe(message);
    // Surrounding spaces are trimmed before counting, as the order function stores it.
    expect(validateField(field, `  ${make(length)}  `)).toBe('');
  });

  it('rejects the QA pass 233-character address and 500-character name, and a 60-digit ZIP', () => {
    expect(validateField('address', 'x'.repeat(233))).toBe(VALIDATION_RULES.address.max?.message);
    expect(validateField('name', 'x'.repeat(500))).toBe(VALIDATION_RULES.name.max?.message);
    expect(validateField('zipCode', '1'.repeat(60))).toBe(VALIDATION_RULES.zipCode.max?.message);
  });

  it('checks the length before the pattern: an over-long value never reaches it', () => {
    // Not an address at all, and too long: the answer is the length's (the pattern did not run).
    const hostile = `a@${'a'.repeat(100_000)}`;
    expect(validateField('email', hostile)).toBe(VALIDATION_RULES.email.max?.message);
  });

  it('never takes more than the database keeps for personal information', () => {
    const rules = JSON.parse(
      readFileSync(join(__dirname, '../../../database.rules.json'), 'utf8'),
    ) as {
      rules: {
        users: {
          validated: {
            $accountUid: { personalInformation: Record<string, { '.validate': string | boolean }> };
          };
        };
      };
    };
    const stored = rules.rules.users.validated.$accountUid.personalInformation;
    for (const field of [
      'name',
      'email',
      'tel',
      'address',
      'zipCode',
      'city',
      'country',
    ] as const) {
      const rule = String(stored[field]?.['.validate']);
      const databaseMax = Number(/length <= (\d+)/.exec(rule)?.[1]);
      expect(databaseMax).toBeGreaterThan(0);
      // tel has no max: its pattern takes at most 22 characters.
      expect(VALIDATION_RULES[field].max?.length ?? 22).toBeLessThanOrEqual(databaseMax);
    }
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
