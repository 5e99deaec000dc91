import { readRequestedOverrides } from './overrides';

describe('readRequestedOverrides', () => {
  test('reads name@url pairs from the query and the stored map, the query winning', () => {
    const stored = JSON.stringify({
      catalog: 'http://localhost:1/a.json',
      cart: 'http://localhost:2/b.json',
    });
    const query = '?remote-override=catalog%40http%3A%2F%2Flocalhost%3A9%2Fc.json&x=1';
    expect(readRequestedOverrides(query, stored)).toEqual({
      catalog: 'http://localhost:9/c.json',
      cart: 'http://localhost:2/b.json',
    });
  });

  test('ignores broken storage and malformed pairs', () => {
    expect(readRequestedOverrides('?remote-override=nourl&remote-override=@x', '{broken')).toEqual(
      {},
    );
    expect(readRequestedOverrides('', '["catalog"]')).toEqual({});
  });
});
