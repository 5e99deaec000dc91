import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's helper is CommonJS tooling
const { readTranslations, withRouteTexts } = require('../../../tooling/routeTexts.cjs') as {
  readTranslations: (dir: string) => Record<string, Record<string, string>>;
  withRouteTexts: <T extends object>(entry: T, translations: object) => T & { texts?: object };
};

describe('the route list as a remote publishes it', () => {
  it("carries each page's title and label in the languages that translate them", () => {
    const translations = { de: { Women: 'Damen', Product: 'Produkt', Unused: 'Frei', Men: '' } };
    expect(
      withRouteTexts(
        { path: '/women', module: './women', title: 'Women', nav: { label: 'Women', order: 1 } },
        translations,
      ).texts,
    ).toEqual({ de: { title: 'Damen', label: 'Damen' } });
    expect(withRouteTexts({ path: '/p/:id', title: 'Product' }, translations).texts).toEqual({
      de: { title: 'Produkt' },
    });
    expect(withRouteTexts({ path: '/men', title: 'Men' }, translations)).toEqual({
      path: '/men',
      title: 'Men',
    });
  });

  it("reads the remote's message files but English", () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-texts-'));
    expect(readTranslations(dir)).toEqual({});
    mkdirSync(join(dir, 'src/messages'), { recursive: true });
    writeFileSync(join(dir, 'src/messages/en.json'), '["Women"]');
    writeFileSync(join(dir, 'src/messages/de.json'), '{"Women":"Damen"}');
    writeFileSync(join(dir, 'src/messages/index.ts'), '');
    expect(readTranslations(dir)).toEqual({ de: { Women: 'Damen' } });
  });
});
