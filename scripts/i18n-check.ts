// `npm run i18n:check [-- --write] [--strict] [app…]`: each app's texts against its message files
// (scripts/lib/i18n/check.ts, shared/CONTRACT.md §9b). Every translated app unless named.
import { TRANSLATED_APPS, checkTexts, type TextsOwner } from './lib/i18n/check';

const args = process.argv.slice(2);
const named = args.filter((arg) => !arg.startsWith('--')).map((arg) => arg.replace(/-mfe$/, ''));
const unknown = named.filter((name) => !TRANSLATED_APPS.includes(name as TextsOwner));
if (unknown.length > 0) {
  console.error(`i18n:check: unknown app ${unknown.join(', ')} (${TRANSLATED_APPS.join(', ')})`);
  process.exit(2);
}
process.exit(
  checkTexts(named.length > 0 ? (named as TextsOwner[]) : TRANSLATED_APPS, {
    write: args.includes('--write'),
    strict: args.includes('--strict'),
  }),
);
