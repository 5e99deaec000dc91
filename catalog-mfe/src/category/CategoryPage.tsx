import type { Product } from '@shop/shared';
import { CatalogBrowser } from '../browse/CatalogBrowser';
import type { ListingResult } from '../catalog/catalogQuery';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import '../ui/catalog.css';

export type Category = Product['category'];

export const CATEGORY_TEXT: Record<Category, { title: string; heading: string; intro: string }> = {
  men: {
    title: 'Men',
    heading: "Men's clothing & sneakers",
    intro: 'Everyday layers, sharp outerwear and sneakers built for miles.',
  },
  women: {
    title: 'Women',
    heading: "Women's clothing & sneakers",
    intro: 'Easy dresses, soft knits and sneakers that go with everything.',
  },
};

/** Which category a path like "/men" or "/catalog/women" is about (one module serves both). */
export function categoryFromPath(pathname: string): Category {
  return pathname.replace(/\/+$/, '').endsWith('/women') ? 'women' : 'men';
}

export interface CategoryPageData {
  title: string;
  category: Category;
  /** The page of the category's list the address asks for. */
  listing: ListingResult;
}

export function CategoryPage({ category, listing }: CategoryPageData) {
  const text = CATEGORY_TEXT[category];
  return (
    <div className="catalog-page">
      <Breadcrumbs trail={[{ label: 'Home', to: '/' }, { label: text.title }]} />
      <header className="catalog-page__intro">
        <p className="catalog-eyebrow">{text.title}</p>
        <h1>{text.heading}</h1>
        <p>{text.intro}</p>
      </header>
      <CatalogBrowser
        listing={listing}
        label={`${text.title}'s products`}
        hide={{ category: true }}
      />
    </div>
  );
}
