import { Link } from 'react-router-dom';
import './catalog.css';
import { useMessages } from '@shop/shared';
import { messages } from '../messages';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

/** "Home / Men / Runner" trail: where the shopper is, and one tap back up. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const t = useMessages(messages);
  return (
    <nav aria-label={t('Breadcrumb')} className="catalog-breadcrumbs">
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.label}>
            {crumb.to ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
