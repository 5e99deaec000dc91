// Messages between tabs of the same browser (same session uid): a basket changed in one tab shows
// up in the others. BroadcastChannel when available, else the `storage` event.
import type { AuthState, ServerCart } from '@shop/shared';
import type { BasketChanges } from './basketPatch';

export type TabMessage =
  | {
      type: 'cart';
      sessionUid: string;
      path: string;
      cart: ServerCart;
      /** The lines this change made (decision 4201); absent from a cart build before it. */
      changes?: BasketChanges;
      from: string;
    }
  | {
      type: 'auth';
      sessionUid: string;
      auth: AuthState;
      path: string;
      cart: ServerCart;
      from: string;
    };

export const TAB_CHANNEL_NAME = 'shop-storefront';
const STORAGE_KEY = 'shop:tab-message';

export const TAB_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export interface TabChannel {
  post(message: TabMessage): void;
  close(): void;
}

export function openTabChannel(onMessage: (message: TabMessage) => void): TabChannel {
  const accept = (data: unknown) => {
    const message = data as TabMessage | null;
    if (!message || typeof message !== 'object' || message.from === TAB_ID) return;
    if (message.type === 'cart' || message.type === 'auth') onMessage(message);
  };

  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(TAB_CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => accept(event.data);
    return {
      post: (message) => {
        try {
          channel.postMessage(message);
        } catch {
          // closed or not cloneable: other tabs catch up on their next load
        }
      },
      close: () => channel.close(),
    };
  }

  if (typeof window === 'undefined' || typeof localStorage === 'undefined') {
    return { post: () => undefined, close: () => undefined };
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      accept(JSON.parse(event.newValue));
    } catch {
      // ignore foreign values
    }
  };
  window.addEventListener('storage', onStorage);
  return {
    post: (message) => {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...message, nonce: Math.random() }));
      } catch {
        // ignore
      }
    },
    close: () => window.removeEventListener('storage', onStorage),
  };
}
