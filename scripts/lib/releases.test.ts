import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_KEEP,
  type ReleaseIndex,
  publishBuildIfNew,
  publishRelease,
  pruneReleases,
  readIndex,
  releaseIdOf,
  rollbackRelease,
  setCanary,
  sitePage,
  switchRelease,
} from './releases';

const SITE_URL = 'http://localhost:8081';
let root: string;
let siteDir: string;
let builds = 0;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'releases-'));
  // `<remote>-mfe/site`, as in the repository: messages name the remote by its folder.
  siteDir = join(root, 'catalog-mfe', 'site');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A remote's build as webpack leaves it; `version` changes one chunk's bytes. */
function fakeDist(version = 'v1', buildLabel?: string): string {
  const dir = join(root, `dist-${(builds += 1)}`);
  mkdirSync(join(dir, 'server'), { recursive: true });
  const metaData = {
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    routes: [],
    ...(buildLabel === undefined ? {} : { buildLabel }),
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'catalog', metaData }));
  writeFileSync(join(dir, 'remoteEntry.js'), 'var catalog = {};');
  writeFileSync(join(dir, 'main.js'), 'console.log("standalone");');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang=en><head><meta charset=utf-8><script defer src=/main.js></script>' +
      '<link rel=icon href="/images/icon.svg"></head><body><div id=root></div></body></html>',
  );
  writeFileSync(join(dir, 'server', 'remoteEntry.js'), 'module.exports = {};');
  writeFileSync(join(dir, '464.f8b08c27be.js'), `console.log("chunk ${version}");`);
  return dir;
}

const site = () => ({ siteDir, siteUrl: SITE_URL, page: 'index.html' });
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const pointer = () => readJson(join(siteDir, 'mf-manifest.json'));
const at = (minute: number) => new Date(Date.UTC(2026, 11, 6, 10, minute));

/** Publishes `count` different builds, one a minute; their ids, oldest first. */
async function publishMany(count: number, keep = DEFAULT_KEEP): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const { id } = await publishRelease({
      ...site(),
      distDir: fakeDist(`v${n}`),
      now: at(n),
      keep,
    });
    ids.push(id);
  }
  return ids;
}

describe('release ids', () => {
  it('are the same for the same files and change with one byte', async () => {
    const a = fakeDist('v1');
    const b = fakeDist('v1');
    const id = await releaseIdOf(a);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(await releaseIdOf(b)).toBe(id);
    writeFileSync(join(b, 'server', 'remoteEntry.js'), 'module.exports = {} ');
    expect(await releaseIdOf(b)).not.toBe(id);
  });

  it('change with a file name alone', async () => {
    const a = fakeDist('v1');
    const id = await releaseIdOf(a);
    rmSync(join(a, '464.f8b08c27be.js'));
    writeFileSync(join(a, '464.0000000000.js'), 'console.log("chunk v1");');
    expect(await releaseIdOf(a)).not.toBe(id);
  });
});

