// Shared set-up of the session/account tests: fakes at the HTTP boundary and the auth seam.
import { NO_ERROR, SIGNED_OUT, bus } from '../bus/bus';
import { EMPTY_CART } from '../cart/cartDomain';
import { setAuthBackend } from '../firebase/authBackend';
import { setDatabaseFetch } from '../firebase/database';
import { stopSession } from '../session/startSession';
import { type FakeAuth, createFakeAuth } from './fakeAuth';
import { type FakeDatabase, createFakeDatabase } from './fakeDatabase';

export interface Harness {
  db: FakeDatabase;
  auth: FakeAuth;
}

export function resetShared(): void {
  stopSession();
  bus.auth$.next(SIGNED_OUT);
  bus.cart$.next(EMPTY_CART);
  bus.error$.next(NO_ERROR);
  bus.loading$.next({ isLoading: false });
  localStorage.clear();
}

export function setUpHarness(initial: Parameters<typeof createFakeDatabase>[0] = null): Harness {
  resetShared();
  const db = createFakeDatabase(initial);
  const auth = createFakeAuth();
  setDatabaseFetch(db.fetch);
  setAuthBackend(auth);
  return { db, auth };
}

export function tearDownHarness(): void {
  resetShared();
  setDatabaseFetch(null);
  setAuthBackend(null);
}

/** Fake timers that still let promises and message ports run. */
export function useSyncTimers(): void {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
}

export const line = (id: string, quantity: number, size?: string) =>
  size ? { id, quantity, size } : { id, quantity };
