// firstPageReads.json tells the shell, through this remote's manifest, which public database paths
// a page's loader reads first, so the shell's page can ask for them before this remote's code has
// loaded (decision 0503). A preload is only used when the loader asks for the very same URL: this
// checks every declared page against what its loader really reads.
import { databaseUrl } from '@shop/shared';
import type { LoaderFunctionArgs } from 'react-router-dom';
import * as category from '../routes/category';
import * as collection from '../routes/collection';
import * as collections from '../routes/collections';
import * as home from '../routes/home';
import * as product from '../routes/product';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import firstPageReads from './firstPageReads.json';

afterEach(uninstallFakeCatalog);

const args = (path: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://shop.test${path}`), params, context: {} }) as LoaderFunctionArgs;

/** Each exposed route module with a first visit of it and the route parameters the shell knows. */
const PAGES: Array<[keyof typeof firstPageReads, () => unknown, Record<string, string>]> = [
  ['./home', () => home.loader(), {}],
  ['./product', () => product.loader(args('/products/p3', { id: 'p3' })), { id: 'p3' }],
  ['./collections', () => collections.loader(), {}],
  ['./collection', () => collection.loader(args('/collections/spring')), { collection: 'spring' }],
  ['./category', () => category.loader(args('/women')), {}],
];

async function settled(value: unknown): Promise<void> {
  const awaited = await value;
  if (awaited && typeof awaited === 'object') {
    await Promise.all(
      Object.values(awaited).map((part) => Promise.resolve(part).catch(() => null)),
    );
  }
}

describe('the reads declared for the first page', () => {
  it('declare every exposed route module', () => {
    expect(Object.keys(firstPageReads).sort()).toEqual(PAGES.map(([name]) => name).sort());
  });

  it.each(PAGES)('%s: the loader asks for exactly the declared URLs', async (name, run, params) => {
    const fake = installFakeCatalog();
    await settled(run());
    const declared = firstPageReads[name].map((template) =>
      databaseUrl(template.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '')),
    );
    expect([...new Set(fake.urls)].sort()).toEqual([...declared].sort());
  });
});
