// For the basket-sync tests: the page's session as the shell runs it, the session start of
// @shop/shared with this remote's basket service registered, resolved once the basket is loaded
// (or, when whose basket it is could not be read, once the start has given up for now).
import {
  type StartSessionOptions,
  basketChannels,
  basketLoaded,
  startSession as startSessionOnly,
} from '@shop/shared';
import { startBasketService } from '../basket-sync/basketService';

export async function startSession(options?: StartSessionOptions): Promise<void> {
  startBasketService();
  await startSessionOnly(options);
  if (basketChannels().session$.getValue()) await basketLoaded();
}
