// The version ranges the shared singletons are required with (tooling/webpack.factory.cjs writes
// `^<version>`; package.json files use `~` and exact versions): a small reading of semver's, for
// those forms only. Any other form is refused, so a range no one understood never passes.

type Version = [number, number, number];

function parse(text: string): Version | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The first version above what `^base` admits (semver: the first non-zero part is kept). */
function caretCeiling([major, minor, patch]: Version): Version {
  if (major > 0) return [major + 1, 0, 0];
  if (minor > 0) return [0, minor + 1, 0];
  return [0, 0, patch + 1];
}

/**
 * Whether `version` (x.y.z, no pre-release) is in `range` (`*`, `x.y.z`, `^x.y.z`, `~x.y.z`).
 * Null when the range is of another form.
 */
export function satisfies(version: string, range: string): boolean | null {
  const trimmed = range.trim();
  if (trimmed === '*') return parse(version) !== null;
  const operator = /^[\^~]/.test(trimmed) ? trimmed.charAt(0) : '';
  const base = parse(trimmed.slice(operator.length));
  if (!base) return null;
  const actual = parse(version);
  if (!actual) return false;
  if (operator === '') return compare(actual, base) === 0;
  const ceiling: Version = operator === '^' ? caretCeiling(base) : [base[0], base[1] + 1, 0];
  return compare(actual, base) >= 0 && compare(actual, ceiling) < 0;
}
