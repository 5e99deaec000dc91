import type { Product } from '../types';
import {
  parseProductRecord,
  readProductRecord,
  readProductRecordIn,
  readProductRecords,
} from './productRecord';

const STORED: Product = {
  id: 'trail-runner-gtx',
  name: 'Trail Runner GTX',
  imageUrl: '/images/products/trail-runner-gtx.svg',
  alt: 'Illustration of the Trail Runner GTX: a moss sneaker',
  annotation: 'Waterproof',
  originalPrice: 139.99,
  discountedPrice: 118.99,
  description: 'A rugged trail sneaker.',
  category: 'men',
  collection: 'fall',
  sizes: ['40', '41'],
  colours: ['Moss', 'Charcoal'],
  createdAt: 1756717200000,
};

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const reasonOf = (key: string, raw: unknown) => {
  const read = parseProductRecord(key, raw);
  if (read.status !== 'malformed') throw new Error(`expected malformed, got ${read.status}`);
  return read.reason;
};

describe('parseProductRecord: a valid record', () => {
  it('gives the product exactly as stored', () => {
    expect(parseProductRecord('trail-runner-gtx', STORED)).toEqual({
      status: 'ok',
      product: STORED,
    });
  });

  it('fills the defaults of absent optional fields, as the database may drop them', () => {
    expect(parseProductRecord('cap', { name: 'Cap', originalPrice: 20 })).toEqual({
      status: 'ok',
      product: {
        id: 'cap',
        name: 'Cap',
        imageUrl: '/images/products/cap.svg',
        alt: 'Cap',
        annotation: '',
        originalPrice: 20,
        discountedPrice: 20,
        description: '',
        category: 'men',
        collection: 'fall',
        sizes: [],
        colours: [],
        createdAt: 0,
      },
    });
  });

  it('reads lists stored as objects keyed by index, dropping empty slots', () => {
    const read = parseProductRecord('cap', {
      name: 'Cap',
      originalPrice: 20,
      sizes: { 0: 'S', 1: 'M' },
      colours: ['red', null, ''],
    });
    expect(read.status === 'ok' && [read.product.sizes, read.product.colours]).toEqual([
      ['S', 'M'],
      ['red'],
    ]);
  });

  it('drops fields the contract does not name (extra fields)', () => {
    const read = parseProductRecord('trail-runner-gtx', {
      ...STORED,
      internalNote: 'x',
      warehouse: { shelf: 12 },
    });
    expect(read).toEqual({ status: 'ok', product: STORED });
    expect(read.status === 'ok' && Object.keys(read.product)).not.toContain('internalNote');
  });

  it('reads stock per size as whole counts ≥ 0; a product without a stock list is not tracked', () => {
    const read = parseProductRecord('trail-runner-gtx', {
      ...STORED,
      stock: { '40': 12, '41': 0, '42': -3, '43': 2.7 },
    });
    expect(read.status === 'ok' && read.product.stock).toEqual({
      '40': 12,
      '41': 0,
      '42': 0,
      '43': 2,
    });
    expect(parseProductRecord('trail-runner-gtx', STORED)).toEqual({
      status: 'ok',
      product: STORED,
    });
    expect(parseProductRecord('x', { ...STORED, stock: 12 })).toMatchObject({
      status: 'malformed',
      reason: expect.stringContaining('stock') as unknown,
    });
  });

  it('calls a record without a stored id by its key', () => {
    const { id: _id, ...withoutId } = STORED;
    const read = parseProductRecord('key-1', withoutId);
    expect(read.status === 'ok' && read.product.id).toBe('key-1');
  });

  it('reads a product type when there is one; a record without one still reads, without a type', () => {
    const typed = parseProductRecord('trail-runner-gtx', { ...STORED, type: 'sneakers' });
    expect(typed).toEqual({ status: 'ok', product: { ...STORED, type: 'sneakers' } });
    const untyped = parseProductRecord('trail-runner-gtx', STORED);
    expect(untyped.status === 'ok' && 'type' in untyped.product).toBe(false);
  });

  it('refuses a type that could not go in an address (not a slug)', () => {
    expect(reasonOf('x', { ...STORED, type: 'Sneakers & boots' })).toContain('type');
    expect(reasonOf('x', { ...STORED, type: 7 })).toBe('type: expected string, got number 7');
  });
});

describe('parseProductRecord: missing or malformed', () => {
  it('answers missing (not malformed) for no record at all', () => {
    expect(parseProductRecord('gone', null)).toEqual({ status: 'missing' });
    expect(parseProductRecord('gone', undefined)).toEqual({ status: 'missing' });
  });

  it('refuses a record missing a required field, saying which', () => {
    const { name: _name, ...noName } = STORED;
    expect(reasonOf('p', noName)).toBe('name: expected string, got nothing');
    const { originalPrice: _price, ...noPrice } = STORED;
    expect(reasonOf('p', noPrice)).toBe('originalPrice: expected number, got nothing');
    expect(reasonOf('p', { ...STORED, name: '' })).toBe('name: must not be empty');
  });

  it('refuses wrong types, naming every field at fault', () => {
    expect(reasonOf('p', { ...STORED, originalPrice: '139.99' })).toBe(
      'originalPrice: expected number, got a string',
    );
    expect(reasonOf('p', { ...STORED, discountedPrice: -1, imageUrl: 7 })).toBe(
      'imageUrl: expected string, got number 7; discountedPrice: must be ≥ 0, got number -1',
    );
    expect(reasonOf('p', { ...STORED, category: 'kids' })).toBe(
      'category: expected one of "men", "women", got a string',
    );
    expect(reasonOf('p', { ...STORED, sizes: 'M' })).toBe(
      'sizes: expected a list of strings, got a string',
    );
    expect(reasonOf('p', { ...STORED, originalPrice: Number.NaN })).toBe(
      'originalPrice: expected number, got NaN',
    );
  });

  it('refuses what is not a record', () => {
    expect(reasonOf('p', 'junk')).toBe('the record: expected object, got a string');
    expect(reasonOf('p', [STORED])).toBe('the record: expected object, got an array');
  });
});

