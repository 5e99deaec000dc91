// The remotes the shell composes (the keys of remotes.json). Imports nothing: the inline early
// script uses it too.
export const REMOTE_NAMES = ['catalog', 'cart', 'checkout', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
