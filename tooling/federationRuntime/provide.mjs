// The federation runtime that remote entries use instead of carrying their own (decision 1310).
// A remote's production browser build leaves `@module-federation/runtime-core` out of its entry
// (`experiments.externalRuntime`): the page provides it once, under the global the remote reads.
// In the storefront the shell provides its own copy (this module is one of its federation
// runtime plugins, run before any remote entry loads); on a remote's standalone page a small
// script of the remote's own build does (`federation-runtime.js`, built from this module alone).
import * as core from './core.mjs';

core.CurrentGlobal._FEDERATION_RUNTIME_CORE = core;

/** As a federation runtime plugin it does nothing more: importing it provided the runtime. */
export default function provideFederationRuntime() {
  return { name: 'shop:provide-federation-runtime' };
}
