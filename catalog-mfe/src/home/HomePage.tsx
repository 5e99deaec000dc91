// The front door: a hero with search, the collections, men and women, the new arrivals and the
// products worth a look. The hero paints at once; the catalog parts stream in behind placeholders
// (the loader hands over promises), so the first paint never waits for the catalog. Every part
// is a bounded set the catalog's query service answers (decision 3601), never the whole catalog.
import { Skeleton, useMarket, useMessages, type Product, type ProductCard } from '@shop/shared';
import { Suspense } from 'react';
import { Await, Link, useRevalidator, useSearchParams } from 'react-router-dom';
import { ProductGrid, ProductGridSkeleton } from '../browse/ProductGrid';
import { parseProductQuery, withQueryValue } from '../browse/productQuery';
import { SearchField } from '../browse/SearchField';
import type { Collection } from '../catalog/catalogApi';
import { countsByValue } from '../catalog/catalogHome';
import type { HomeResult } from '../catalog/catalogQuery';
import { CollectionTiles } from '../collections/CollectionsIndex';
import { messages } from '../messages';
import { formatCount, productCount } from '../ui/numbers';
import { HOME_SEARCH_SHOWN, type HomeSearch } from './homeSearch';
import '../ui/catalog.css';
import '../collections/collections.css';
import './home.css';

export interface HomePageData {
  home: Promise<HomeResult>;
  collections: Promise<Collection[]>;
  /** What the hero's search found; null without a search. */
  found: Promise<HomeSearch> | null;
}

/** Each of the home sets holds this many products (the service's choice). */
const SET_COUNT = 8;

function SectionError() {
  const t = useMessages(messages);
  const revalidator = useRevalidator();
  return (
    <p className="catalog-inline-error" role="alert">
      {t("We couldn't load this part of the shop.")}{' '}
      <button
        type="button"
        className="catalog-inline-error__retry"
        onClick={() => void revalidator.revalidate()}
      >
        {t('Try again')}
      </button>
    </p>
  );
}

/** What the search found: the first results, and a way to all of them. */
function FoundProducts({ found, search }: { found: HomeSearch; search: string }) {
  const t = useMessages(messages);
  const { locale } = useMarket();
  if ('refused' in found) {
    return (
      <p className="catalog-result-count" role="status" aria-live="polite">
        {t('Your search is too long.')} {found.refused}
      </p>
    );
  }
  const { total, products, correctedSearch } = found.listing;
  const searched = correctedSearch ?? search.trim();
  return (
    <>
      <div className="catalog-result-count" role="status" aria-live="polite">
        {correctedSearch !== undefined && (
          <p>{t('Showing results for “{search}”', { search: correctedSearch })}</p>
        )}
        <p>
          {total === 0
            ? t('No products match “{search}”.', { search: search.trim() })
            : t('{count} for “{search}”', {
                count: productCount(total, t, locale),
                search: searched,
              })}
        </p>
      </div>
      {products.length > 0 && (
        <ProductGrid
          products={products.slice(0, HOME_SEARCH_SHOWN)}
          label={t('Products matching {search}', { search: searched })}
        />
      )}
      {total > HOME_SEARCH_SHOWN && (
        <p>
          <Link to={`/search?${new URLSearchParams({ q: search.trim() }).toString()}`}>
            {t('See all {count} results', { count: formatCount(total, locale) })}
          </Link>
        </p>
      )}
    </>
  );
}

function SearchResults({ found, search }: { found: Promise<HomeSearch>; search: string }) {
  const t = useMessages(messages);
  return (
    <section
      className="catalog-section"
      aria-labelledby="catalog-home-results"
      id="catalog-home-results-section"
    >
      <h2 id="catalog-home-results">{t('Search results')}</h2>
      <Suspense fallback={<ProductGridSkeleton count={4} label={t('Searching...')} />}>
        <Await resolve={found} errorElement={<SectionError />}>
          {(result: HomeSearch) => <FoundProducts found={result} search={search} />}
        </Await>
      </Suspense>
    </section>
  );
}

/** The products a category's entry may take its picture from. */
const covers = (sets: HomeResult) => [...sets.newArrivals, ...sets.featured];

function CategoryEntry({
  category,
  products,
}: {
  category: Product['category'];
  products: ProductCard[];
}) {
  const t = useMessages(messages);
  const cover = products.find((p) => p.category === category);
  return (
    <Link to={`/${category}`} className={`catalog-entry catalog-entry--${category}`}>
      {cover ? (
        <img
          src={cover.imageUrl}
          alt=""
          width={480}
          height={600}
          className="catalog-entry__image"
          loading="lazy"
        />
      ) : (
        <span className="catalog-entry__image" aria-hidden="true" />
      )}
      <span className="catalog-entry__label">
        {category === 'men' ? t('Shop Men') : t('Shop Women')}
        <span aria-hidden="true"> →</span>
      </span>
    </Link>
  );
}