describe('publishing', () => {
  it('copies the whole build, server code too, and names the release in its manifest', async () => {
    const dist = fakeDist('v1', 'from-build');
    const { id, created } = await publishRelease({ ...site(), distDir: dist, now: at(0) });
    expect(created).toBe(true);
    const dir = join(siteDir, 'releases', id);
    for (const file of ['remoteEntry.js', 'index.html', 'server/remoteEntry.js', 'main.js']) {
      expect(readFileSync(join(dir, file), 'utf8')).toBe(readFileSync(join(dist, file), 'utf8'));
    }
    expect(readFileSync(join(dir, '464.f8b08c27be.js'), 'utf8')).toContain('chunk v1');
    const { metaData } = readJson(join(dir, 'mf-manifest.json'));
    expect(metaData.release).toEqual({ id, time: at(0).toISOString(), label: 'from-build' });
    expect(metaData.buildLabel).toBe(`from-build.${id}`);
    expect(metaData.publicPath).toBe('auto');
    // The build folder itself is left as it was.
    expect(readJson(join(dist, 'mf-manifest.json')).metaData.release).toBeUndefined();
  });

  it('prefers the label given, and takes the id alone as build label without one', async () => {
    const given = await publishRelease({
      ...site(),
      distDir: fakeDist('v1', 'from-build'),
      label: 'spring',
    });
    const manifestOf = (id: string) => readJson(join(siteDir, 'releases', id, 'mf-manifest.json'));
    expect(manifestOf(given.id).metaData.buildLabel).toBe(`spring.${given.id}`);
    const unlabelled = await publishRelease({ ...site(), distDir: fakeDist('v2', '') });
    expect(manifestOf(unlabelled.id).metaData.buildLabel).toBe(unlabelled.id);
    expect(manifestOf(unlabelled.id).metaData.release.label).toBeUndefined();
    const { releases } = await readIndex(siteDir);
    expect(releases.map((entry) => entry.label)).toEqual([undefined, 'spring']);
  });

  it("a release's files published again (changed) keep its label, not its id as a label", async () => {
    const first = await publishRelease({ ...site(), distDir: fakeDist('v1', 'spring') });
    const copy = join(root, 'republished');
    cpSync(join(siteDir, 'releases', first.id), copy, { recursive: true });
    writeFileSync(join(copy, 'main.js'), 'console.log("patched");');
    const again = await publishRelease({ ...site(), distDir: copy });
    const { metaData } = readJson(join(siteDir, 'releases', again.id, 'mf-manifest.json'));
    expect(metaData.release.label).toBe('spring');
    expect(metaData.buildLabel).toBe(`spring.${again.id}`);
    const unlabelled = await publishRelease({ ...site(), distDir: fakeDist('v3') });
    const copy2 = join(root, 'republished-2');
    cpSync(join(siteDir, 'releases', unlabelled.id), copy2, { recursive: true });
    writeFileSync(join(copy2, 'main.js'), 'console.log("patched 2");');
    const third = await publishRelease({ ...site(), distDir: copy2 });
    expect((await readIndex(siteDir)).releases[0]).toEqual({
      id: third.id,
      time: expect.any(String),
    });
  });

  it('leaves no temporary folder or file behind', async () => {
    const { id } = await publishRelease({ ...site(), distDir: fakeDist() });
    expect(readdirSync(join(siteDir, 'releases'))).toEqual([id]);
    expect(readdirSync(siteDir).sort()).toEqual([
      'index.html',
      'mf-manifest.json',
      'releases',
      'releases.json',
    ]);
  });

  it('points the site at it: absolute public path, release named, the page based there', async () => {
    const { id } = await publishRelease({
      ...site(),
      distDir: fakeDist('v1'),
      label: 'l1',
      now: at(3),
    });
    const { metaData, id: name } = pointer();
    expect(name).toBe('catalog');
    expect(metaData.publicPath).toBe(`${SITE_URL}/releases/${id}/`);
    expect(metaData.release).toEqual({ id, time: at(3).toISOString(), label: 'l1' });
    expect(metaData.canary).toBeUndefined();
    expect(metaData.remoteEntry).toEqual({ name: 'remoteEntry.js', path: '' });
    const page = readFileSync(join(siteDir, 'index.html'), 'utf8');
    expect(page).toContain(`<head><base href="/releases/${id}/"><meta charset=utf-8>`);
    // The release's own script, named from the root, is made relative (so the base applies);
    // a file the release does not hold (the shell's images) is left as it is.
    expect(page).toContain('<script defer src=main.js>');
    expect(page).toContain('href="/images/icon.svg"');
    expect(await readIndex(siteDir)).toEqual({
      current: id,
      canary: null,
      releases: [{ id, time: at(3).toISOString(), label: 'l1' }],
      history: [id],
    });
  });

  it('keeps the same build once, and switches back to it', async () => {
    const dist = fakeDist('v1');
    const first = await publishRelease({ ...site(), distDir: dist, now: at(0) });
    const second = await publishRelease({ ...site(), distDir: fakeDist('v2'), now: at(1) });
    const again = await publishRelease({ ...site(), distDir: dist, now: at(2), label: 'x' });
    expect(again).toEqual({ id: first.id, created: false, removed: [] });
    const index = await readIndex(siteDir);
    expect(index.current).toBe(first.id);
    expect(index.releases.map((entry) => entry.id)).toEqual([second.id, first.id]);
    expect(index.releases[1]).toEqual({ id: first.id, time: at(0).toISOString() });
  });

  it('can keep a release without making it current', async () => {
    const [current] = await publishMany(1);
    const { id } = await publishRelease({ ...site(), distDir: fakeDist('v9'), switchTo: false });
    expect((await readIndex(siteDir)).current).toBe(current);
    expect(pointer().metaData.release.id).toBe(current);
    expect(existsSync(join(siteDir, 'releases', id, 'mf-manifest.json'))).toBe(true);
  });

  it('refuses a folder that is not a remote build, and keeps nothing of it', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    await expect(publishRelease({ ...site(), distDir: dir })).rejects.toThrow(/mf-manifest/);
    expect(existsSync(siteDir)).toBe(false);
  });
});

