// What one checkout keeps in sessionStorage (this tab only, gone with the tab):
// - the order key, made once per checkout and kept until the order is confirmed, so a refresh,
//   the back button, a retry or a double submit write the same key (PUT) and store it once;
// - a draft of the details form (never the password), so coming back to the form after an
//   error or a reload does not mean typing everything again.
import { newOrderKey } from '@shop/shared';
import { isOrderKey } from '@shop/shared/order/orderVocabulary';
import { tabStorage } from './tabStorage';

const ORDER_KEY = 'threadline:checkout:orderKey';
const DRAFT_KEY = 'threadline:checkout:details';

// Storage disabled (privacy mode, tabStorage() null): the order key falls back to memory.
let memoryKey: string | null = null;

/** The key of this checkout's order, made on first use and reused until confirmed. */
export function ensureOrderKey(): string {
  const store = tabStorage();
  const existing = store?.getItem(ORDER_KEY) ?? memoryKey;
  if (existing && isOrderKey(existing)) return existing;
  const key = newOrderKey();
  memoryKey = key;
  store?.setItem(ORDER_KEY, key);
  return key;
}

/** Forgets the key once its order is confirmed (only if it is still the current one). */
export function clearOrderKey(key: string): void {
  const store = tabStorage();
  if (store?.getItem(ORDER_KEY) === key) store.removeItem(ORDER_KEY);
  if (memoryKey === key) memoryKey = null;
}

export type DetailsDraft = Partial<Record<string, string>>;

export function readDraft(): DetailsDraft {
  try {
    const raw = tabStorage()?.getItem(DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && entry[0] !== 'password',
      ),
    );
  } catch {
    return {};
  }
}

export function writeDraft(values: DetailsDraft): void {
  const { password: _password, ...rest } = values; // a password never leaves memory
  try {
    tabStorage()?.setItem(DRAFT_KEY, JSON.stringify(rest));
  } catch {
    // quota or disabled storage: the draft is a convenience only
  }
}

export function clearDraft(): void {
  tabStorage()?.removeItem(DRAFT_KEY);
}
