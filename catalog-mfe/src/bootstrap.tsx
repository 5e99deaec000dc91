// Standalone page for the catalog team: the remote's own routes, with the bus and a backend.
import { renderStandalone } from '@shop/shared';
import * as home from './routes/home';
import * as product from './routes/product';
import * as collections from './routes/collections';
import * as collection from './routes/collection';
import * as category from './routes/category';

renderStandalone({
  title: 'Catalog',
  routes: [
    { index: true, ...home },
    { path: 'products/:id', ...product },
    { path: 'collections', ...collections },
    { path: 'collections/fall', ...collection },
    { path: 'collections/spring', ...collection },
    { path: 'men', ...category },
    { path: 'women', ...category },
  ],
});