describe('the standalone page', () => {
  it('gets its base right after a <head> with attributes, quoted addresses made relative', () => {
    const html = '<html><head data-x="1"><script src="/main.js?v=1"></script></head></html>';
    expect(sitePage(html, 'abc', new Set(['main.js']))).toBe(
      '<html><head data-x="1"><base href="/releases/abc/"><script src="main.js?v=1"></script></head></html>',
    );
  });

  it('leaves protocol-relative and unknown addresses alone, and <header> is no <head>', () => {
    const html = '<head><script src=//cdn/x.js></script></head><header><a href=/x.js>';
    expect(sitePage(html, 'abc', new Set(['x.js']))).toBe(
      '<head><base href="/releases/abc/"><script src=//cdn/x.js></script></head><header><a href=x.js>',
    );
    const headless = '<header><script src=/x.js></script></header>';
    expect(sitePage(headless, 'abc', new Set(['x.js']))).toBe(headless);
  });
});

describe('switching and rolling back', () => {
  it('switches to a kept release by rewriting the pointer only, quickly', async () => {
    const [a, b] = await publishMany(2);
    const started = performance.now();
    await switchRelease({ ...site(), id: a as string });
    expect(performance.now() - started).toBeLessThan(100);
    expect((await readIndex(siteDir)).current).toBe(a);
    expect(pointer().metaData.publicPath).toBe(`${SITE_URL}/releases/${a}/`);
    expect(readFileSync(join(siteDir, 'index.html'), 'utf8')).toContain(`/releases/${a}/`);
    expect(existsSync(join(siteDir, 'releases', b as string))).toBe(true);
  });

  it('refuses an unknown release, naming the kept ones, and changes nothing', async () => {
    const [a, b] = await publishMany(2);
    const files = ['releases.json', 'mf-manifest.json', 'index.html'];
    const before = files.map((file) => readFileSync(join(siteDir, file), 'utf8'));
    await expect(switchRelease({ ...site(), id: 'feedbeef0000' })).rejects.toThrow(
      `catalog has no kept release feedbeef0000; kept: ${b}, ${a}`,
    );
    expect(files.map((file) => readFileSync(join(siteDir, file), 'utf8'))).toEqual(before);
  });

  it('rolls back to the previous release, and a second rollback one further', async () => {
    const [a, b, c] = await publishMany(3);
    expect((await readIndex(siteDir)).current).toBe(c);
    expect(await rollbackRelease(site())).toBe(b);
    expect(pointer().metaData.release.id).toBe(b);
    expect(await rollbackRelease(site())).toBe(a);
    expect(pointer().metaData.release.id).toBe(a);
    expect((await readIndex(siteDir)).current).toBe(a);
    await expect(rollbackRelease(site())).rejects.toThrow(/no release that was current before/);
  });

  it('a rollback after a switch to an old release undoes that switch', async () => {
    const [a, b, c] = await publishMany(3);
    await switchRelease({ ...site(), id: a as string });
    expect(await rollbackRelease(site())).toBe(c);
    // The release rolled back from leaves the history: the next rollback goes further back.
    expect((await readIndex(siteDir)).history).toEqual([c, b]);
  });

  it('the release a rollback would go to is kept, however many are published after it', async () => {
    const [oldest] = await publishMany(3);
    await switchRelease({ ...site(), id: oldest as string });
    // A fix published with room for two: the oldest was current before it, so it stays (a
    // rollback away) although two newer releases fill the room.
    const fix = await publishRelease({ ...site(), distDir: fakeDist('fix'), keep: 2 });
    expect(fix.removed).not.toContain(oldest);
    expect(existsSync(join(siteDir, 'releases', oldest as string))).toBe(true);
    expect(await rollbackRelease(site())).toBe(oldest);
  });

  it('refuses a rollback with a single release', async () => {
    const [a] = await publishMany(1);
    await expect(rollbackRelease(site())).rejects.toThrow(
      `catalog keeps no release that was current before ${a} to roll back to`,
    );
    expect((await readIndex(siteDir)).current).toBe(a);
  });

  it('refuses a rollback on an empty site', async () => {
    await expect(rollbackRelease(site())).rejects.toThrow(/no current release/);
  });
});