describe('readProductRecord / readProductRecords: skip and log, never throw', () => {
  it('returns the product, or null for no record without logging', () => {
    expect(readProductRecord('trail-runner-gtx', STORED)).toEqual(STORED);
    expect(readProductRecord('gone', null)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('skips a malformed record with a warning naming its id and the issue', () => {
    expect(readProductRecord('broken-1', { ...STORED, originalPrice: 'free' })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      '[catalog] product "broken-1" skipped: originalPrice: expected number, got a string',
    );
  });

  it('reads a whole catalog node, keeping the good records in stored order', () => {
    const products = readProductRecords({
      a: { ...STORED, id: 'a' },
      broken: { name: 'No price' },
      b: { name: 'Cap', originalPrice: 20 },
    });
    expect(products.map((p) => p.id)).toEqual(['a', 'b']);
    expect(warn).toHaveBeenCalledWith(
      '[catalog] product "broken" skipped: originalPrice: expected number, got nothing',
    );
  });

  it('reads a node stored as an array, ignoring empty slots', () => {
    expect(readProductRecords([null, { name: 'Cap', originalPrice: 20 }]).map((p) => p.id)).toEqual(
      ['1'],
    );
    expect(readProductRecords(null)).toEqual([]);
    expect(readProductRecords('junk')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      '[catalog] products skipped: expected a list of records, got a string',
    );
  });
});

describe('a record read in a market (decision 5101)', () => {
  const record = {
    name: 'Trail Runner GTX',
    originalPrice: 139.99,
    discountedPrice: 118.99,
    colours: ['Moss', 'Charcoal'],
    annotation: 'Waterproof',
    prices: {
      EUR: { originalPrice: 149.95, discountedPrice: 127.45 },
      GBP: { originalPrice: 119 },
    },
    translations: { de: { name: 'Trail-Runner GTX', colours: ['Moos', 'Anthrazit'] } },
  };

  it('takes the price of the currency from the price list', () => {
    const eur = parseProductRecord('t', record, { currency: 'EUR', language: 'de' });
    expect(eur).toMatchObject({
      status: 'ok',
      product: { originalPrice: 149.95, discountedPrice: 127.45, name: 'Trail-Runner GTX' },
    });
    const gbp = parseProductRecord('t', record, { currency: 'GBP', language: 'en' });
    expect(gbp).toMatchObject({
      status: 'ok',
      product: { originalPrice: 119, discountedPrice: 119, name: 'Trail Runner GTX' },
    });
  });

  it('keeps the colours as keys and gives their names in the language beside them', () => {
    const read = parseProductRecord('t', record, { currency: 'EUR', language: 'de' });
    expect(read.status === 'ok' && read.product.colours).toEqual(['Moss', 'Charcoal']);
    expect(read.status === 'ok' && read.product.colourLabels).toEqual(['Moos', 'Anthrazit']);
    // Untranslated texts are the English ones.
    expect(read.status === 'ok' && read.product.annotation).toBe('Waterproof');
  });

  it('reads as before in US dollars and English', () => {
    const read = parseProductRecord('t', record);
    expect(read).toMatchObject({
      status: 'ok',
      product: { originalPrice: 139.99, name: 'Trail Runner GTX' },
    });
    expect(read.status === 'ok' && 'colourLabels' in read.product).toBe(false);
  });

  it('is not sold where it has no price in the currency', () => {
    const { prices: _prices, ...usOnly } = record;
    expect(parseProductRecord('t', usOnly, { currency: 'EUR', language: 'de' })).toEqual({
      status: 'missing',
    });
  });

  it('refuses a price list that is not prices', () => {
    const read = parseProductRecord('t', { ...record, prices: { EUR: { originalPrice: -1 } } });
    expect(read.status).toBe('malformed');
  });

  it('reads in several markets at once as one by one, a malformed record logged once', () => {
    const readIns = [
      { currency: 'USD', language: 'en' },
      { currency: 'EUR', language: 'de' },
      { currency: 'GBP', language: 'en' },
      { currency: 'CHF', language: 'de' },
    ] as const;
    expect(readProductRecordIn('t', record, readIns)).toEqual(
      readIns.map((readIn) => readProductRecord('t', record, readIn)),
    );
    expect(readProductRecordIn('t', null, readIns)).toEqual([null, null, null, null]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readProductRecordIn('t', { name: 'x' }, readIns)).toEqual([null, null, null, null]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
