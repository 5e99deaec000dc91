/**
 * @jest-environment node
 */
import { hrefFor } from '@shop/shared';
import { linkAddresses } from '@shop/shared/routes/links';
import { withLinkAddresses } from './linkScope';

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the links by role of each server render', () => {
  it('are those of its own composition, for renders under way at the same time', async () => {
    const before = linkAddresses({
      catalog: [{ path: '/goods/:id', roles: { product: '/goods/:id' } }],
    });
    const after = linkAddresses({
      catalog: [{ path: '/wares/:id', roles: { product: '/wares/:id' } }],
    });
    const render = async () => {
      const first = hrefFor('product', { id: 'p1' });
      // The other render starts (a deploy) before this one finishes.
      await pause();
      return [first, hrefFor('product', { id: 'p1' })];
    };
    const [a, b] = await Promise.all([
      withLinkAddresses(before, render),
      withLinkAddresses(after, render),
    ]);
    expect(a).toEqual(['/goods/p1', '/goods/p1']);
    expect(b).toEqual(['/wares/p1', '/wares/p1']);
  });

  it('link home outside a render', async () => {
    await withLinkAddresses(new Map([['basket', '/till']]), async () => undefined);
    expect(hrefFor('basket')).toBe('/');
  });
});
