// A release label (set with SHOP_BUILD_LABEL at build time) so QA can see which catalog build the
// running shop composed; renders nothing in ordinary builds.
const RELEASE_LABEL = process.env.SHOP_BUILD_LABEL ?? '';

export function ReleaseLabel() {
  if (!RELEASE_LABEL) return null;
  return <p className="catalog-release-label">Catalog release {RELEASE_LABEL}</p>;
}
