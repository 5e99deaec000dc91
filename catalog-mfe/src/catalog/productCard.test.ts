import type { Product } from '@shop/shared';
import { CARD_FIELDS, beyondProductCard, toProductCard } from './productCard';

const boot: Product = {
  id: 'chelsea-boot',
  name: 'Suede Chelsea Boot',
  imageUrl: '/images/products/chelsea-boot.svg',
  alt: 'Illustration of the Suede Chelsea Boot: a tobacco boot',
  annotation: 'Bestseller',
  originalPrice: 159,
  discountedPrice: 139,
  description: 'Classic pull-on Chelsea boot.',
  category: 'men',
  collection: 'fall',
  type: 'boots',
  sizes: ['41', '42'],
  colours: ['Tobacco', 'Black'],
  stock: { '41': 3, '42': 0 },
  createdAt: 1_787_133_600_000,
};

test('a card holds exactly the card fields, in their order', () => {
  const german = { ...boot, name: 'Chelsea Boot', colourLabels: ['Tabak', 'Schwarz'] };
  expect(Object.keys(toProductCard(german))).toEqual([...CARD_FIELDS]);
  expect(toProductCard(boot)).toMatchObject({ id: 'chelsea-boot', colours: ['Tobacco', 'Black'] });
});

test("a card in English has no colour labels: the root market's cards are as before", () => {
  expect(Object.keys(toProductCard(boot))).toEqual(
    CARD_FIELDS.filter((field) => field !== 'colourLabels'),
  );
  expect(JSON.stringify(toProductCard(boot))).not.toContain('colourLabels');
});

test("a card in German keeps the colours and names them in the market's language", () => {
  const card = toProductCard({ ...boot, colourLabels: ['Tabak', 'Schwarz'] });
  expect(card.colours).toEqual(['Tobacco', 'Black']);
  expect(card.colourLabels).toEqual(['Tabak', 'Schwarz']);
});

test('the card and the rest make the whole record again, and share no field', () => {
  const rest = beyondProductCard(boot);
  expect(
    Object.keys(rest).filter((key) => (CARD_FIELDS as readonly string[]).includes(key)),
  ).toEqual([]);
  expect({ ...toProductCard(boot), ...rest }).toEqual(boot);
  expect(boot.stock).toEqual({ '41': 3, '42': 0 });
});
