// The remotes the shell knows by name. Its own module so that registry.ts (which needs
// pageModules.ts) and pageModules.ts (inlined in the page, imports nothing at run time) can both
// name a remote without importing each other.
export const REMOTE_NAMES = ['catalog', 'cart', 'checkout', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
