import { productImageAlt } from './imageAlt';

describe('productImageAlt', () => {
  it('names the colour chosen in place of the first one, never both', () => {
    expect(
      productImageAlt('Illustration of the Linen Top: a white top', ['White', 'Black'], 'Black'),
    ).toBe('Illustration of the Linen Top: a black top');
    expect(
      productImageAlt('Illustration of the Ribbed Beanie: a burnt orange beanie', [
        'Burnt orange',
        'Grey',
      ]),
    ).toBe('Illustration of the Ribbed Beanie: a burnt orange beanie');
  });

  it('writes "an" before a vowel and no article before a plural noun', () => {
    expect(
      productImageAlt(
        'Illustration of the Waxed Field Jacket: a navy jacket',
        ['Navy', 'Olive'],
        'Olive',
      ),
    ).toBe('Illustration of the Waxed Field Jacket: an olive jacket');
    expect(
      productImageAlt('Illustration of the Corduroy Trousers: a rust trousers', ['Rust']),
    ).toBe('Illustration of the Corduroy Trousers: rust trousers');
    expect(
      productImageAlt('Illustration of the Cargo Shorts: an olive shorts', ['Olive'], 'Olive'),
    ).toBe('Illustration of the Cargo Shorts: olive shorts');
  });

  it('keeps an alt of another form and adds the colour chosen', () => {
    expect(productImageAlt('Grey trail running sneaker', ['grey', 'black'], 'black')).toBe(
      'Grey trail running sneaker, in black',
    );
    expect(productImageAlt('A cap', [])).toBe('A cap');
  });
});
