// The registry composes the document of one release per remote (decision 4901): the release a
// site points at when the page starts, or the one the server rendered the page with.
import { earlyManifestPlugin, loadRegistry } from './registry';
import { RELEASES_ATTRIBUTE } from './releases';
import { RELEASE_COOKIE } from './canary';

const registered: { name: string; entry: string }[][] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  preloadRemote: jest.fn(),
  registerRemotes: (remotes: { name: string; entry: string }[]) => registered.push(remotes),
}));

const ROOT = 'http://localhost:8081/mf-manifest.json';
const RELEASE_A = 'http://localhost:8081/releases/aaaa1111/mf-manifest.json';
const RELEASE_B = 'http://localhost:8081/releases/bbbb2222/mf-manifest.json';

function manifest(release: string | null, label = 'unlabelled'): string {
  return JSON.stringify({
    metaData: {
      publicPath: release ? `http://localhost:8081/releases/${release}/` : 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      routes: [{ path: '/', module: './home' }],
      buildLabel: label,
      ...(release ? { release: { id: release } } : {}),
    },
  });
}

/** The network: each address's answer, and the addresses asked for, in order. */
function network(answers: Record<string, string>): string[] {
  const asked: string[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const body = answers[url];
    return Promise.resolve(new Response(body ?? 'not found', { status: body ? 200 : 404 }));
  });
  return asked;
}

const remotesFile = JSON.stringify({ remotes: { catalog: ROOT } });

afterEach(() => {
  registered.length = 0;
  document.documentElement.removeAttribute(RELEASES_ATTRIBUTE);
});

test("a site's pointer: the page loads the release it points at, read once", async () => {
  const asked = network({ '/remotes.json': remotesFile, [ROOT]: manifest('aaaa1111', 'v1') });
  const state = await loadRegistry();
  expect(state.remotes).toEqual({ catalog: RELEASE_A });
  expect(registered.at(-1)).toEqual([{ name: 'catalog', entry: RELEASE_A }]);
  expect(asked).toEqual(['/remotes.json', ROOT]);
  // The federation runtime's first read of the release's manifest is the pointer's copy.
  const served = await earlyManifestPlugin.fetch?.(RELEASE_A, {});
  expect(JSON.parse(await (served as Response).text())).toMatchObject({
    metaData: { release: { id: 'aaaa1111' } },
  });
});

test('a page the server rendered: its recorded release, not where the site points now', async () => {
  document.documentElement.setAttribute(RELEASES_ATTRIBUTE, 'catalog:aaaa1111');
  const asked = network({
    '/remotes.json': remotesFile,
    [ROOT]: manifest('bbbb2222'), // a deploy since the page was rendered
    [RELEASE_A]: manifest('aaaa1111'),
  });
  const state = await loadRegistry();
  expect(state.remotes).toEqual({ catalog: RELEASE_A });
  expect(asked).toEqual(['/remotes.json', RELEASE_A]);
  expect(asked).not.toContain(RELEASE_B);
});

test('a build served as it is (no releases, as in development) is loaded from its address', async () => {
  network({ '/remotes.json': remotesFile, [ROOT]: manifest(null) });
  const state = await loadRegistry();
  expect(state.remotes).toEqual({ catalog: ROOT });
  expect(registered.at(-1)).toEqual([{ name: 'catalog', entry: ROOT }]);
});

test('a recorded release whose manifest cannot be read: the remote is missing, never another release', async () => {
  document.documentElement.setAttribute(RELEASES_ATTRIBUTE, 'catalog:aaaa1111');
  const asked = network({ '/remotes.json': remotesFile, [ROOT]: manifest('bbbb2222') });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const state = await loadRegistry();
  expect(warn).toHaveBeenCalledWith('[shell] catalog: its manifest could not be read');
  warn.mockRestore();
  expect(state.missing).toEqual(['catalog']);
  expect(asked).not.toContain(ROOT);
});

describe('a canary release', () => {
  const pointerWithCanary = JSON.stringify({
    ...JSON.parse(manifest('aaaa1111')),
    metaData: {
      ...JSON.parse(manifest('aaaa1111')).metaData,
      canary: { id: 'bbbb2222', share: 50 },
    },
  });

  afterEach(() => {
    document.cookie = `${RELEASE_COOKIE}=; Max-Age=0; Path=/`;
  });

  test('a shopper the cookie holds on the canary: its manifest and route list', async () => {
    document.cookie = `${RELEASE_COOKIE}=catalog:bbbb2222; Path=/`;
    const asked = network({
      '/remotes.json': remotesFile,
      [ROOT]: pointerWithCanary,
      [RELEASE_B]: manifest('bbbb2222'),
    });
    const state = await loadRegistry();
    expect(state.remotes).toEqual({ catalog: RELEASE_B });
    expect(asked).toEqual(['/remotes.json', ROOT, RELEASE_B]);
  });

  test('a shopper the cookie holds on the current release stays there', async () => {
    document.cookie = `${RELEASE_COOKIE}=catalog:aaaa1111; Path=/`;
    network({ '/remotes.json': remotesFile, [ROOT]: pointerWithCanary });
    const state = await loadRegistry();
    expect(state.remotes).toEqual({ catalog: RELEASE_A });
  });

  test('a new shopper is drawn once and the cookie remembers it', async () => {
    network({
      '/remotes.json': remotesFile,
      [ROOT]: pointerWithCanary,
      [RELEASE_B]: manifest('bbbb2222'),
    });
    const state = await loadRegistry();
    const drawn = state.remotes.catalog === RELEASE_B ? 'bbbb2222' : 'aaaa1111';
    expect(document.cookie).toContain(`${RELEASE_COOKIE}=catalog:${drawn}`);
    expect((await loadRegistry()).remotes).toEqual(state.remotes);
  });
});

test("a remote the shell's code never named joins from remotes.json alone (decision 5205)", async () => {
  const NEW_TEAM = 'http://localhost:8085/mf-manifest.json';
  const newTeam = JSON.stringify({
    metaData: {
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      routes: [{ path: '/backoffice', module: './orders', private: true }],
    },
  });
  network({
    '/remotes.json': JSON.stringify({
      remotes: { catalog: ROOT, backoffice: NEW_TEAM, shell: ROOT, 'bad name': ROOT },
    }),
    [ROOT]: manifest(null),
    [NEW_TEAM]: newTeam,
  });
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const state = await loadRegistry();
  error.mockRestore();
  expect(Object.keys(state.routeLists).sort()).toEqual(['backoffice', 'catalog']);
  expect(state.routeLists.backoffice).toEqual([
    { path: '/backoffice', module: './orders', private: true },
  ]);
  expect(state.missing).toEqual([]);
});
