// The hosted card fields' page over real HTTP (decision 5301): framed only by the page that asked
// for it, its inline script and style allowed by hash and nothing else, its inputs labelled.
import { createHash } from 'node:crypto';
import { embeddingOrigin, parseFrameAncestors } from './fieldsPage';
import { startProvider, type TestProvider } from './testing/providerTestServer';

let provider: TestProvider;
beforeAll(async () => {
  provider = await startProvider({ frameAncestors: ['https://shop.example'] });
});
afterAll(() => provider.server.close());

const CHECKOUT = 'http://localhost:8083';
const getFields = (origin?: string) =>
  fetch(
    `${provider.url}/fields${origin === undefined ? '' : `?origin=${encodeURIComponent(origin)}`}`,
  );

/** The CSP's directives by name. */
function directives(policy: string | null): Record<string, string> {
  return Object.fromEntries(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('GET /fields', () => {
  it('answers the page, framed by the origin that asked and no other', async () => {
    const response = await getFields(CHECKOUT);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toBe(CHECKOUT);
    expect(csp['default-src']).toBe("'none'");
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['form-action']).toBe("'none'");
    expect(csp['base-uri']).toBe("'none'");
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('allows its one inline script and one inline style by their hashes, nothing else', async () => {
    const response = await getFields(CHECKOUT);
    const html = await response.text();
    const csp = directives(response.headers.get('content-security-policy'));
    const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(
      (m) => m[1] ?? '',
    );
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(csp['script-src']).toBe(sha256(scripts[0] ?? ''));
    expect(csp['style-src']).toBe(sha256(styles[0] ?? ''));
    expect(html).not.toMatch(/<script[^>]+src=|<link|\son\w+=|style="/);
  });

  it('tells its script the parent’s origin, and the script posts to no other', async () => {
    const html = await (await getFields(CHECKOUT)).text();
    expect(html).toContain(`data-parent-origin="${CHECKOUT}"`);
    expect(html).not.toMatch(/postMessage\([^)]*['"]\*['"]/);
  });

  it.each([
    ['Card number', 'card-number', 'cc-number'],
    ['Expiry (MM / YY)', 'card-expiry', 'cc-exp'],
    ['Security code', 'card-cvc', 'cc-csc'],
  ])(
    'has a labelled input "%s", numeric, autocompleted, with a live message',
    async (label, id, autocomplete) => {
      const html = await (await getFields(CHECKOUT)).text();
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      const input = new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(input).toContain(`autocomplete="${autocomplete}"`);
      expect(input).toContain('inputmode="numeric"');
      expect(input).toContain(`aria-describedby="${id}-error"`);
      expect(html).toMatch(new RegExp(`<p id="${id}-error"[^>]*aria-live="polite"`));
    },
  );

  it('holds the bank’s second step, hidden until asked', async () => {
    const html = await (await getFields(CHECKOUT)).text();
    expect(html).toMatch(/<section id="action"[^>]* hidden/);
    expect(html).toContain('Confirm your payment');
    expect(html).toMatch(/<button type="button" id="action-confirm">Confirm<\/button>/);
    expect(html).toMatch(/<button type="button" id="action-cancel"[^>]*>Cancel<\/button>/);
  });

  it('is framed by an origin of the configured list', async () => {
    const response = await getFields('https://shop.example');
    expect(response.status).toBe(200);
    expect(directives(response.headers.get('content-security-policy'))['frame-ancestors']).toBe(
      'https://shop.example',
    );
  });

  it.each([
    ['no origin', undefined],
    ['a foreign origin', 'https://evil.example'],
    ['an origin with a path', 'http://localhost:8083/checkout'],
    ['a wildcard', '*'],
    ['a non-web scheme', 'file://localhost'],
    ['two origins', 'http://localhost:8083 https://evil.example'],
  ])('refuses to be framed for %s (400, frame-ancestors none)', async (_name, origin) => {
    const response = await getFields(origin);
    expect(response.status).toBe(400);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(await response.text()).not.toContain('<script');
  });
});

describe('the origins that may embed the fields', () => {
  it('are local ones, over http or https, and those listed', () => {
    expect(embeddingOrigin('http://localhost:8080', [])).toBe('http://localhost:8080');
    expect(embeddingOrigin('https://127.0.0.1:5000', [])).toBe('https://127.0.0.1:5000');
    expect(embeddingOrigin('https://shop.example', ['https://shop.example'])).toBe(
      'https://shop.example',
    );
    expect(embeddingOrigin('https://shop.example', [])).toBeUndefined();
    expect(embeddingOrigin('http://localhost.evil.example', [])).toBeUndefined();
    expect(embeddingOrigin(null, [])).toBeUndefined();
  });

  it('are read from SHOP_PAYMENTS_FRAME_ANCESTORS, separated by commas or spaces', () => {
    expect(parseFrameAncestors(undefined)).toEqual([]);
    expect(
      parseFrameAncestors(
        'https://a.example, https://b.example:8443 not-an-origin https://c.example/path',
      ),
    ).toEqual(['https://a.example', 'https://b.example:8443']);
  });
});
