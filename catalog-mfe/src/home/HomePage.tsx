// The front door: a hero with search, the two seasonal collections, men and women, and the
// products worth a look. The hero paints at once; the catalog parts stream in behind placeholders
// (the loader hands over promises), so the first paint never waits for the database.
import { Skeleton, type Product } from '@shop/shared';
import { Suspense } from 'react';
import { Await, Link, useRevalidator, useSearchParams } from 'react-router-dom';
import { ProductGrid, ProductGridSkeleton } from '../browse/ProductGrid';
import { applyProductQuery, parseProductQuery, withQueryValue } from '../browse/productQuery';
import { SearchField } from '../browse/SearchField';
import { useProductSearch } from '../search/useProductSearch';
import { countByCollection, type Collection } from '../catalog/catalogApi';
import { CollectionTiles } from '../collections/CollectionsIndex';
import '../ui/catalog.css';
import '../collections/collections.css';
import './home.css';

export interface HomePageData {
  products: Promise<Product[]>;
  collections: Promise<Collection[]>;
}

const HIGHLIGHT_COUNT = 8;
const SEARCH_RESULT_LIMIT = 12;

/** The best reductions first (largest share off), newest first among equals. */
export function highlightedProducts(
  products: readonly Product[],
  count = HIGHLIGHT_COUNT,
): Product[] {
  const off = (p: Product) => (p.originalPrice > 0 ? 1 - p.discountedPrice / p.originalPrice : 0);
  return [...products].sort((a, b) => off(b) - off(a) || b.createdAt - a.createdAt).slice(0, count);
}

function SectionError() {
  const revalidator = useRevalidator();
  return (
    <p className="catalog-inline-error" role="alert">
      We couldn't load this part of the shop.{' '}
      <button
        type="button"
        className="catalog-inline-error__retry"
        onClick={() => void revalidator.revalidate()}
      >
        Try again
      </button>
    </p>
  );
}

/** What the search found, by the search engine (loaded with the first search, not with the page). */
function FoundProducts({ all, search }: { all: Product[]; search: string }) {
  const { ranking, pending } = useProductSearch(all, search);
  if (pending) return <ProductGridSkeleton count={4} label="Searching..." />;
  const found = applyProductQuery(
    all,
    parseProductQuery(new URLSearchParams({ q: search })),
    ranking,
  );
  return (
    <>
      <p className="catalog-result-count" role="status" aria-live="polite">
        {found.length === 0
          ? `No products match “${search}”.`
          : `${found.length} ${found.length === 1 ? 'product' : 'products'} for “${search}”`}
      </p>
      {found.length > 0 && (
        <ProductGrid
          products={found.slice(0, SEARCH_RESULT_LIMIT)}
          label={`Products matching ${search}`}
        />
      )}
      {found.length > SEARCH_RESULT_LIMIT && (
        <p>
          <Link to={`/search?${new URLSearchParams({ q: search.trim() }).toString()}`}>
            See all {found.length} results
          </Link>
        </p>
      )}
    </>
  );
}

function SearchResults({ products, search }: { products: Promise<Product[]>; search: string }) {
  return (
    <section
      className="catalog-section"
      aria-labelledby="catalog-home-results"
      id="catalog-home-results-section"
    >
      <h2 id="catalog-home-results">Search results</h2>
      <Suspense fallback={<ProductGridSkeleton count={4} label="Searching..." />}>
        <Await resolve={products} errorElement={<SectionError />}>
          {(all: Product[]) => <FoundProducts all={all} search={search} />}
        </Await>
      </Suspense>
    </section>
  );
}

function CategoryEntry({
  category,
  products,
}: {
  category: Product['category'];
  products: Product[];
}) {
  const cover = products.find((p) => p.category === category);
  const label = category === 'men' ? 'Men' : 'Women';
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
        Shop {label}
        <span aria-hidden="true"> →</span>
      </span>
    </Link>
  );
}

