// The real library over the real seed catalog (database/seed/catalog.json, read by the shared
// product reader as the pages read it).
import type { Product } from '@shop/shared';
import { readProductRecords } from '@shop/shared/catalog/productRecord';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createProductSearch,
  germanSearchTerm,
  searchTerm,
  searchedHash,
  singular,
} from './productSearch';

const seed = JSON.parse(
  readFileSync(join(__dirname, '../../../database/seed/catalog.json'), 'utf8'),
) as { catalog: { products: unknown } };
const products: Product[] = readProductRecords(seed.catalog.products);
const search = createProductSearch(products);
const nameOf = (id: string) => products.find((p) => p.id === id)?.name;
const names = (text: string) => search.search(text).map(nameOf);

const SNEAKERS = products.filter((p) => p.type === 'sneakers').map((p) => p.name);

describe('the seed catalog', () => {
  it('gives every product a type, and six of them are sneakers', () => {
    expect(products).toHaveLength(45);
    expect(products.every((p) => typeof p.type === 'string' && p.type !== '')).toBe(true);
    expect(SNEAKERS.sort()).toEqual([
      'Canvas Low-Top',
      'Cloud Running Shoe',
      'Platform Sneaker',
      'Retro Runner 84',
      'Suede High-Top',
      'Trail Runner GTX',
    ]);
  });
});

describe('search over the seed catalog', () => {
  it.each(['sneaker', 'SNEAKERS', 'sneakr', 'Sneakers ', 'snea'])(
    '"%s" finds the six sneakers, and nothing ranks above them',
    (text) => {
      const found = names(text);
      expect(found).toHaveLength(6);
      expect(found.slice(0, 6).sort()).toEqual([...SNEAKERS].sort());
    },
  );

  it('ranks a name match first ("sneaker": the Platform Sneaker leads)', () => {
    expect(names('sneaker')[0]).toBe('Platform Sneaker');
    // "leather": the three products named Leather before those only described as leather
    const leather = names('leather');
    expect(leather.slice(0, 3).sort()).toEqual([
      'Leather Ankle Boot',
      'Leather Saddle Bag',
      'Leather Weekender',
    ]);
    expect(leather.slice(3).sort()).toEqual(['Canvas Tote', 'Platform Sneaker']);
  });

  it('folds accents and case: "pique" and "PIQUE" find the Piqué Polo', () => {
    expect(names('pique')[0]).toBe('Piqué Polo');
    expect(names('PIQUE')[0]).toBe('Piqué Polo');
    expect(names('piqué')[0]).toBe('Piqué Polo');
  });

  it('matches the description, the annotation, the colour, the type, the category and the collection', () => {
    expect(names('membrane')).toEqual(['Trail Runner GTX']); // description only
    expect(names('selvedge')).toEqual(['Raw Denim Jeans']); // annotation and description
    expect(names('moss')).toEqual(['Trail Runner GTX']); // a colour
    expect(names('burgundy')).toEqual(['Midi Wrap Dress']);
    expect(names('knitwear').sort()).toEqual(
      products
        .filter((p) => p.type === 'knitwear')
        .map((p) => p.name)
        .sort(),
    ); // a type
    expect(names('boots').sort()).toEqual(['Leather Ankle Boot', 'Suede Chelsea Boot']);
    // category and collection, combined with another word: every word must match
    expect(names('women sneakers').sort()).toEqual(
      ['Cloud Running Shoe', 'Platform Sneaker', 'Suede High-Top'].sort(),
    );
    expect(names('spring collection sneaker').sort()).toEqual(
      ['Canvas Low-Top', 'Cloud Running Shoe', 'Platform Sneaker', 'Retro Runner 84'].sort(),
    );
  });

  it('forgives one typo only when the exact words find nothing', () => {
    expect(names('overcot')).toEqual(['Wool Overcoat']);
    // "shirt" finds shirts (a skirt is one letter away, but exact matches exist)
    const shirts = names('shirt');
    expect(shirts).toEqual(expect.arrayContaining(['Flannel Check Shirt', 'Linen Shirt']));
    expect(shirts.some((name) => /skirt/i.test(name ?? ''))).toBe(false);
  });

  it('finds a colour by its family: red finds burgundy, blue finds navy', () => {
    expect(names('red dress')).toEqual(['Midi Wrap Dress']);
    expect(names('burgundy dress')).toEqual(['Midi Wrap Dress']);
    // Every navy product is a blue one, and blue finds more than navy alone (indigo, sky, …).
    const blue = names('blue');
    expect(blue).toEqual(expect.arrayContaining(names('navy')));
    expect(blue).toContain('Merino Crew Knit'); // navy, oatmeal, bottle green
    expect(blue.length).toBeGreaterThan(names('navy').length);
  });

  it('with no product having every word, shows those with some, most matched first', () => {
    // No linen dress exists: linen things and dresses, not nothing.
    const found = names('linen dress');
    expect(found).toEqual(expect.arrayContaining(['Linen Shirt', 'Midi Wrap Dress']));
    // One word still has to match exactly or with one typo.
    expect(names('submarine dress')).toEqual(names('dress'));
    expect(names('submarine torpedo')).toEqual([]);
  });

  it('finds nothing for words no product has, and for no words', () => {
    expect(names('submarine')).toEqual([]);
    expect(names('   ')).toEqual([]);
  });
});

