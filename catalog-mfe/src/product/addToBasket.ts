// The stock and basket rules of "Add to basket" (decision 1406: stock is per size), apart from the
// form: how many of a line the basket may take, and what the shopper is told after the add.
import {
  BASKET_LINES_MAX,
  type CartLine,
  QUANTITY_MAX,
  cartActions,
  lineKey,
  type Product,
} from '@shop/shared';
import { describeItem, stockLeft } from '@shop/shared/catalog/stock';
import { formatMessage, type Translate } from '@shop/shared/i18n/format';
import { colourLabel } from '../catalog/names';

/** What the shopper is told after pressing "Add to basket" (a toast of that kind). */
export interface AddMessage {
  kind: 'success' | 'info';
  text: string;
}

function quantityOf(products: readonly CartLine[], key: string) {
  return products.find((line) => lineKey(line) === key)?.quantity ?? 0;
}

/** "Linen Shirt (size M, white)": the item as the messages name it. */
export function describeChoice(
  product: Product,
  line: CartLine,
  t: Translate = formatMessage,
): string {
  // The colour by its name in the page's language (decision 5101); the line keeps the colour.
  const colour = line.colour === undefined ? '' : colourLabel(product, line.colour);
  const details = [line.size ? t('size {size}', { size: line.size }) : '', colour]
    .filter(Boolean)
    .join(', ');
  return `${product.name}${details ? ` (${details})` : ''}`;
}

/**
 * How many of `line` the stock lets the basket take now. Every colour of a size draws on the
 * size's count: the basket takes no more than is left. Null when the product's stock is not
 * tracked; `room` 0 or less when the basket already holds all that is left.
 */
export function stockRoom(product: Product, line: CartLine): { left: number; room: number } | null {
  const left = stockLeft(product, line.size);
  if (left === null) return null;
  const sameSize = cartActions
    .get()
    .products.filter((l) => l.id === product.id && (l.size ?? '') === (line.size ?? ''))
    .reduce((sum, l) => sum + l.quantity, 0);
  return { left, room: left - sameSize };
}

/** Adds `line` to the basket within the stock and the basket's limits, and says what happened. */
export function addToBasket(
  product: Product,
  line: CartLine,
  t: Translate = formatMessage,
  /** The shared package's words (the item as the stock names it), in the page's language. */
  sharedT: Translate = formatMessage,
): AddMessage {
  const what = describeChoice(product, line, t);
  const stock = stockRoom(product, line);
  let capped = '';
  let quantity = line.quantity;
  if (stock) {
    const item = describeItem(product.name, line.size, sharedT);
    if (stock.room <= 0) {
      return {
        kind: 'info',
        text: t('Your basket already holds the last {left} of {item}.', { left: stock.left, item }),
      };
    }
    if (stock.room < quantity) {
      quantity = stock.room;
      capped = t(' Only {left} left of {item}: your basket now holds all of them.', {
        left: stock.left,
        item,
      });
    }
  }
  const key = lineKey(line);
  const before = quantityOf(cartActions.get().products, key);
  const after = quantityOf(cartActions.addProduct({ ...line, quantity }).products, key);
  if (after === before && before === 0) {
    return {
      kind: 'info',
      text: t(
        'Your basket already holds {max} different items, the most one order can take. Remove one to add {what}.',
        { max: BASKET_LINES_MAX, what },
      ),
    };
  }
  if (after === before) {
    return {
      kind: 'info',
      text: t('You already have the most we can sell at once ({max}) of {what}.', {
        max: QUANTITY_MAX,
        what,
      }),
    };
  }
  const added = after - before;
  // The line's limit took some of them: say so rather than add fewer without a word.
  if (!capped && added < quantity) {
    capped = t(' We sell at most {max} of an item at once: your basket now holds {after}.', {
      max: QUANTITY_MAX,
      after,
    });
  }
  return {
    kind: capped ? 'info' : 'success',
    text: t('Added {added} × {what} to your basket.', { added, what }) + capped,
  };
}
