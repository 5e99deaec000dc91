import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as shared from './index';

describe('@shop/shared entry', () => {
  it('exposes the public API of API.md', () => {
    for (const name of [
      'bus',
      'getBus',
      'useAuth',
      'useCart',
      'useError',
      'useLoading',
      'useDevice',
      'useObservable',
      'setAuth',
      'raiseError',
      'clearError',
      'setLoading',
      'toast',
      'cartActions',
      'addProduct',
      'replaceCart',
      'removeItem',
      'setQuantity',
      'updateDiscount',
      'setTotalPrice',
      'EMPTY_CART',
      'lineKey',
      'toServerCart',
      'fromServerCart',
      'formatPrice',
      'discountFactor',
      'priceLines',
      'SHIPMENT_FEE',
      'getFirebaseConfig',
      'signInAnonymouslyForToken',
      'getTokenId',
      'getAccountUid',
      'getData',
      'setData',
      'newOrderKey',
      'startSession',
      'Button',
      'Skeleton',
      'MESSAGES',
      'COLLECTION_SLUG',
      'PRODUCT_TYPE',
    ]) {
      expect(shared).toHaveProperty(name);
    }
  });

  it('leaves the product reader, and with it zod, out of the main module (decision 1311)', async () => {
    for (const name of ['productRecordSchema', 'parseProductRecord', 'readProductRecord']) {
      expect(shared).not.toHaveProperty(name);
    }
    const reader = await import('./catalog/productRecord');
    expect(reader.readProductRecord('p', { name: 'Cap', originalPrice: 20 })?.name).toBe('Cap');
  });

  it('leaves the form, product and account parts to their own entries (decision 1312)', async () => {
    const forms = [
      'useValidatedForm',
      'COUNTRIES',
      'COUNTRY_CODES',
      'countryOptions',
      'FIELD_META',
      'getFieldMeta',
      'TextField',
      'SelectField',
      'validateField',
      'VALIDATION_RULES',
      'UNEXPECTED_FIELD_MESSAGE',
      'EMAIL_PATTERN',
      'TEL_PATTERN',
      'isKnownField',
    ];
    const ui = [
      'Price',
      'PricingSummary',
      'describeDiscount',
      'QuantitySelector',
      'ProductListItem',
      'OrderProgress',
    ];
    for (const name of [...forms, ...ui]) expect(shared).not.toHaveProperty(name);
    expect(Object.keys(await import('./forms')).sort()).toEqual([...forms].sort());
    expect(Object.keys(await import('./ui')).sort()).toEqual([...ui].sort());
    const accounts = ['signUp', 'signIn', 'signOut', 'changeEmail', 'changePassword'];
    for (const name of accounts) expect(shared).not.toHaveProperty(name);
    expect(Object.keys(await import('./accounts'))).toEqual(expect.arrayContaining(accounts));
  });

  it("leaves the styles to the main module: the other entries' parts import none (0.20.1)", () => {
    const parts = ['Price', 'PricingSummary', 'QuantitySelector', 'ProductListItem', 'TextField'];
    for (const part of [...parts, 'SelectField']) {
      const source = readFileSync(join(__dirname, 'ui', `${part}.tsx`), 'utf8');
      expect({ part, styles: /^import '[^']*(?:styles|\.css)';/m.test(source) }).toEqual({
        part,
        styles: false,
      });
    }
    // The main module's own parts bring them.
    expect(readFileSync(join(__dirname, 'ui', 'Button.tsx'), 'utf8')).toMatch(
      /^import '\.\/styles';/m,
    );
  });
});
