/** The loading placeholder shown while a page (and its remote) loads on demand. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="shop-visually-hidden">Loading…</span>
      <div className="page-skeleton__bar page-skeleton__bar--title" />
      <div className="page-skeleton__grid">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="page-skeleton__card" />
        ))}
      </div>
    </div>
  );
}
