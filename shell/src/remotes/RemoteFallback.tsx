import { useMessages, type Translate } from '@shop/shared/firstRender';
import { messages } from '../messages';
import type { RemoteName } from './registry';

/** The region's name as a sentence's subject, in the shell's texts `t`. */
function regionName(remote: RemoteName, t: Translate): string {
  switch (remote) {
    case 'catalog':
      return t('The product catalog');
    case 'cart':
      return t('Your basket');
    case 'checkout':
      return t('Checkout');
    case 'account':
      return t('Your account');
    default:
      // (Another remote, the back office: its name was missing from the sentence before.)
      return t('This part of the shop');
  }
}

export function RemoteFallback({
  remote,
  retrying,
  onRetry,
  compact = false,
  nested = false,
}: {
  remote: RemoteName;
  retrying: boolean;
  onRetry: () => void;
  compact?: boolean;
  /** Rendered inside a layout that already has the page's h1. */
  nested?: boolean;
}) {
  const t = useMessages(messages);
  const region = regionName(remote, t);
  const Heading = nested ? 'h2' : 'h1';
  if (compact) {
    return (
      <button type="button" className="remote-fallback-compact" onClick={onRetry}>
        {retrying ? t('Retrying…') : t('{region} is unavailable. Try again', { region })}
      </button>
    );
  }
  return (
    <section className="remote-fallback" role="alert" aria-live="assertive" data-remote={remote}>
      <Heading>{t('{region} is taking a break', { region })}</Heading>
      <p>
        {t(
          'This part of the shop could not be loaded right now. The rest of the shop still works, and nothing in your basket is lost.',
        )}
      </p>
      <button
        type="button"
        className="shop-button shop-button--primary"
        onClick={onRetry}
        disabled={retrying}
      >
        {retrying ? t('Trying again…') : t('Try again')}
      </button>
    </section>
  );
}
