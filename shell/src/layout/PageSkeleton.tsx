import { useMessages } from '@shop/shared/firstRender';
import { messages } from '../messages';

/**
 * The loading placeholder shown while a page (and its remote) loads on demand. With the page's
 * title (from its route list) it shows that as the heading, so the shopper, and a screen reader,
 * know at once which page is coming: a private page arrives from the server like this.
 */
export function PageSkeleton({ title }: { title?: string }) {
  const t = useMessages(messages);
  return (
    <div className="page-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="shop-visually-hidden">{t('Loading…')}</span>
      {title ? (
        <h1 className="page-skeleton__title">{title}</h1>
      ) : (
        <div className="page-skeleton__bar page-skeleton__bar--title" />
      )}
      <div className="page-skeleton__grid">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="page-skeleton__card" />
        ))}
      </div>
    </div>
  );
}
