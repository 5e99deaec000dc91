import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEL_PATTERN, VALIDATION_RULES } from '../validation/rules';
import {
  ADDRESS_FIELDS,
  ADDRESS_KEYS,
  addressErrors,
  addressSummary,
  defaultEntry,
  freeAddressKey,
  parseAddressBook,
} from './index';
import { SAMPLE_ADDRESS } from '../testing/sampleAddress';

const home = SAMPLE_ADDRESS;

describe('the stored book, read', () => {
  it('keeps the keys of the set in order, trims, drops what is not an address, checks the default', () => {
    const book = parseAddressBook({
      addresses: {
        a3: { ...home, city: ' Porto ' },
        a0: home,
        zz: home,
        a1: 'not an address',
      },
      defaultKey: 'a3',
    });
    expect(book.entries.map((e) => e.key)).toEqual(['a0', 'a3']);
    expect(book.entries[1]?.address.city).toBe('Porto');
    expect(book.defaultKey).toBe('a3');
    expect(defaultEntry(book)?.key).toBe('a3');
  });

  it('a default naming no saved address is none, and the first address stands in', () => {
    const book = parseAddressBook({ addresses: { a2: home }, defaultKey: 'a5' });
    expect(book.defaultKey).toBeNull();
    expect(defaultEntry(book)?.key).toBe('a2');
    expect(parseAddressBook(null)).toEqual({ entries: [], defaultKey: null });
  });

  it('gives the first free key, none when ten are saved', () => {
    expect(freeAddressKey(parseAddressBook({ addresses: { a0: home, a2: home } }))).toBe('a1');
    const full = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, home]));
    expect(ADDRESS_KEYS).toHaveLength(10);
    expect(freeAddressKey(parseAddressBook({ addresses: full }))).toBeNull();
  });
});

describe('checked with the one validation table', () => {
  it('gives each field the message of the details form', () => {
    expect(addressErrors(home)).toEqual({
      name: '',
      tel: '',
      address: '',
      city: '',
      zipCode: '',
      country: '',
    });
    const errors = addressErrors({ ...home, city: 'Rom', zipCode: '12345678901' });
    expect(errors.city).toBe(VALIDATION_RULES.city.message);
    expect(errors.zipCode).toBe(VALIDATION_RULES.zipCode.max?.message);
  });

  it("the database keeps each field as long as the table's longest value, no longer", () => {
    const rules = JSON.parse(
      readFileSync(join(__dirname, '../../../database.rules.json'), 'utf8'),
    ) as {
      rules: {
        users: {
          validated: {
            $accountUid: {
              addressBook: {
                addresses: { $addressKey: Record<string, { '.validate': string | boolean }> };
              };
            };
          };
        };
      };
    };
    const stored = rules.rules.users.validated.$accountUid.addressBook.addresses.$addressKey;
    // The longest number the phone pattern takes: 11 digits, a bracketed prefix, one separator
    // between any two digits.
    const longestTel = '+(48) 1-2-3-4-5-6-7-8-9';
    expect(TEL_PATTERN.test(longestTel)).toBe(true);
    expect(TEL_PATTERN.test(`${longestTel}0`)).toBe(false);
    for (const field of ADDRESS_FIELDS) {
      const rule = String(stored[field]?.['.validate']);
      const databaseMax = Number(/length <= (\d+)/.exec(rule)?.[1]);
      expect([field, databaseMax]).toEqual([
        field,
        VALIDATION_RULES[field].max?.length ?? longestTel.length,
      ]);
    }
  });
});

it('summarises an address on one line', () => {
  expect(addressSummary(home)).toBe('Jane Doe, 12 Rua Augusta, 1100-048 Lisbon, Portugal');
});
