// The remotes the shell composes are the keys of its `remotes.json`, read at run time (decision
// 5205): a new team's remote joins with a line there, no shell build. Imports nothing: the inline
// early script uses it too.

/** A remote's name as `remotes.json` gives it (a Module Federation container name). */
export type RemoteName = string;

/**
 * Lower-case letters and digits: a container name, a route id's prefix, a `__session` cookie's and
 * a `data-releases` attribute's word. `__canary` names (decision 4901) and the shell never match.
 */
const REMOTE_NAME = /^[a-z][a-z0-9]{0,31}$/;

export const isRemoteName = (name: string): name is RemoteName =>
  REMOTE_NAME.test(name) && name !== 'shell';

/**
 * The remotes of `lists` in one order, by name: a composition never depends on which manifest
 * answered first.
 */
export const composedRemotes = (lists: Readonly<Record<string, unknown>>): RemoteName[] =>
  Object.keys(lists).filter(isRemoteName).sort();
