import { Link } from 'react-router-dom';
import type { Collection } from '../catalog/catalogApi';
import { formatCount } from '../ui/numbers';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import '../ui/catalog.css';
import './collections.css';
import { useMarket, useMessages } from '@shop/shared';
import { messages } from '../messages';

export interface CollectionsIndexData {
  collections: Collection[];
  counts: Partial<Record<string, number>>;
}

/** One tile per collection: picture, title, description, how many pieces it has. */
export function CollectionTiles({ collections, counts }: CollectionsIndexData) {
  const t = useMessages(messages);
  const { locale } = useMarket();
  return (
    <ul className="catalog-collection-tiles" aria-label={t('Collections')}>
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
                  ? t('Shop {count} pieces', {
                      count: formatCount(counts[collection.id] ?? 0, locale),
                    })
                  : t('Shop now')}
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
  const t = useMessages(messages);
  return (
    <div className="catalog-page">
      <Breadcrumbs trail={[{ label: t('Home'), to: '/' }, { label: t('Collections') }]} />
      <header className="catalog-page__intro">
        <p className="catalog-eyebrow">{t('Collections')}</p>
        <h1>{t('Dressed for the season')}</h1>
        <p>{t('Two edits a year, each built around the weather and the way you move.')}</p>
      </header>
      <CollectionTiles {...data} />
    </div>
  );
}