export function HomePage({ products, collections }: HomePageData) {
  const [params, setParams] = useSearchParams();
  const search = parseProductQuery(params).search;
  return (
    <div className="catalog-page catalog-home">
      <section className="catalog-hero" aria-labelledby="catalog-hero-title">
        <div className="catalog-hero__text">
          <p className="catalog-eyebrow">New season</p>
          <h1 id="catalog-hero-title">New season, new favourites</h1>
          <p className="catalog-hero__lead">
            Clothing and sneakers made to last, for fall evenings and spring mornings.
          </p>
          <SearchField
            value={search}
            label="Search the shop"
            placeholder="Search the shop, e.g. sneaker"
            // Only point at the results while they are on the page (axe: aria-valid-attr-value).
            controls={search.trim() !== '' ? 'catalog-home-results-section' : undefined}
            onSearch={(text) =>
              setParams((current) => withQueryValue(current, 'search', text), {
                replace: true,
                preventScrollReset: true,
              })
            }
          />
          <div className="catalog-hero__actions">
            <Link className="shop-button shop-button--primary" to="/women">
              Shop women
            </Link>
            <Link className="shop-button shop-button--secondary" to="/men">
              Shop men
            </Link>
          </div>
        </div>
        <div className="catalog-hero__art" aria-hidden="true">
          <span className="catalog-hero__shape catalog-hero__shape--sun" />
          <span className="catalog-hero__shape catalog-hero__shape--leaf" />
          <span className="catalog-hero__shape catalog-hero__shape--bloom" />
        </div>
      </section>

      {search.trim() !== '' && <SearchResults products={products} search={search} />}

      <section className="catalog-section" aria-labelledby="catalog-home-collections">
        <div className="catalog-section__header">
          <h2 id="catalog-home-collections">The collections</h2>
          <Link to="/collections">All collections</Link>
        </div>
        <Suspense
          fallback={
            <div className="catalog-collection-tiles" role="status">
              <span className="shop-visually-hidden">Loading collections...</span>
              <Skeleton
                className="catalog-home__tile-placeholder"
                height="auto"
                radius="var(--shop-radius-lg)"
              />
              <Skeleton
                className="catalog-home__tile-placeholder"
                height="auto"
                radius="var(--shop-radius-lg)"
              />
            </div>
          }
        >
          {/* Two Awaits on the loader's own promises: a promise made during render would be new
              on every retry and never settle. */}
          <Await resolve={collections} errorElement={<SectionError />}>
            {(seasons: Collection[]) => (
              <Await resolve={products} errorElement={<SectionError />}>
                {(all: Product[]) => (
                  <CollectionTiles collections={seasons} counts={countByCollection(all)} />
                )}
              </Await>
            )}
          </Await>
        </Suspense>
      </section>

      <section className="catalog-section" aria-labelledby="catalog-home-categories">
        <h2 id="catalog-home-categories">Shop by category</h2>
        <div className="catalog-entries">
          <Suspense
            fallback={
              <>
                <CategoryEntry category="women" products={[]} />
                <CategoryEntry category="men" products={[]} />
              </>
            }
          >
            <Await resolve={products} errorElement={<SectionError />}>
              {(all: Product[]) => (
                <>
                  <CategoryEntry category="women" products={all} />
                  <CategoryEntry category="men" products={all} />
                </>
              )}
            </Await>
          </Suspense>
        </div>
      </section>

      <section className="catalog-section" aria-labelledby="catalog-home-highlights">
        <h2 id="catalog-home-highlights">Highlighted products</h2>
        <Suspense fallback={<ProductGridSkeleton count={HIGHLIGHT_COUNT} />}>
          <Await resolve={products} errorElement={<SectionError />}>
            {(all: Product[]) => (
              <ProductGrid products={highlightedProducts(all)} label="Highlighted products" />
            )}
          </Await>
        </Suspense>
      </section>
    </div>
  );
}
