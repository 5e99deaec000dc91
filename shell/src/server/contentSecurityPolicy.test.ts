/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import apps from '../../../tooling/apps.json';
import {
  BASELINE_POLICY,
  backendOrigins,
  contentSecurityPolicy,
  inlineScriptHashes,
  sourceOf,
} from './contentSecurityPolicy';

/** The policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const POLICY = directives(
  contentSecurityPolicy({
    scriptHashes: ["'sha256-abc123='"],
    remoteOrigins: ['http://localhost:8081', 'https://catalog.shop.example'],
    overrideOrigins: ['http://localhost', 'https://qa.shop.example:8443'],
    backendOrigins: [
      'http://127.0.0.1:9000',
      'http://127.0.0.1:5001/demo-shop/us-central1',
      'http://127.0.0.1:9099',
    ],
  }),
);

describe('contentSecurityPolicy', () => {
  it('runs only scripts the server vouched for, and what they load', () => {
    const scripts = POLICY.get('script-src') ?? [];
    expect(scripts.slice(0, 2)).toEqual(["'sha256-abc123='", "'strict-dynamic'"]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(POLICY.get('object-src')).toEqual(["'none'"]);
    expect(POLICY.get('base-uri')).toEqual(["'self'"]);
  });

  it("connects only to our origins and the build's Firebase services", () => {
    expect(POLICY.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:8081',
      'https://catalog.shop.example',
      'http://localhost:*',
      'https://qa.shop.example:8443',
      'http://127.0.0.1:9000',
      'http://127.0.0.1:5001',
      'http://127.0.0.1:9099',
    ]);
    expect(POLICY.get('default-src')).toEqual(["'self'"]);
  });

  it('keeps what every answer of the site gets: no framing, forms to the shop only', () => {
    expect(POLICY.get('frame-ancestors')).toEqual(["'none'"]);
    expect(POLICY.get('form-action')).toEqual(["'self'"]);
  });

  it("frames the card provider's fields and nothing else (decision 5301)", () => {
    expect(POLICY.get('frame-src')).toEqual(['http://127.0.0.1:9030']);
  });

  it("is the baseline firebase.json gives every site's files, and includes it whole", () => {
    const config = JSON.parse(readFileSync(join(__dirname, '../../../firebase.json'), 'utf8')) as {
      hosting: Array<{ headers: Array<{ headers: Array<{ key: string; value: string }> }> }>;
    };
    const sitePolicies = config.hosting.flatMap((site) =>
      site.headers.flatMap((rule) =>
        rule.headers.filter((h) => h.key === 'Content-Security-Policy').map((h) => h.value),
      ),
    );
    // One Hosting site per app, each with the policy once.
    expect(sitePolicies).toHaveLength(Object.keys(apps.apps).length);
    for (const policy of sitePolicies) expect(policy).toBe(BASELINE_POLICY);
    for (const directive of BASELINE_POLICY.split('; ')) {
      const [name = '', ...sources] = directive.split(' ');
      expect(POLICY.get(name)).toEqual(sources);
    }
  });

  it('loads styles and images from our origins (inline styles: the server writes them)', () => {
    expect(POLICY.get('style-src')).toContain('https://catalog.shop.example');
    expect(POLICY.get('style-src')).toContain("'unsafe-inline'");
    expect(POLICY.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'http://localhost:8081', 'data:']),
    );
    expect(POLICY.get('img-src')).not.toContain('https:');
  });
});

describe('sourceOf', () => {
  it('turns a URL into its origin and refuses what is not http(s)', () => {
    expect(sourceOf('https://x.example/a/b?c')).toBe('https://x.example');
    expect(sourceOf('http://localhost', { anyPort: true })).toBe('http://localhost:*');
    expect(sourceOf('http://localhost:8443', { anyPort: true })).toBe('http://localhost:8443');
    expect(sourceOf("javascript:alert('x')")).toBeNull();
    expect(sourceOf('not a url')).toBeNull();
  });
});

describe('backendOrigins', () => {
  it('names the emulators of a local build', () => {
    expect(backendOrigins().map((url) => new URL(url).origin)).toEqual([
      'http://127.0.0.1:9000',
      'http://127.0.0.1:5001',
      'http://127.0.0.1:9010',
      'http://127.0.0.1:9099',
    ]);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script, once, and skips data blocks and src scripts', () => {
    const html =
      '<script>boot()</script><script type="application/ld+json">{"a":1}</script>' +
      '<script defer src=/main.js></script><script>boot()</script><script>\nlate( 1 )</script>';
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('boot()'), sha('\nlate( 1 )')]);
  });

  it('gives the same hashes wherever the shared beginning ends, inside a script or a tag too', () => {
    const html =
      '<head><style>.a{}</style><script>early()</script><SCRIPT type="application/ld+json">{}' +
      '</SCRIPT><title>T</title></head><body><p>x</p><script>data = "<p>"</script>' +
      '<script>early()</script></body>';
    const whole = inlineScriptHashes(html);
    expect(whole).toHaveLength(2);
    for (let cut = 0; cut <= html.length; cut += 1) {
      expect([cut, inlineScriptHashes(html, cut)]).toEqual([cut, whole]);
    }
  });
});

describe('a build whose card provider is Stripe (decision 5301)', () => {
  const savedKey = process.env.SHOP_STRIPE_PUBLISHABLE_KEY;
  afterEach(() => {
    if (savedKey === undefined) delete process.env.SHOP_STRIPE_PUBLISHABLE_KEY;
    else process.env.SHOP_STRIPE_PUBLISHABLE_KEY = savedKey;
  });

  const stripePolicy = () => {
    process.env.SHOP_STRIPE_PUBLISHABLE_KEY = 'pk_test_shop';
    return directives(
      contentSecurityPolicy({
        scriptHashes: ["'sha256-abc123='"],
        remoteOrigins: ['https://checkout.shop.example'],
        overrideOrigins: [],
        backendOrigins: ['https://us-central1-shop.cloudfunctions.net'],
        deployed: true,
      }),
    );
  };

  it("frames Stripe's card element and second step instead of the local provider", () => {
    expect(stripePolicy().get('frame-src')).toEqual([
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ]);
  });

  it('lets Stripe.js run and call its API, keeping what the page had', () => {
    const policy = stripePolicy();
    expect(policy.get('script-src')).toEqual([
      "'sha256-abc123='",
      "'strict-dynamic'",
      "'self'",
      'https://checkout.shop.example',
      'https://js.stripe.com',
    ]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://checkout.shop.example',
      'https://us-central1-shop.cloudfunctions.net',
      'https://api.stripe.com',
    ]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });
});

describe('a deployed build', () => {
  it('leaves loopback override origins out of its policy, keeping the others', () => {
    const policy = directives(
      contentSecurityPolicy({
        scriptHashes: [],
        remoteOrigins: ['https://catalog.shop.example'],
        overrideOrigins: ['http://localhost', 'http://127.0.0.1', 'https://qa.shop.example:8443'],
        backendOrigins: [],
        deployed: true,
      }),
    );
    const scripts = policy.get('script-src') ?? [];
    expect(scripts).toContain('https://qa.shop.example:8443');
    expect(scripts.filter((source) => /localhost|127\.0\.0\.1/.test(source))).toEqual([]);
  });
});
