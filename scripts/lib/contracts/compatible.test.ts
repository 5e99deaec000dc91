import { contractBreaks, schemaBreaks } from './compatible';
import type { JsonSchema, Offers, Uses } from './types';
import { satisfies } from './versionRange';

const basketAdd: JsonSchema = {
  type: 'object',
  properties: { key: { type: 'string' }, path: { type: 'string' } },
  required: ['key', 'path'],
};

const withProperties = (
  schema: JsonSchema,
  properties: Record<string, JsonSchema | undefined>,
  required: string[] = schema.required ?? [],
): JsonSchema => {
  const next = { ...schema.properties };
  for (const [name, property] of Object.entries(properties)) {
    if (property) next[name] = property;
    else delete next[name];
  }
  return { ...schema, properties: next, required };
};

const offers = (partial: Partial<Offers> = {}): Offers => ({
  routes: {},
  roles: {},
  exposes: {},
  events: { emits: {} },
  ...partial,
});
const uses = (partial: Partial<Uses> = {}): Uses => ({
  events: {},
  roles: {},
  exposes: {},
  services: {},
  ...partial,
});
const messages = (result: ReturnType<typeof contractBreaks>) =>
  result.breaks.map((found) => found.message);

describe('schemaBreaks: what a producer sends against what a consumer reads', () => {
  it('passes the same payload, and one with a new optional or required field', () => {
    expect(schemaBreaks(basketAdd, basketAdd)).toEqual([]);
    const more = withProperties(basketAdd, { source: { type: 'string' } });
    expect(schemaBreaks(more, basketAdd)).toEqual([]);
    const moreRequired = { ...more, required: ['key', 'path', 'source'] };
    expect(schemaBreaks(moreRequired, basketAdd)).toEqual([]);
  });

  it('names a required field the producer no longer sends, or sends optionally', () => {
    const withoutPath = withProperties(basketAdd, { path: undefined }, ['key']);
    expect(schemaBreaks(withoutPath, basketAdd)).toEqual([
      { field: 'path', reads: 'string, required', problem: 'no longer sends it' },
    ]);
    const optionalPath = { ...basketAdd, required: ['key'] };
    expect(schemaBreaks(optionalPath, basketAdd)).toEqual([
      { field: 'path', reads: 'string, required', problem: 'may leave it out (optional now)' },
    ]);
  });

  it('names a field sent with another type, even one the consumer reads as optional', () => {
    const retyped = withProperties(basketAdd, { path: { type: 'number' } });
    expect(schemaBreaks(retyped, basketAdd)[0]).toMatchObject({
      field: 'path',
      problem: 'sends it as number',
    });
    const readsOptional = withProperties(basketAdd, { size: { type: 'string' } });
    const sendsNumber = withProperties(basketAdd, { size: { type: 'number' } });
    expect(schemaBreaks(sendsNumber, readsOptional)).toEqual([
      { field: 'size', reads: 'string, optional', problem: 'sends it as number' },
    ]);
    // Missing is fine for an optional field.
    expect(schemaBreaks(basketAdd, readsOptional)).toEqual([]);
  });

  it('reads enums as sets: fewer values pass, a new value breaks', () => {
    const read: JsonSchema = { type: 'string', enum: ['success', 'error', 'info'] };
    expect(schemaBreaks({ type: 'string', enum: ['success', 'info'] }, read)).toEqual([]);
    expect(schemaBreaks({ type: 'string', enum: ['success', 'warning'] }, read)).toEqual([
      { field: '', reads: '"success" | "error" | "info", required', problem: 'may send "warning"' },
    ]);
    expect(schemaBreaks({ type: 'string' }, read)[0]?.problem).toBe('may send any string');
  });

  it('reads unions: every alternative sent must fit one read', () => {
    const read: JsonSchema = { anyOf: [{ type: 'number' }, { type: 'string', const: 'SHIPMENT' }] };
    expect(schemaBreaks({ type: 'number' }, read)).toEqual([]);
    expect(schemaBreaks({ type: 'integer' }, read)).toEqual([]);
    expect(schemaBreaks({ anyOf: [{ type: 'number' }, { type: 'null' }] }, read)[0]).toMatchObject({
      problem: 'sends it as null',
    });
  });

  it('follows nested objects, array items and $ref definitions', () => {
    const line: JsonSchema = {
      type: 'object',
      properties: { id: { type: 'string' }, quantity: { type: 'number' } },
      required: ['id', 'quantity'],
    };
    const read: JsonSchema = {
      type: 'object',
      properties: { products: { type: 'array', items: { $ref: '#/definitions/Line' } } },
      required: ['products'],
      definitions: { Line: line },
    };
    const sent: JsonSchema = {
      type: 'object',
      properties: {
        products: { type: 'array', items: withProperties(line, { id: { type: 'number' } }) },
      },
      required: ['products'],
    };
    expect(schemaBreaks(sent, read)).toEqual([
      { field: 'products[].id', reads: 'string, required', problem: 'sends it as number' },
    ]);
    expect(schemaBreaks(read, read)).toEqual([]);
  });

  it('keeps a method a consumer calls: a function must stay a function', () => {
    const read: JsonSchema = {
      type: 'object',
      properties: { flush: { $comment: '() => Promise<void>' } },
      required: ['flush'],
    };
    expect(schemaBreaks(read, read)).toEqual([]);
    const gone: JsonSchema = { type: 'object', properties: {}, required: [] };
    expect(schemaBreaks(gone, read)).toEqual([
      { field: 'flush', reads: 'function, required', problem: 'no longer sends it' },
    ]);
  });
});

