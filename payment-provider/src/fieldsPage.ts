// The hosted card fields (decision 5301): the page the shop's checkout shows in an iframe, so card
// numbers go from the shopper's browser to the provider and never through the shop. It speaks to
// the one page that embeds it, by postMessage to that page's origin only; its script
// (fields/fields.js) and style (fields/fields.css) are inline, allowed by their hashes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIELDS_TEXTS, type FieldsLanguage } from './fields/texts';

const SCRIPT = readFileSync(join(__dirname, 'fields', 'fields.js'), 'utf8');
const STYLE = readFileSync(join(__dirname, 'fields', 'fields.css'), 'utf8');

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export interface FieldsPage {
  status: 200 | 400;
  html: string;
  headers: Record<string, string>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** An origin exactly (`http://localhost:8080`: no path, no slash), http or https. */
function asOrigin(text: string): URL | undefined {
  try {
    const url = new URL(text);
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    return web && url.origin === text ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `SHOP_PAYMENTS_FRAME_ANCESTORS`: origins, separated by commas or spaces; others dropped. */
export function parseFrameAncestors(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter((entry) => asOrigin(entry) !== undefined);
}

/**
 * The origin that may embed the fields: the page's own `origin` parameter, when it is a local one
 * (`npm start`, the tests) or one of `allowed`. Anything else is refused rather than framed.
 */
export function embeddingOrigin(
  param: string | null,
  allowed: readonly string[],
): string | undefined {
  const url = param === null ? undefined : asOrigin(param);
  if (!url || param === null) return undefined;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  return local || allowed.includes(param) ? param : undefined;
}

const policy = (frameAncestor: string) =>
  [
    "default-src 'none'",
    `script-src ${sha256(SCRIPT)}`,
    `style-src ${sha256(STYLE)}`,
    // The card goes to this provider only.
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestor}`,
  ].join('; ');

const field = (id: string, label: string, autocomplete: string, placeholder: string) => `
      <div class="field">
        <label for="${id}">${label}</label>
        <input id="${id}" name="${id}" type="text" inputmode="numeric" autocomplete="${autocomplete}"
          placeholder="${placeholder}" spellcheck="false" aria-describedby="${id}-error" aria-invalid="false">
        <p id="${id}-error" class="field-error" aria-live="polite"></p>
      </div>`;

const pageHtml = (origin: string, language: FieldsLanguage) => {
  const texts = FIELDS_TEXTS[language];
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${texts.title}</title>
    <style>${STYLE}</style>
  </head>
  <body data-parent-origin="${escapeHtml(origin)}" data-texts="${escapeHtml(JSON.stringify(texts.script))}">
    <form id="card-form" novalidate aria-label="${texts.title}">
      <p id="form-message" class="form-message" aria-live="polite"></p>${field('card-number', texts.cardNumber, 'cc-number', '1234 1234 1234 1234')}${field('card-expiry', texts.expiry, 'cc-exp', texts.expiryPlaceholder)}${field('card-cvc', texts.securityCode, 'cc-csc', '123')}
    </form>
    <section id="action" class="action" hidden aria-labelledby="action-heading">
      <h2 id="action-heading" tabindex="-1">${texts.confirmHeading}</h2>
      <p id="action-text"></p>
      <div class="buttons">
        <button type="button" id="action-confirm">${texts.confirm}</button>
        <button type="button" id="action-cancel" class="secondary">${texts.cancel}</button>
      </div>
    </section>
    <script type="module">${SCRIPT}</script>
  </body>
</html>
`;
};

const REFUSED_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card details</title></head>
<body><p>These card fields open inside the shop’s checkout only.</p></body></html>
`;

/**
 * `GET /fields?origin=…&lang=…`: the page in `language`, or a refusal when the origin may not
 * embed it.
 */
export function fieldsPage(
  originParam: string | null,
  allowed: readonly string[],
  language: FieldsLanguage = 'en',
): FieldsPage {
  const origin = embeddingOrigin(originParam, allowed);
  const common = { 'Referrer-Policy': 'no-referrer' };
  if (origin === undefined) {
    return {
      status: 400,
      html: REFUSED_HTML,
      headers: {
        ...common,
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      },
    };
  }
  return {
    status: 200,
    html: pageHtml(origin, language),
    headers: { ...common, 'Content-Security-Policy': policy(origin) },
  };
}