describe('terms', () => {
  it('drops a plural, keeps words that only look like one', () => {
    expect(
      ['sneakers', 'dresses', 'hoodies', 'boxes', 'dress', 'canvas', 'chinos', 'bus'].map(singular),
    ).toEqual(['sneaker', 'dress', 'hoodie', 'box', 'dress', 'canva', 'chino', 'bus']);
  });

  it('folds case and accents, drops stop words', () => {
    expect(searchTerm('Piqué')).toBe('pique');
    expect(searchTerm('SNEAKERS')).toBe('sneaker');
    expect(searchTerm('with')).toBeNull();
  });
});

describe('in German (decision 5101)', () => {
  const german = readProductRecords(seed.catalog.products, { currency: 'EUR', language: 'de' });
  const english = new Map(products.map((p) => [p.id, p]));
  const germanSearch = createProductSearch([], 'de');
  for (const product of german) germanSearch.put(product, english.get(product.id));
  const found = (text: string) => germanSearch.search(text);

  it('folds umlauts and "ß", drops German and English stop words, and stems', () => {
    expect(germanSearchTerm('Mäntel')).toBe('mantel');
    expect(germanSearchTerm('Weiß')).toBe(germanSearchTerm('weiss'));
    expect(germanSearchTerm('für')).toBeNull();
    expect(germanSearchTerm('with')).toBeNull();
    expect(germanSearchTerm('Jacken')).toBe(germanSearchTerm('Jacke'));
  });

  it('finds products by their German names, in the singular or the plural', () => {
    expect(found('Steppjacke')).toEqual(['quilted-puffer']);
    expect(found('Seidenblusen')).toEqual(['silk-blouse']);
    expect(found('Röcke')).toEqual(
      expect.arrayContaining(['pleated-midi-skirt', 'denim-mini-skirt']),
    );
    expect(found('Rocke')).toEqual(found('Röcke'));
  });

  it('finds products by German words of their descriptions, colours and categories', () => {
    expect(found('Kaschmir')).toContain('roll-neck-knit');
    expect(found('Salbei')).toEqual(expect.arrayContaining(['nylon-bomber', 'satin-slip-dress']));
    const women = german.filter((p) => p.category === 'women').length;
    expect(found('Damen')).toHaveLength(women);
  });

  it('still finds products by their English words', () => {
    expect(found('quilted puffer')[0]).toBe('quilted-puffer');
    expect(found('overcoat')).toContain('wool-overcoat');
    expect(found('sneakers')).toEqual(
      expect.arrayContaining(['trail-runner-gtx', 'canvas-low-top']),
    );
  });

  it('finds the shades of a German colour word ("rot" the bordeaux dress)', () => {
    expect(found('rot')).toContain('midi-wrap-dress');
    expect(found('blau')).toEqual(expect.arrayContaining(['merino-crew-knit', 'linen-shirt']));
    expect(found('grün')).toContain('trail-runner-gtx');
    // The English families still hold: "red" finds the burgundy dress there too.
    expect(found('red')).toContain('midi-wrap-dress');
  });

  it('forgives a typo in a German word', () => {
    expect(germanSearch.find('Wollmanntel')).toMatchObject({ ids: ['wool-overcoat'] });
  });
});

test('what search reads of a product changes its hash; its price or stock do not', () => {
  const [first] = products;
  const hash = searchedHash(first!);
  expect(searchedHash({ ...first!, discountedPrice: 1, stock: { '40': 0 } })).toBe(hash);
  expect(searchedHash({ ...first!, name: 'Renamed' })).not.toBe(hash);
  expect(searchedHash({ ...first!, colours: ['Moss'] })).not.toBe(hash);
});
