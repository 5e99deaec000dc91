import type { RemoteName } from './registry';

const REGION_NAMES: Record<RemoteName, string> = {
  catalog: 'The product catalog',
  cart: 'Your basket',
  checkout: 'Checkout',
  account: 'Your account',
};

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
  const Heading = nested ? 'h2' : 'h1';
  if (compact) {
    return (
      <button type="button" className="remote-fallback-compact" onClick={onRetry}>
        {retrying ? 'Retrying…' : `${REGION_NAMES[remote]} is unavailable. Try again`}
      </button>
    );
  }
  return (
    <section className="remote-fallback" role="alert" aria-live="assertive" data-remote={remote}>
      <Heading>{REGION_NAMES[remote]} is taking a break</Heading>
      <p>
        This part of the shop could not be loaded right now. The rest of the shop still works, and
        nothing in your basket is lost.
      </p>
      <button
        type="button"
        className="shop-button shop-button--primary"
        onClick={onRetry}
        disabled={retrying}
      >
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </section>
  );
}
