// The shell's index.html as the server writes pages into it (decision 1302).
//
// Scripts: a rendered page is whole before any script runs, so its code loads after its first
// contentful paint (src/early/serverRendered.ts): the deferred scripts and the preloads leave the
// head, and <html> names the scripts for the inline script to add then.
//
// Styles: the stylesheets a server-rendered page needs at once are written into its head:
// the shell's own (linked in index.html) and those of the remote pages rendered here. Inline,
// the page is laid out from its first paint without a round trip per file; `data-href` carries
// the file's address, where the chunk loaders (mini-css-extract-plugin) look before adding a
// stylesheet, so the browser does not fetch and apply them a second time.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A stylesheet's text for its address (absolute, or the shell's own `/file.css`); null: link it. */
export type StyleReader = (href: string) => Promise<string | null>;

/** Text as it may stand in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<style data-href>` with the sheet's text; a `</style` inside cannot end the element early. */
export function styleTag(href: string, css: string): string {
  return `<style data-href="${escapeHtml(href)}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

export function linkTag(href: string): string {
  return `<link rel="stylesheet" href="${escapeHtml(href)}" />`;
}

/** The sheets at these addresses, inline where they could be read, linked where not. */
export async function styleTags(hrefs: readonly string[], read: StyleReader): Promise<string> {
  const tags = await Promise.all(
    hrefs.map(async (href) => {
      const css = await read(href).catch(() => null);
      return css === null ? linkTag(href) : styleTag(href, css);
    }),
  );
  return tags.join('');
}

const STYLESHEET_LINK = /<link\s+rel="?stylesheet"?\s+href="?([^"\s>]+)"?\s*\/?>/g;

/** The template with its stylesheet links written inline (those that could be read). */
export async function inlineTemplateStyles(template: string, read: StyleReader): Promise<string> {
  const hrefs = [...template.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
  const tags = new Map<string, string>();
  for (const href of new Set(hrefs)) tags.set(href, await styleTags([href], read));
  return template.replace(STYLESHEET_LINK, (_, href: string) => tags.get(href) ?? '');
}

/** A content hash in the file name: the file at that address never changes. */
const HASHED = /\.[0-9a-f]{8,}\.css$/;
const OWN_FILE = /^\/([\w.-]+\.css)$/;
const FETCH_TIMEOUT_MS = 2000;

/**
 * Reads the shell's own sheets from its build folder and remote sheets over HTTP. Hashed files
 * are kept (their address changes with their content); a sheet that cannot be read is linked.
 */
export function createStyleReader(distDir: string, fetchText = fetchStylesheet): StyleReader {
  const kept = new Map<string, Promise<string | null>>();
  return (href) => {
    const cached = kept.get(href);
    if (cached) return cached;
    const own = OWN_FILE.exec(href)?.[1];
    const reading: Promise<string | null> = own
      ? readFile(join(distDir, own), 'utf8').catch(() => null)
      : /^https?:\/\//.test(href)
        ? fetchText(href).catch(() => null)
        : Promise.resolve(null);
    if (HASHED.test(href)) {
      kept.set(href, reading);
      // A failed read is tried again on a later page.
      void reading.then((css) => {
        if (css === null) kept.delete(href);
      });
    }
    return reading;
  };
}

async function fetchStylesheet(url: string): Promise<string | null> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  return response.ok ? response.text() : null;
}

const DEFERRED_SCRIPT = /<script\s+defer(?:="(?:defer)?")?\s+src="?([^"\s>]+)"?\s*><\/script>/g;
const PRELOAD_LINK = /<link\s+rel="?preload"?[^>]*>/g;

/**
 * The shell's page template in its browser build (tooling/apps.json names it). Not index.html:
 * Hosting and its emulator answer `/` with a folder's index.html before any rewrite.
 */
export const PAGE_TEMPLATE = 'page.html';

/** The template for server-rendered pages: scripts after the first paint, the shell's styles inline. */
export async function serverTemplate(template: string, read: StyleReader): Promise<string> {
  const scripts = [...template.matchAll(DEFERRED_SCRIPT)].map((match) => match[1] ?? '');
  const page = template
    .replace(DEFERRED_SCRIPT, '')
    .replace(PRELOAD_LINK, '')
    .replace(
      /<html([^>]*)>/,
      `<html$1 data-rendered="server" data-scripts="${escapeHtml(scripts.join(' '))}">`,
    );
  return inlineTemplateStyles(page, read);
}
