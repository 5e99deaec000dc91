// The index slot (a page its remote's list did not have when the routes were built) looks its page
// up in the composition it is given, and loads that page's code from the composition's modules.
import type { RemoteRouteModule } from '@shop/shared';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { indexSlot } from './indexSlot';
import { remoteModuleStore } from './loadRemoteModule';
import type { RouteLists } from './pageModules';

const FRONT: RemoteRouteModule = {
  Component: () => null,
  loader: () => ({ title: 'Home' }),
  handle: { title: 'Front', description: 'The front page' } as RemoteRouteModule['handle'],
};

function slotOver(lists: RouteLists) {
  const asked: string[] = [];
  const modules = remoteModuleStore({
    loadRemote: (id) => {
      asked.push(id);
      return Promise.resolve((id === 'catalog__canary/front' ? FRONT : null) as never);
    },
  }).as((remote) => `${remote}__canary`);
  const slot = indexSlot('/', false, () => ({ routeLists: lists, missing: [] }), modules);
  return { slot, asked };
}

const args = { request: new Request('https://shop.example/'), params: {} } as LoaderFunctionArgs;

it('loads the page its composition now lists, through the composition’s modules', async () => {
  const { slot, asked } = slotOver({ catalog: [{ path: '/', module: './front', title: 'Shop' }] });
  const handle = slot.handle as { remote?: string; title?: string; own?: unknown };
  expect(handle.remote).toBe('catalog');
  expect(handle.title).toBe('Shop');
  await expect((slot.loader as (a: LoaderFunctionArgs) => unknown)(args)).resolves.toEqual({
    title: 'Home',
  });
  expect(asked).toEqual(['catalog__canary/front']);
  // Once loaded, the remote's own handle: its title and the rest (a description).
  expect(handle.title).toBe('Front');
  expect(handle.own).toEqual({ title: 'Front', description: 'The front page' });
});

it('without a page for it, the slot is the not-found page and loads nothing', () => {
  const { slot, asked } = slotOver({ catalog: [] });
  const handle = slot.handle as { remote?: string; title?: string };
  expect(handle.remote).toBeUndefined();
  expect(handle.title).toBe('Page not found');
  expect((slot.loader as (a: LoaderFunctionArgs) => unknown)(args)).toBeNull();
  expect(asked).toEqual([]);
});
