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
      'validateField',
      'VALIDATION_RULES',
      'FIELD_META',
      'useValidatedForm',
      'getFirebaseConfig',
      'signInAnonymouslyForToken',
      'getTokenId',
      'getAccountUid',
      'getData',
      'setData',
      'newOrderKey',
      'signUp',
      'signIn',
      'signOut',
      'changeEmail',
      'changePassword',
      'startSession',
      'Button',
      'TextField',
      'SelectField',
      'Price',
      'QuantitySelector',
      'Skeleton',
      'ProductListItem',
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
});