describe('contractBreaks: a producer change breaking a consumer, and the other way', () => {
  const catalog = offers({
    events: { emits: { 'basket-add': basketAdd } },
    roles: { product: { address: '/products/:id', params: ['id'] } },
  });
  const cart = uses({
    events: { 'basket-add': basketAdd },
    roles: { product: { params: ['id'], at: ['cart-mfe/src/catalog/productPage.ts'] } },
  });

  it('passes when the producer offers what the consumer uses, and with new events and roles', () => {
    expect(contractBreaks({ catalog }, { cart }).breaks).toEqual([]);
    const more = offers({
      ...catalog,
      events: { emits: { ...catalog.events.emits, 'catalog-viewed': { type: 'object' } } },
      roles: { ...catalog.roles, 'new-arrivals': { address: '/new', params: [] } },
    });
    const result = contractBreaks({ catalog: more }, { cart });
    expect(result.breaks).toEqual([]);
    expect(result.checked).toBe(2);
  });

  it('producer side: a payload that lost a field names the consumer, the event and the field', () => {
    const changed = offers({
      ...catalog,
      events: { emits: { 'basket-add': withProperties(basketAdd, { path: undefined }, ['key']) } },
    });
    expect(contractBreaks({ catalog: changed }, { cart }).breaks).toEqual([
      {
        consumer: 'cart',
        producer: 'catalog',
        contract: 'event "basket-add"',
        field: 'path',
        message:
          'cart uses event "basket-add" field "path" (string, required) from catalog: catalog no longer sends it',
      },
    ]);
  });

  it('producer side: a role gone or readdressed names the consumer that links to it', () => {
    const gone = offers({ ...catalog, roles: {} });
    expect(messages(contractBreaks({ catalog: gone }, { cart }, { catalog }))).toEqual([
      'cart links to role "product" (cart-mfe/src/catalog/productPage.ts): catalog no longer offers it',
    ]);
    const moved = offers({
      ...catalog,
      roles: { product: { address: '/p/:slug', params: ['slug'] } },
    });
    expect(messages(contractBreaks({ catalog: moved }, { cart }))).toEqual([
      'cart links to role "product" with param "id" (cart-mfe/src/catalog/productPage.ts): catalog\'s address /p/:slug has no ":id"',
      'cart links to role "product" without param "slug" (cart-mfe/src/catalog/productPage.ts): catalog\'s address /p/:slug needs it',
    ]);
  });

  it('consumer side: a consumer that starts reading a field nobody sends, or a role nobody offers', () => {
    const readsMore = uses({
      ...cart,
      events: {
        'basket-add': withProperties(basketAdd, { colour: { type: 'string' } }, [
          'key',
          'path',
          'colour',
        ]),
      },
      roles: { ...cart.roles, wishlist: { params: [], at: ['cart-mfe/src/x.ts'] } },
    });
    expect(messages(contractBreaks({ catalog }, { cart: readsMore }))).toEqual([
      'cart uses event "basket-add" field "colour" (string, required) from catalog: catalog no longer sends it',
      'cart links to role "wishlist" (cart-mfe/src/x.ts): no app offers it',
    ]);
  });

  it('an event no app emits any more breaks its readers; one only the reader emits does not', () => {
    const silent = offers({ ...catalog, events: { emits: {} } });
    expect(messages(contractBreaks({ catalog: silent }, { cart }, { catalog }))).toEqual([
      'cart handles event "basket-add" from catalog: catalog no longer emits it (no other app does)',
    ]);
    expect(contractBreaks({ catalog: silent }, { cart }, { catalog: silent }).breaks).toEqual([]);
  });

  it('exposed modules: a module or export a consumer loads must still be there', () => {
    const shell = uses({
      exposes: { cart: { './MiniBasket': ['default'] } },
      routeModules: ['Component'],
    });
    const cartOffers = offers({
      routes: { '/checkout': { module: './basket-review', private: true, roles: {} } },
      exposes: {
        './MiniBasket': { default: '() => Element' },
        './basket-review': { Component: '() => Element' },
      },
    });
    expect(contractBreaks({ cart: cartOffers }, { shell }).breaks).toEqual([]);
    const renamed = offers({
      ...cartOffers,
      exposes: {
        './MiniBasket': { MiniBasket: '() => Element' },
        './basket-review': { Page: '() => Element' },
      },
    });
    expect(messages(contractBreaks({ cart: renamed }, { shell }))).toEqual([
      'shell uses module "./MiniBasket" export "default" from cart: cart\'s module no longer exports it',
      'shell renders route "/checkout" of cart with its export "Component": cart\'s module ./basket-review does not export it',
    ]);
    expect(messages(contractBreaks({ cart: offers() }, { shell }))).toEqual([
      'shell loads module "./MiniBasket" from cart: cart no longer exposes it',
    ]);
  });

  it('service answers: an answer gone or changed names the reading app', () => {
    const answer: JsonSchema = {
      type: 'object',
      properties: {
        products: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        },
      },
      required: ['products'],
    };
    const cartReads = uses({ services: { 'catalog-query': { '/v1/related': answer } } });
    const serves = (answers: Record<string, JsonSchema>) =>
      offers({ services: { 'catalog-query': answers } });
    expect(
      contractBreaks({ catalog: serves({ '/v1/related': answer }) }, { cart: cartReads }).breaks,
    ).toEqual([]);
    expect(messages(contractBreaks({ catalog: serves({}) }, { cart: cartReads }))).toEqual([
      'cart reads answer "/v1/related" of service "catalog-query" from catalog: catalog no longer serves it',
    ]);
    const renamed = serves({
      '/v1/related': {
        type: 'object',
        properties: { items: answer.properties!.products! },
        required: ['items'],
      },
    });
    expect(messages(contractBreaks({ catalog: renamed }, { cart: cartReads }))).toEqual([
      'cart reads answer "/v1/related" of service "catalog-query" field "products" (object[], required) from catalog: catalog no longer sends it',
    ]);
    // A parameter's name in the path does not matter: the catalog's own pages write `{}`.
    const shaped = uses({ services: { 'catalog-query': { '/v1/products/{}/related': answer } } });
    expect(
      contractBreaks(
        { catalog: serves({ '/v1/products/{id}/related': answer }) },
        { account: shaped },
      ).breaks,
    ).toEqual([]);
  });

  it("server containers: the host must provide a version in each container's range", () => {
    const container = offers({
      server: { exposes: ['./product'], takesFromHost: { react: '^19.3.1' } },
    });
    const host = (react: string) => uses({ server: { hostProvides: { react } } });
    expect(contractBreaks({ catalog: container }, { shell: host('19.4.0') }).breaks).toEqual([]);
    expect(messages(contractBreaks({ catalog: container }, { shell: host('20.0.0') }))).toEqual([
      'catalog\'s server container takes "react" (^19.3.1) from its host shell: shell provides 20.0.0',
    ]);
    expect(
      messages(
        contractBreaks({ catalog: container }, { shell: uses({ server: { hostProvides: {} } }) }),
      ),
    ).toEqual([
      'catalog\'s server container takes "react" (^19.3.1) from its host shell: shell does not provide it',
    ]);
  });
});

describe('satisfies: the range forms the shared singletons use', () => {
  it.each([
    ['19.3.1', '^19.3.1', true],
    ['19.9.0', '^19.3.1', true],
    ['20.0.0', '^19.3.1', false],
    ['19.3.0', '^19.3.1', false],
    ['0.25.3', '^0.25.0', true],
    ['0.26.0', '^0.25.0', false],
    ['0.0.4', '^0.0.3', false],
    ['19.3.9', '~19.3.1', true],
    ['19.4.0', '~19.3.1', false],
    ['7.18.5', '7.18.5', true],
    ['7.18.6', '7.18.5', false],
    ['1.0.0', '*', true],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('refuses a form it does not read', () => {
    expect(satisfies('1.0.0', '>=1.0.0 <2.0.0')).toBeNull();
  });
});
