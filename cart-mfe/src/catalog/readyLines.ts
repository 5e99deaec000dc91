import type { ProductLine } from '@shop/shared';
import type { BasketLine } from './productLines';

/** The basket lines whose catalog data is here, as the product lines that are priced. */
export function readyLines(lines: readonly BasketLine[]): ProductLine[] {
  return lines.flatMap((l) => (l.status === 'ready' ? [l.line] : []));
}
