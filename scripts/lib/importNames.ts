// The names an `import { … }` or `export { … } from` statement lists, for the tests that check
// a list of names against the code using it (sharedRouter.test.ts, federationRuntime.test.ts).

/** `a, type B, c as d` → `['a', 'c']`: the value names, as the module exporting them spells them. */
export function namesIn(specifiers: string): string[] {
  return specifiers
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}
