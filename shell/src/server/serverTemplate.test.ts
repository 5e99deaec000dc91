/**
 * @jest-environment node
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createStyleReader,
  inlineTemplateStyles,
  serverTemplate,
  styleTag,
  styleTags,
} from './serverTemplate';

describe('styleTag', () => {
  it('carries the address in data-href and cannot be closed early by the sheet', () => {
    expect(styleTag('/a.css', 'a{content:"</style><script>"}')).toBe(
      '<style data-href="/a.css">a{content:"<\\/style><script>"}</style>',
    );
  });
});

describe('styleTags', () => {
  it('writes readable sheets inline and links the others, in order', async () => {
    const tags = await styleTags(['/a.css', '/b.css', '/c.css'], (href) =>
      href === '/b.css'
        ? Promise.resolve(null)
        : href === '/c.css'
          ? Promise.reject(new Error('down'))
          : Promise.resolve('a{}'),
    );
    expect(tags).toBe(
      '<style data-href="/a.css">a{}</style>' +
        '<link rel="stylesheet" href="/b.css" />' +
        '<link rel="stylesheet" href="/c.css" />',
    );
  });
});

describe('inlineTemplateStyles', () => {
  it("replaces the template's stylesheet links (minified or not) and keeps everything else", async () => {
    const template =
      '<head><link rel=icon href=/f.svg><link rel=stylesheet href=/one.css>' +
      '<link rel="stylesheet" href="/two.css" /></head>';
    const html = await inlineTemplateStyles(template, (href) =>
      Promise.resolve(href === '/one.css' ? '.one{}' : null),
    );
    expect(html).toBe(
      '<head><link rel=icon href=/f.svg><style data-href="/one.css">.one{}</style>' +
        '<link rel="stylesheet" href="/two.css" /></head>',
    );
  });
});

describe('createStyleReader', () => {
  const dist = mkdtempSync(join(tmpdir(), 'styles-'));
  writeFileSync(join(dist, 'main.0123456789.css'), 'main{}');

  it("reads the shell's own sheets from its build folder, never outside it", async () => {
    const read = createStyleReader(dist, () => Promise.resolve(null));
    await expect(read('/main.0123456789.css')).resolves.toBe('main{}');
    await expect(read('/missing.css')).resolves.toBeNull();
    await expect(read('/../secret.css')).resolves.toBeNull();
    await expect(read('relative.css')).resolves.toBeNull();
  });

  it('fetches remote sheets once while their hashed address holds, again after a failure', async () => {
    const fetchText = jest
      .fn<Promise<string | null>, [string]>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue('remote{}');
    const read = createStyleReader(dist, fetchText);
    const url = 'https://catalog.example/page.abcdef0123.css';
    await expect(read(url)).resolves.toBeNull();
    await expect(read(url)).resolves.toBe('remote{}');
    await expect(read(url)).resolves.toBe('remote{}');
    expect(fetchText).toHaveBeenCalledTimes(2);
    // Without a hash in its name, a sheet may change at the same address: read every time.
    await read('https://catalog.example/page.css');
    await read('https://catalog.example/page.css');
    expect(fetchText).toHaveBeenCalledTimes(4);
  });
});

describe('serverTemplate', () => {
  it('moves the deferred scripts to <html>, drops the preloads and inlines the styles', async () => {
    const template =
      '<!doctype html><html lang=en><head><link rel=preconnect href=http://db crossorigin>' +
      '<link rel=preload href=/remotes.json as=fetch crossorigin>' +
      '<script defer src=/main.js></script><link rel=preload as=script href=/1.js>' +
      '<script>early()</script><link rel=stylesheet href=/one.css></head><body></body></html>';
    const html = await serverTemplate(template, () => Promise.resolve('.one{}'));
    expect(html).toBe(
      '<!doctype html><html lang=en data-rendered="server" data-scripts="/main.js"><head>' +
        '<link rel=preconnect href=http://db crossorigin><script>early()</script>' +
        '<style data-href="/one.css">.one{}</style></head><body></body></html>',
    );
  });
});
