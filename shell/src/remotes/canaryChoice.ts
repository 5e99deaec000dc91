// The browser's draw of a remote's canary (decision 4901), loaded by the registry only when a
// site's pointer names a canary.
import {
  chooseReleases,
  heldReleases,
  pointerOf,
  releaseCookieText,
  releaseCookieValue,
} from './canary';

/**
 * The canary release this shopper gets of `name` (the cookie shared with the server keeps them on
 * it for the browser session), or null for the current release.
 */
export function canaryChosen(name: string, manifest: unknown): string | null {
  const pointer = pointerOf(manifest);
  if (!pointer?.canary) return null;
  const held = heldReleases(document.cookie);
  const { chosen } = chooseReleases({ [name]: pointer }, held);
  const id = chosen[name];
  if (id && id !== held[name]) {
    const value = releaseCookieValue({ ...held, [name]: id });
    document.cookie = releaseCookieText(value, window.location.protocol === 'https:');
  }
  return id === pointer.canary.id ? id : null;
}
