// `@shop/shared`'s main module, the page's shared singleton, from the shell's own build
// (decision 5102). The first render reads `@shop/shared/firstRender`: the same modules, in the
// shell's build. So the shell loads the main module before any remote's code: the federation
// runtime keeps the copy loaded first (`shareStrategy: 'loaded-first'`), also when a remote
// offers a newer one, and every remote then runs with the modules the shell rendered with.
// (A type import: the module itself is only ever loaded below.)
import type * as SharedPackageModule from '@shop/shared';

type SharedPackage = typeof SharedPackageModule;

let loading: Promise<SharedPackage> | undefined;

/** Loads it once per page; a failed load (the network) is tried again by the next call. */
export function loadSharedPackage(): Promise<SharedPackage> {
  loading ??= import('@shop/shared').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
