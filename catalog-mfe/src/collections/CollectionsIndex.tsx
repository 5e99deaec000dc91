import { Link } from 'react-router-dom';
import type { Collection } from '../catalog/catalogApi';
import { formatCount } from '../ui/numbers';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import '../ui/catalog.css';
import './collections.css';

export interface CollectionsIndexData {
  collections: Collection[];
  counts: Partial<Record<string, number>>;
}

/** One tile per collection: picture, title, description, how many pieces it has. */
export function CollectionTiles({ collections, counts }: CollectionsIndexData) {
  return (
    <ul className="catalog-collection-tiles" aria-label="Collections">
      {collections.map((collection, index) => (
        <li key={collection.id}>
          <Link to={`/collections/${collection.id}`} className="catalog-collection-tile">
            {collection.imageUrl ? (
              <img
                src={collection.imageUrl}
                alt=""
                width={800}
                height={500}
                className="catalog-collection-tile__image"
                fetchPriority={index === 0 ? 'high' : undefined}
              />
            ) : (
              <span className="catalog-collection-tile__image" aria-hidden="true" />
            )}
            <span className="catalog-collection-tile__text">
              <span className="catalog-collection-tile__title">{collection.title}</span>
              {collection.description && (
                <span className="catalog-collection-tile__description">
                  {collection.description}
                </span>
              )}
              <span className="catalog-collection-tile__cta">
                {counts[collection.id] !== undefined
                  ? `Shop ${formatCount(counts[collection.id] ?? 0)} pieces`
                  : 'Shop now'}
                <span aria-hidden="true"> →</span>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function CollectionsIndex(data: CollectionsIndexData) {
  return (
    <div className="catalog-page">
      <Breadcrumbs trail={[{ label: 'Home', to: '/' }, { label: 'Collections' }]} />
      <header className="catalog-page__intro">
        <p className="catalog-eyebrow">Collections</p>
        <h1>Dressed for the season</h1>
        <p>Two edits a year, each built around the weather and the way you move.</p>
      </header>
      <CollectionTiles {...data} />
    </div>
  );
}
