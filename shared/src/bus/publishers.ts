import type { AuthState, ToastEvent, ToastKind } from '../types';
import { sharedMessages } from '../messages';
import { bus, NO_ERROR } from './bus';

/**
 * A text published in English (the spec's messages, docs/product.md §8) in the page's language
 * (decision 5101; the shell loads the shared texts before the first render). A text a team
 * already wrote in the page's language is no English key: it passes unchanged.
 */
const inPageLanguage = (text: string): string =>
  sharedMessages.translator(bus.market$.getValue().language)(text);

export function setAuth(partial: Partial<AuthState>): void {
  bus.auth$.next({ ...bus.auth$.getValue(), ...partial });
}

/** docs/product.md §3 error state: content plus the error text. */
export function raiseError(content: string, error: unknown): void {
  const text = error instanceof Error ? error.message : String(error ?? '');
  bus.error$.next({ isError: true, message: { content: inPageLanguage(content), error: text } });
}

export function clearError(): void {
  bus.error$.next(NO_ERROR);
}

export function setLoading(isLoading: boolean): void {
  bus.loading$.next({ isLoading });
}

let toastCounter = 0;
function publishToast(kind: ToastKind, message: string, durationMs?: number): string {
  toastCounter += 1;
  const event: ToastEvent = {
    id: `toast-${Date.now()}-${toastCounter}`,
    kind,
    message: inPageLanguage(message),
  };
  if (durationMs !== undefined) event.durationMs = durationMs;
  bus.toasts$.next(event);
  return event.id;
}

export const toast = {
  success: (message: string, durationMs?: number) => publishToast('success', message, durationMs),
  error: (message: string, durationMs?: number) => publishToast('error', message, durationMs),
  info: (message: string, durationMs?: number) => publishToast('info', message, durationMs),
};
