// A remote's route list as published (decision 5101, shared/CONTRACT.md §9b): each page's `title`
// and `nav.label` in the remote's other languages, from its message files
// (`src/messages/de.json`), so the shell shows them before the remote's code has loaded.
const { existsSync, readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

/** The remote's message files other than English: `{ de: { English: translation } }`. */
function readTranslations(dir) {
  const messages = join(dir, 'src/messages');
  if (!existsSync(messages)) return {};
  return Object.fromEntries(
    readdirSync(messages)
      .filter((name) => /^[a-z]{2}\.json$/.test(name) && name !== 'en.json')
      .map((name) => [name.slice(0, 2), JSON.parse(readFileSync(join(messages, name), 'utf8'))]),
  );
}

/** `entry` with `texts`: its title and label in each language that translates them. */
function withRouteTexts(entry, translations) {
  const texts = {};
  for (const [language, table] of Object.entries(translations)) {
    const own = (text) =>
      typeof text === 'string' && typeof table[text] === 'string' && table[text] !== ''
        ? table[text]
        : undefined;
    const title = own(entry.title);
    const label = own(entry.nav && entry.nav.label);
    if (title || label) {
      texts[language] = { ...(title ? { title } : {}), ...(label ? { label } : {}) };
    }
  }
  return Object.keys(texts).length > 0 ? { ...entry, texts } : entry;
}

module.exports = { readTranslations, withRouteTexts };
