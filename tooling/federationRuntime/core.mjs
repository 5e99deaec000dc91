// What of Module Federation's runtime core the page provides to remote entries (decision 1310):
// only the names the remotes' runtime imports, so the shell's build keeps tree-shaking the core
// it already has. scripts/lib/federationRuntime.test.ts checks this list against the installed
// runtime packages.
export {
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
