// A filter's options from the service's facet counts (decision 3601): each option says how many
// products choosing it gives ("Sneakers (1,204)"), counted with the other filters applied.
import type { SelectOption } from '@shop/shared/forms';
import { CATEGORY_IDS, collectionName } from '../catalog/catalogApi';
import type { FacetCount, ListingFacets } from '../catalog/catalogQuery';
import { typeName } from '../catalog/names';
import { formatCount } from '../ui/numbers';
import { formatMessage, type Translate } from '@shop/shared/i18n/format';
import { compareSizes } from './productQuery';

type Dimension = keyof ListingFacets;

const NAME: Record<Dimension, (value: string, t: Translate) => string> = {
  category: (value, t) => (value === 'men' ? t('Men') : value === 'women' ? t('Women') : value),
  collection: collectionName,
  type: typeName,
  size: (value) => value,
};

type Compare = (a: string, b: string) => number;

/** Collections and types in the alphabetical order of their names as the page shows them. */
const byName =
  (dimension: Dimension) =>
  (t: Translate, locale?: string): Compare => {
    const collator = new Intl.Collator(locale);
    return (a, b) => collator.compare(NAME[dimension](a, t), NAME[dimension](b, t));
  };

const ORDER: Record<Dimension, (t: Translate, locale?: string) => Compare> = {
  category: () => (a, b) =>
    CATEGORY_IDS.indexOf(a as (typeof CATEGORY_IDS)[number]) -
    CATEGORY_IDS.indexOf(b as (typeof CATEGORY_IDS)[number]),
  collection: byName('collection'),
  type: byName('type'),
  size: () => compareSizes,
};

/**
 * The options of one filter, in shop order, each with its count. An option that gives nothing is
 * left out, unless it is the one chosen: the filter then still shows what the address asks for.
 */
export function facetOptions(
  dimension: Dimension,
  counts: readonly FacetCount[],
  selected: string,
  t: Translate = formatMessage,
  locale?: string,
): SelectOption[] {
  const shown = counts.filter((facet) => facet.count > 0 || facet.value === selected);
  if (selected !== '' && !shown.some((facet) => facet.value === selected)) {
    shown.push({ value: selected, count: 0 });
  }
  const order = ORDER[dimension](t, locale);
  return shown
    .sort((a, b) => order(a.value, b.value))
    .map(({ value, count }) => ({
      value,
      label: `${NAME[dimension](value, t)} (${formatCount(count, locale)})`,
    }));
}