describe('pruning', () => {
  const entries = (count: number) =>
    Array.from({ length: count }, (_, n) => ({
      id: `r${count - n}`,
      time: at(count - n).toISOString(),
    }));

  it('keeps the newest ones', () => {
    const index: ReleaseIndex = {
      current: 'r12',
      canary: null,
      releases: entries(12),
      history: ['r12'],
    };
    const { index: pruned, removed } = pruneReleases(index, 10);
    expect(pruned.releases.map((entry) => entry.id)).toEqual([
      'r12',
      'r11',
      'r10',
      'r9',
      'r8',
      'r7',
      'r6',
      'r5',
      'r4',
      'r3',
    ]);
    expect(removed).toEqual(['r2', 'r1']);
    expect(index.releases).toHaveLength(12); // pure
  });

  it('never removes the current release or the canary, however old', () => {
    const index: ReleaseIndex = {
      current: 'r1',
      canary: { id: 'r2', share: 5 },
      releases: entries(12),
      history: ['r1', 'r3'],
    };
    const { index: pruned, removed } = pruneReleases(index, 10);
    expect(pruned.releases.map((entry) => entry.id).slice(-2)).toEqual(['r2', 'r1']);
    expect(pruned.releases).toHaveLength(12);
    expect(removed).toEqual([]);
    // r3 was current before r1: a rollback's target stays too.
    expect(pruneReleases(index, 3).removed).toEqual(['r9', 'r8', 'r7', 'r6', 'r5', 'r4']);
  });

  it('refuses to keep fewer than one', () => {
    const index: ReleaseIndex = { current: null, canary: null, releases: [], history: [] };
    expect(() => pruneReleases(index, 0)).toThrow(/whole number/);
    expect(() => pruneReleases(index, 1.5)).toThrow(/whole number/);
  });

  it('runs after each publish: 10 kept, the pruned folders deleted', async () => {
    const ids = await publishMany(12);
    const { releases } = await readIndex(siteDir);
    expect(releases.map((entry) => entry.id)).toEqual(ids.slice(2).reverse());
    expect(existsSync(join(siteDir, 'releases', ids[0] as string))).toBe(false);
    expect(existsSync(join(siteDir, 'releases', ids[1] as string))).toBe(false);
    expect(existsSync(join(siteDir, 'releases', ids[2] as string))).toBe(true);
  });

  it('keeps a release rolled back to, however many are published after it', async () => {
    const ids = await publishMany(DEFAULT_KEEP);
    const oldest = ids[0] as string;
    await switchRelease({ ...site(), id: oldest });
    const later = [fakeDist('v20'), fakeDist('v21')];
    const results = [];
    for (const distDir of later) {
      results.push(await publishRelease({ ...site(), distDir, switchTo: false }));
    }
    expect(results.map((result) => result.removed)).toEqual([[], [ids[1]]]);
    const index = await readIndex(siteDir);
    expect(index.current).toBe(oldest);
    expect(index.releases).toHaveLength(DEFAULT_KEEP + 1);
    expect(index.releases.at(-1)?.id).toBe(oldest);
    expect(existsSync(join(siteDir, 'releases', oldest))).toBe(true);
    expect(existsSync(join(siteDir, 'releases', ids[1] as string))).toBe(false);
  });

  it('keeps the canary after later publishes', async () => {
    const [a, b] = await publishMany(2, 2);
    await setCanary({ ...site(), id: a as string, share: 10 });
    await publishRelease({ ...site(), distDir: fakeDist('v7'), keep: 2 });
    await publishRelease({ ...site(), distDir: fakeDist('v8'), keep: 2 });
    const index = await readIndex(siteDir);
    expect(index.canary).toEqual({ id: a, share: 10 });
    expect(index.releases.map((entry) => entry.id)).toContain(a);
    expect(index.releases.map((entry) => entry.id)).not.toContain(b);
    expect(existsSync(join(siteDir, 'releases', a as string))).toBe(true);
  });
});

