// The federation runtime that remote entries use instead of carrying their own (decision 1310).
// A remote's production browser build leaves `@module-federation/runtime-core` out of its entry
// (`experiments.externalRuntime`): the page provides it once, under the global the remote reads.
// In the storefront the shell provides its own copy (this module is one of its federation
// runtime plugins, run before any remote entry loads); on a remote's standalone page a small
// script of the remote's own build does (`federation-runtime.js`, built from this module alone).
// Only the names the remotes' runtime imports are provided, so the shell's build keeps
// tree-shaking the runtime it already has; scripts/lib/federationRuntime.test.ts checks the list
// against the installed runtime.
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

CurrentGlobal._FEDERATION_RUNTIME_CORE = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

/** As a federation runtime plugin it does nothing more: importing it provided the runtime. */
export default function provideFederationRuntime() {
  return { name: 'shop:provide-federation-runtime' };
}
