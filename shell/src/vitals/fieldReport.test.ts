// What the field-data reporter sends (decision 4203): route patterns with the owning app, never an
// address, an id, a query or an email; one sampling decision per page view; bounded beacons that
// the function's own check (readFieldReport) accepts.
import { readFieldReport, type FieldSample } from '@shop/shared/vitals/fieldData';
import { shopRouteLists } from '../../../jest/routeLists';
import type { RouteLists } from '../remotes/pageModules';
import {
  ERRORS_PER_PAGE_VIEW,
  buildLabelOf,
  createFieldReporter,
  errorMessage,
  isSampled,
  pageOwner,
  sampleRate,
} from './fieldReport';

/** The shop's own route lists, as the shell reads them from the remotes' manifests. */
const LISTS = shopRouteLists() as unknown as RouteLists;

describe('pageOwner', () => {
  it.each([
    ['/', { route: '/', app: 'catalog' }],
    ['/products/trail-runner-gtx', { route: '/products/:id', app: 'catalog' }],
    ['/products/ada@example', { route: '/products/:id', app: 'catalog' }],
    // An id no record can have (a dot) names no page: the shop's 404, the shell's.
    ['/products/ada@example.com', { route: '/*', app: 'shell' }],
    ['/products/trail-runner-gtx/', { route: '/products/:id', app: 'catalog' }],
    ['/collections/summer-2026', { route: '/collections/:slug', app: 'catalog' }],
    ['/checkout', { route: '/checkout', app: 'cart' }],
    ['/checkout/details', { route: '/checkout/details', app: 'checkout' }],
    ['/order-status', { route: '/order-status', app: 'checkout' }],
    ['/about', { route: '/about', app: 'shell' }],
    ['/contact/', { route: '/contact', app: 'shell' }],
    ['/no/such/page', { route: '/*', app: 'shell' }],
  ])('%s → %j: the pattern, never the address', (path, owner) => {
    expect(pageOwner(LISTS, path)).toEqual(owner);
  });

  it('a remote that is down owns nothing: its pages are the shell’s unknown addresses', () => {
    const { catalog: _down, ...others } = LISTS;
    expect(pageOwner(others, '/products/p-1')).toEqual({ route: '/*', app: 'shell' });
  });
});

describe('sampling', () => {
  it('reads the configured share; a missing or odd one means every page view', () => {
    expect(sampleRate('0.1')).toBe(0.1);
    expect(sampleRate('0')).toBe(0);
    expect(sampleRate(undefined)).toBe(1);
    expect(sampleRate('')).toBe(1);
    expect(sampleRate('2')).toBe(1);
    expect(sampleRate('ten')).toBe(1);
  });

  it('reports a page view when the draw is under the rate, never at 0', () => {
    expect(isSampled(0.1, () => 0.05)).toBe(true);
    expect(isSampled(0.1, () => 0.1)).toBe(false);
    expect(isSampled(0, () => 0)).toBe(false);
    expect(isSampled(1, () => 0.999)).toBe(true);
    let draws = 0;
    const sampled = Array.from({ length: 1000 }, (_, i) =>
      isSampled(0.1, () => {
        draws += 1;
        return i / 1000;
      }),
    ).filter(Boolean).length;
    expect({ sampled, draws }).toEqual({ sampled: 100, draws: 1000 });
  });
});

describe('the reporter', () => {
  const owner = { route: '/products/:id', app: 'catalog' as const };

  function reporter() {
    const sent: FieldSample[][] = [];
    const soon: Array<() => void> = [];
    const r = createFieldReporter({
      send: (body) => {
        const read = readFieldReport(JSON.parse(body));
        if (!read.ok) throw new Error(`the function would refuse it: ${read.reason}`);
        sent.push(read.samples);
        return true;
      },
      buildOf: (app) => (app === 'catalog' ? 'release-7' : 'unlabelled'),
      soon: (flush) => soon.push(flush),
    });
    return { r, sent, soon };
  }

  it('sends the latest value of each metric, tagged with route, app and build, once', () => {
    const { r, sent } = reporter();
    r.metric('LCP', 900, owner);
    r.metric('LCP', 1820.4, owner);
    r.metric('CLS', 0.02, owner);
    r.metric('TTFB', Number.NaN, owner);
    expect(sent).toEqual([]);
    r.flush();
    expect(sent).toEqual([
      [
        { kind: 'metric', name: 'LCP', value: 1820.4, ...owner, build: 'release-7' },
        { kind: 'metric', name: 'CLS', value: 0.02, ...owner, build: 'release-7' },
      ],
    ]);
    // Hidden once: those values are the page view's; later changes are not sent again.
    r.metric('CLS', 0.3, owner);
    r.metric('INP', 120, owner);
    r.flush();
    r.flush();
    expect(sent).toEqual([
      sent[0],
      [{ kind: 'metric', name: 'INP', value: 120, ...owner, build: 'release-7' }],
    ]);
  });

  it('sends an error soon, without an email, an address or an order number; metrics wait', () => {
    const { r, sent, soon } = reporter();
    r.metric('TTFB', 80, owner);
    r.error(
      'TypeError: no order TL-482913 for ada@example.com (https://x.example/?email=a)',
      owner,
    );
    expect(soon).toHaveLength(1);
    soon[0]?.();
    expect(sent).toEqual([
      [
        {
          kind: 'error',
          message: 'TypeError: no order TL-[number] for [email] ([address]',
          ...owner,
          build: 'release-7',
        },
      ],
    ]);
    r.flush();
    expect(sent[1]).toEqual([
      { kind: 'metric', name: 'TTFB', value: 80, ...owner, build: 'release-7' },
    ]);
  });

  it('reports each error once and at most a bounded number per page view, in one beacon', () => {
    const { r, sent } = reporter();
    for (let i = 0; i < 3; i += 1) r.error('Error: boom', owner);
    for (let i = 0; i < 30; i += 1) r.error(`Error: boom ${String.fromCharCode(97 + i)}`, owner);
    for (const name of ['LCP', 'INP', 'CLS', 'TTFB'] as const) r.metric(name, 1, owner);
    r.flush();
    expect(sent.map((beacon) => beacon.length)).toEqual([ERRORS_PER_PAGE_VIEW + 4]);
  });
});

describe('labels and messages', () => {
  it('a build label as given, else unlabelled', () => {
    expect(buildLabelOf('release-2026.11.27')).toBe('release-2026.11.27');
    expect(buildLabelOf('')).toBe('unlabelled');
    expect(buildLabelOf(undefined)).toBe('unlabelled');
    expect(buildLabelOf('has space')).toBe('unlabelled');
    expect(buildLabelOf('x'.repeat(65))).toBe('unlabelled');
  });

  it('an error’s name and message; a rejection with anything else', () => {
    expect(errorMessage(new TypeError('x is undefined'))).toBe('TypeError: x is undefined');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ uid: 'abc' })).toBe('Error');
    expect(errorMessage(null, 'Script error.')).toBe('Script error.');
  });
});
