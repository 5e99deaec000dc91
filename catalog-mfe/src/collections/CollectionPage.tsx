import { CatalogBrowser } from '../browse/CatalogBrowser';
import { collectionLabel, type Collection } from '../catalog/catalogApi';
import type { ListingResult } from '../catalog/catalogQuery';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import '../ui/catalog.css';
import { useMessages } from '@shop/shared';
import { messages } from '../messages';

export interface CollectionPageData {
  title: string;
  collection: Collection;
  /** The page of the collection's list the address asks for. */
  listing: ListingResult;
}

export function CollectionPage({ collection, listing }: CollectionPageData) {
  const t = useMessages(messages);
  return (
    <div className="catalog-page">
      <Breadcrumbs
        trail={[
          { label: t('Home'), to: '/' },
          { label: t('Collections'), to: '/collections' },
          { label: collection.title },
        ]}
      />
      <header className="catalog-banner">
        <div className="catalog-banner__text">
          <p className="catalog-eyebrow">{collectionLabel(collection.id, t)}</p>
          <h1>{collection.title}</h1>
          {collection.description && <p>{collection.description}</p>}
        </div>
        {collection.imageUrl && (
          <img
            className="catalog-banner__image"
            src={collection.imageUrl}
            alt=""
            width={800}
            height={450}
            fetchPriority="high"
          />
        )}
      </header>
      <CatalogBrowser
        listing={listing}
        label={t('{collection}: products', { collection: collection.title })}
        hide={{ collection: true }}
      />
    </div>
  );
}
