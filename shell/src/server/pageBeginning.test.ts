import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { keptBeginnings, pageGzip } from './pageBeginning';

/** A head like a rendered page's: styles whose class names the markup repeats. */
function head(kind: string): string {
  const rules = Array.from(
    { length: 300 },
    (_, i) => `.${kind}-item-${i}{margin:${i % 7}px;color:#${(i * 4099).toString(16).slice(-6)}}`,
  );
  return `<!doctype html><html lang=en><head><meta charset=utf-8><style>${rules.join('')}</style>`;
}

function page(kind: string, title: string): { html: string; sharedLength: number } {
  const shared = head(kind);
  const items = Array.from(
    { length: 60 },
    (_, i) => `<li class="${kind}-item-${i}">${title} n° ${i} · 9,99 €</li>`,
  );
  return {
    html: `${shared}<title>${title}</title></head><body><ul>${items.join('')}</ul></body></html>`,
    sharedLength: shared.length,
  };
}

/** Decompressed in small pieces, as a browser receives a page. */
async function gunzipInPieces(body: Buffer): Promise<string> {
  const gunzip = createGunzip();
  const out: Buffer[] = [];
  gunzip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gunzip.on('end', resolve);
    gunzip.on('error', reject);
  });
  for (let at = 0; at < body.length; at += 97) gunzip.write(body.subarray(at, at + 97));
  gunzip.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

describe('pageGzip', () => {
  it('decompresses to the page exactly, whole or in pieces, non-ASCII text included', async () => {
    const { html, sharedLength } = page('product', 'Pullover à côtes 🧶');
    const body = pageGzip(html, sharedLength);
    expect(gunzipSync(body).toString('utf8')).toBe(html);
    await expect(gunzipInPieces(body)).resolves.toBe(html);
  });

  it('is about as small as the page compressed whole (its rest refers to the shared styles)', () => {
    const { html, sharedLength } = page('listing', 'Men');
    const whole = gzipSync(html, { level: 6 }).length;
    const body = pageGzip(html, sharedLength);
    expect(body.length).toBeLessThanOrEqual(Math.ceil(whole * 1.02));
  });

  it('compresses a shared beginning once and reuses it for the next page of that kind', () => {
    const first = page('collection', 'Fall');
    const second = page('collection', 'Spring');
    const keptBefore = keptBeginnings();
    const a = pageGzip(first.html, first.sharedLength);
    const b = pageGzip(second.html, second.sharedLength);
    expect(keptBeginnings()).toBe(keptBefore + 1);
    expect(gunzipSync(a).toString()).toBe(first.html);
    expect(gunzipSync(b).toString()).toBe(second.html);
    // The same deflated beginning, byte for byte, after the 10-byte header.
    const shared = a.subarray(10, 10 + 200);
    expect(b.subarray(10, 10 + 200).equals(shared)).toBe(true);
  });

  it('keeps pages of different beginnings apart, and at most 16 beginnings', () => {
    const pages = Array.from({ length: 20 }, (_, i) => page(`kind${i}`, `Page ${i}`));
    for (const { html, sharedLength } of pages) {
      expect(gunzipSync(pageGzip(html, sharedLength)).toString()).toBe(html);
    }
    expect(keptBeginnings()).toBe(16);
    // The first kinds were pushed out; their pages still come out right.
    const again = pages[0]!;
    expect(gunzipSync(pageGzip(again.html, again.sharedLength)).toString()).toBe(again.html);
  });

  it('compresses the page whole when the beginning is short, too long or cuts a character', () => {
    const { html } = page('about', 'About');
    const emoji = `${'x'.repeat(5000)}🧶${'y'.repeat(100)}`;
    const cases: [string, number][] = [
      [html, 0],
      [html, 100],
      [html, html.length + 1],
      // 5001 cuts the emoji's two UTF-16 units apart.
      [emoji, 5001],
    ];
    for (const [text, sharedLength] of cases) {
      const body = pageGzip(text, sharedLength);
      expect(body.equals(gzipSync(text, { level: 6 }))).toBe(true);
      expect(gunzipSync(body).toString('utf8')).toBe(text);
    }
  });
});
