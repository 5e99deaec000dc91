import {
  checkStamp,
  compareVersions,
  hashSources,
  isShippedSource,
  planStamp,
  type SourceFile,
} from './sharedVersion';

const FILES: SourceFile[] = [
  { path: 'index.ts', content: "export * from './types';\n" },
  { path: 'cart/cartDomain.ts', content: 'export const EMPTY = 0;\n' },
  { path: 'cart/cartDomain.test.ts', content: "it('works', () => {});\n" },
];
const HASH = hashSources(FILES);
const STAMP = { version: '0.2.0', sourceHash: HASH };

describe('hashSources', () => {
  it('changes with the content or the name of a shipped file', () => {
    expect(HASH).toMatch(/^sha256:[0-9a-f]{64}$/);
    const edited = FILES.map((f) =>
      f.path === 'index.ts' ? { ...f, content: "export * from './types.js';\n" } : f,
    );
    expect(hashSources(edited)).not.toBe(HASH);
    const renamed = FILES.map((f) => (f.path === 'index.ts' ? { ...f, path: 'main.ts' } : f));
    expect(hashSources(renamed)).not.toBe(HASH);
    expect(hashSources([...FILES, { path: 'new.ts', content: '' }])).not.toBe(HASH);
  });

  it('ignores test files, the order files are listed in, and line endings', () => {
    expect(
      hashSources(FILES.map((f) => (isShippedSource(f.path) ? f : { ...f, content: 'changed' }))),
    ).toBe(HASH);
    expect(hashSources(FILES.filter((f) => isShippedSource(f.path)))).toBe(HASH);
    expect(hashSources([...FILES].reverse())).toBe(HASH);
    expect(
      hashSources(FILES.map((f) => ({ ...f, content: f.content.replace(/\n/g, '\r\n') }))),
    ).toBe(HASH);
  });

  it('keeps the path and content boundaries apart', () => {
    expect(hashSources([{ path: 'ab.ts', content: 'c' }])).not.toBe(
      hashSources([{ path: 'a', content: 'b.tsc' }]),
    );
  });

  it('counts every non-test file as shipped, test helpers included', () => {
    expect(isShippedSource('ui/Button.tsx')).toBe(true);
    expect(isShippedSource('testing/fakeBackend.ts')).toBe(true);
    expect(isShippedSource('ui/ui.test.tsx')).toBe(false);
    expect(isShippedSource('bus/bus.test.ts')).toBe(false);
  });
});

describe('compareVersions', () => {
  it('orders by major, minor, patch, numerically', () => {
    expect(compareVersions('0.2.0', '0.1.0')).toBeGreaterThan(0);
    expect(compareVersions('0.10.0', '0.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '0.99.99')).toBeGreaterThan(0);
    expect(compareVersions('0.1.1', '0.1.1')).toBe(0);
    expect(compareVersions('0.1.0', '0.1.1')).toBeLessThan(0);
  });

  it('puts a pre-release before its release', () => {
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0', '1.0.0-rc.1')).toBeGreaterThan(0);
  });

  it('refuses what is not a version', () => {
    expect(() => compareVersions('latest', '0.1.0')).toThrow(/not a semver version/);
  });
});

describe('checkStamp (npm test)', () => {
  it('passes when the source and the version are the stamped ones', () => {
    expect(checkStamp(STAMP, STAMP)).toEqual({
      ok: true,
      message: '@shop/shared 0.2.0: source matches its stamp.',
    });
  });

  it('fails when the source changed and the version did not, saying what to do', () => {
    const verdict = checkStamp({ version: '0.2.0', sourceHash: 'sha256:other' }, STAMP);
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toMatch(
      /^shared\/src changed since version 0\.2\.0: bump the version in shared\/package\.json \(semver: patch .*\) and run `npm run shared:stamp`\.$/,
    );
  });

  it('fails when the version was bumped but not stamped (else later changes would pass)', () => {
    for (const sourceHash of [HASH, 'sha256:other']) {
      expect(checkStamp({ version: '0.2.1', sourceHash }, STAMP)).toEqual({
        ok: false,
        message:
          'shared/package.json was bumped to 0.2.1 but the stamp still records 0.2.0: run `npm run shared:stamp`.',
      });
    }
  });

  it('fails when the version went back or no stamp exists', () => {
    expect(checkStamp({ version: '0.1.9', sourceHash: HASH }, STAMP)).toMatchObject({
      ok: false,
      message: expect.stringContaining('older than the stamped 0.2.0'),
    });
    expect(checkStamp(STAMP, null)).toMatchObject({
      ok: false,
      message: expect.stringContaining('source-stamp.json is missing'),
    });
  });
});

describe('planStamp (npm run shared:stamp)', () => {
  it('refuses a changed source whose version was not bumped', () => {
    expect(planStamp({ version: '0.2.0', sourceHash: 'sha256:other' }, STAMP)).toEqual({
      ok: false,
      message:
        'Refused: shared/package.json still says 0.2.0 (stamped: 0.2.0). Bump the version first (semver: patch, minor or major), then stamp.',
    });
    expect(planStamp({ version: '0.1.0', sourceHash: 'sha256:other' }, STAMP).ok).toBe(false);
  });

  it('records the new hash and version once bumped', () => {
    const next = { version: '0.3.0', sourceHash: 'sha256:other' };
    expect(planStamp(next, STAMP)).toEqual({
      ok: true,
      stamp: next,
      message: 'Stamped @shop/shared 0.3.0 (was 0.2.0).',
    });
  });

  it('is a no-op when already stamped, and records a first stamp', () => {
    expect(planStamp(STAMP, STAMP)).toMatchObject({ ok: true, stamp: STAMP });
    expect(planStamp(STAMP, null)).toMatchObject({ ok: true, stamp: STAMP });
  });
});