describe('canaries', () => {
  it('are named in the pointer with their share and manifest, and cleared', async () => {
    const [a, b] = await publishMany(2);
    await publishRelease({ ...site(), distDir: fakeDist('v5'), label: 'trial', switchTo: false });
    const { releases } = await readIndex(siteDir);
    const trial = releases[0]?.id as string;
    await setCanary({ ...site(), id: trial, share: 25 });
    expect(pointer().metaData.release.id).toBe(b);
    expect(pointer().metaData.canary).toEqual({
      id: trial,
      share: 25,
      label: 'trial',
      manifest: `releases/${trial}/mf-manifest.json`,
    });
    await setCanary({ ...site(), id: a as string, share: 5 });
    expect(pointer().metaData.canary).toEqual({
      id: a,
      share: 5,
      manifest: `releases/${a}/mf-manifest.json`,
    });
    await setCanary({ ...site(), id: null });
    expect('canary' in pointer().metaData).toBe(false);
    expect((await readIndex(siteDir)).canary).toBeNull();
  });

  it.each([0, 100, 12.5, Number.NaN])('refuse a share of %p', async (share) => {
    const [a] = await publishMany(2);
    await expect(setCanary({ ...site(), id: a as string, share })).rejects.toThrow(
      /whole percent from 1 to 99/,
    );
    expect((await readIndex(siteDir)).canary).toBeNull();
  });

  it('must be a kept release other than the current one', async () => {
    const [, b] = await publishMany(2);
    await expect(setCanary({ ...site(), id: 'feedbeef0000', share: 5 })).rejects.toThrow(
      /no kept release feedbeef0000/,
    );
    await expect(setCanary({ ...site(), id: b as string, share: 5 })).rejects.toThrow(
      /is the current release/,
    );
    expect('canary' in pointer().metaData).toBe(false);
  });

  it('ends when the canary is made current', async () => {
    const [a] = await publishMany(2);
    await setCanary({ ...site(), id: a as string, share: 50 });
    await switchRelease({ ...site(), id: a as string });
    expect((await readIndex(siteDir)).canary).toBeNull();
    expect('canary' in pointer().metaData).toBe(false);
  });
});

describe('publishing a build at a stack start', () => {
  it('publishes a new build and makes it current', async () => {
    await publishMany(1);
    const result = await publishBuildIfNew({ ...site(), distDir: fakeDist('v5') });
    expect(result?.created).toBe(true);
    expect((await readIndex(siteDir)).current).toBe(result?.id);
  });

  it('leaves a rollback in place when the build is kept already', async () => {
    const dists = [fakeDist('v1'), fakeDist('v2')];
    const [, newest] = [
      await publishRelease({ ...site(), distDir: dists[0] as string }),
      await publishRelease({ ...site(), distDir: dists[1] as string }),
    ];
    const back = await rollbackRelease(site());
    const before = readFileSync(join(siteDir, 'releases.json'), 'utf8');
    const result = await publishBuildIfNew({ ...site(), distDir: dists[1] as string });
    expect(result).toEqual({ id: newest.id, created: false, removed: [], servedInstead: back });
    expect(readFileSync(join(siteDir, 'releases.json'), 'utf8')).toBe(before);
    expect(pointer().metaData.release.id).toBe(back);
  });

  it('mends the pointer when the site address changed', async () => {
    const dist = fakeDist('v1');
    const { id } = await publishRelease({ ...site(), distDir: dist });
    await publishBuildIfNew({ ...site(), siteUrl: 'https://catalog.example', distDir: dist });
    expect(pointer().metaData.publicPath).toBe(`https://catalog.example/releases/${id}/`);
  });

  it('does nothing without a build', async () => {
    expect(await publishBuildIfNew({ ...site(), distDir: join(root, 'missing') })).toBeNull();
    expect(existsSync(siteDir)).toBe(false);
  });
});

describe('the index', () => {
  it('is empty for a new site', async () => {
    expect(await readIndex(siteDir)).toEqual({
      current: null,
      canary: null,
      releases: [],
      history: [],
    });
  });

  it.each([
    ['not JSON', '{'],
    ['no list', '{"current":null,"canary":null}'],
    ['an unknown current', '{"current":"abc","canary":null,"releases":[]}'],
    [
      'a bad id',
      '{"current":null,"canary":null,"releases":[{"id":"../x","time":"2026-01-01T00:00:00Z"}]}',
    ],
    ['a bad time', '{"current":null,"canary":null,"releases":[{"id":"abc","time":"soon"}]}'],
    [
      'a canary share of 0',
      '{"current":"a","canary":{"id":"b","share":0},"releases":[' +
        '{"id":"a","time":"2026-01-01T00:00:00Z"},{"id":"b","time":"2026-01-01T00:00:00Z"}]}',
    ],
  ])('is refused when malformed (%s)', async (_, text) => {
    mkdirSync(siteDir, { recursive: true });
    writeFileSync(join(siteDir, 'releases.json'), text);
    await expect(readIndex(siteDir)).rejects.toThrow(/releases\.json is malformed: /);
  });
});