function HomeHero({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const t = useMessages(messages);
  return (
    <section className="catalog-hero" aria-labelledby="catalog-hero-title">
      <div className="catalog-hero__text">
        <p className="catalog-eyebrow">{t('New season')}</p>
        <h1 id="catalog-hero-title">{t('New season, new favourites')}</h1>
        <p className="catalog-hero__lead">
          {t('Clothing and sneakers made to last, for fall evenings and spring mornings.')}
        </p>
        <SearchField
          value={search}
          label={t('Search the shop')}
          placeholder={t('Search the shop, e.g. sneaker')}
          // Only point at the results while they are on the page (axe: aria-valid-attr-value).
          controls={search.trim() !== '' ? 'catalog-home-results-section' : undefined}
          onSearch={onSearch}
        />
        <div className="catalog-hero__actions">
          <Link className="shop-button shop-button--primary" to="/women">
            {t('Shop women')}
          </Link>
          <Link className="shop-button shop-button--secondary" to="/men">
            {t('Shop men')}
          </Link>
        </div>
      </div>
      <div className="catalog-hero__art" aria-hidden="true">
        <span className="catalog-hero__shape catalog-hero__shape--sun" />
        <span className="catalog-hero__shape catalog-hero__shape--leaf" />
        <span className="catalog-hero__shape catalog-hero__shape--bloom" />
      </div>
    </section>
  );
}

function CollectionsSection({ home, collections }: Omit<HomePageData, 'found'>) {
  const t = useMessages(messages);
  const placeholder = (
    <Skeleton
      className="catalog-home__tile-placeholder"
      height="auto"
      radius="var(--shop-radius-lg)"
    />
  );
  return (
    <section className="catalog-section" aria-labelledby="catalog-home-collections">
      <div className="catalog-section__header">
        <h2 id="catalog-home-collections">{t('The collections')}</h2>
        <Link to="/collections">{t('All collections')}</Link>
      </div>
      <Suspense
        fallback={
          <div className="catalog-collection-tiles" role="status">
            <span className="shop-visually-hidden">{t('Loading collections...')}</span>
            {placeholder}
            {placeholder}
          </div>
        }
      >
        {/* Two Awaits on the loader's own promises: a promise made during render would be new
            on every retry and never settle. */}
        <Await resolve={collections} errorElement={<SectionError />}>
          {(seasons: Collection[]) => (
            <Await resolve={home} errorElement={<SectionError />}>
              {(sets: HomeResult) => (
                <CollectionTiles collections={seasons} counts={countsByValue(sets.collections)} />
              )}
            </Await>
          )}
        </Await>
      </Suspense>
    </section>
  );
}

function CategoriesSection({ home }: { home: Promise<HomeResult> }) {
  const t = useMessages(messages);
  return (
    <section className="catalog-section" aria-labelledby="catalog-home-categories">
      <h2 id="catalog-home-categories">{t('Shop by category')}</h2>
      <div className="catalog-entries">
        <Suspense
          fallback={
            <>
              <CategoryEntry category="women" products={[]} />
              <CategoryEntry category="men" products={[]} />
            </>
          }
        >
          <Await resolve={home} errorElement={<SectionError />}>
            {(sets: HomeResult) => (
              <>
                <CategoryEntry category="women" products={covers(sets)} />
                <CategoryEntry category="men" products={covers(sets)} />
              </>
            )}
          </Await>
        </Suspense>
      </div>
    </section>
  );
}

/** One of the home sets as a grid under its title, which also names the grid. */
function HomeSet({ id, title, home, set }: HomeSetProps) {
  return (
    <section className="catalog-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Suspense fallback={<ProductGridSkeleton count={SET_COUNT} />}>
        <Await resolve={home} errorElement={<SectionError />}>
          {(sets: HomeResult) => <ProductGrid products={sets[set]} label={title} />}
        </Await>
      </Suspense>
    </section>
  );
}

interface HomeSetProps {
  id: string;
  title: string;
  home: Promise<HomeResult>;
  set: 'newArrivals' | 'featured';
}

export function HomePage({ home, collections, found }: HomePageData) {
  const t = useMessages(messages);
  const [params, setParams] = useSearchParams();
  const search = parseProductQuery(params).search;
  return (
    <div className="catalog-page catalog-home">
      <HomeHero
        search={search}
        onSearch={(text) =>
          setParams((current) => withQueryValue(current, 'search', text), {
            replace: true,
            preventScrollReset: true,
          })
        }
      />
      {search.trim() !== '' && found && <SearchResults found={found} search={search} />}
      <CollectionsSection home={home} collections={collections} />
      <CategoriesSection home={home} />
      <HomeSet id="catalog-home-new" title={t('New arrivals')} home={home} set="newArrivals" />
      <HomeSet
        id="catalog-home-highlights"
        title={t('Highlighted products')}
        home={home}
        set="featured"
      />
    </div>
  );
}
