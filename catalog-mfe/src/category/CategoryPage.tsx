import type { Product } from '@shop/shared';
import { CatalogBrowser } from '../browse/CatalogBrowser';
import type { ListingResult } from '../catalog/catalogQuery';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import '../ui/catalog.css';
import { useMessages, type Translate } from '@shop/shared';
import { messages } from '../messages';

export type Category = Product['category'];

/** A category page's texts in the page's language (`t`, the catalog's texts). */
export function categoryText(
  category: Category,
  t: Translate,
): { title: string; heading: string; intro: string; products: string } {
  return category === 'men'
    ? {
        title: t('Men'),
        heading: t("Men's clothing & sneakers"),
        intro: t('Everyday layers, sharp outerwear and sneakers built for miles.'),
        products: t("Men's products"),
      }
    : {
        title: t('Women'),
        heading: t("Women's clothing & sneakers"),
        intro: t('Easy dresses, soft knits and sneakers that go with everything.'),
        products: t("Women's products"),
      };
}

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
  const t = useMessages(messages);
  const text = categoryText(category, t);
  return (
    <div className="catalog-page">
      <Breadcrumbs trail={[{ label: t('Home'), to: '/' }, { label: text.title }]} />
      <header className="catalog-page__intro">
        <p className="catalog-eyebrow">{text.title}</p>
        <h1>{text.heading}</h1>
        <p>{text.intro}</p>
      </header>
      <CatalogBrowser listing={listing} label={text.products} hide={{ category: true }} />
    </div>
  );
}
