import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { Contact } from './Contact';

const read = (path: string) => readFileSync(join(__dirname, path), 'utf8');
const TOKENS = read('../../../shared/src/ui/tokens.css');

/** The value of a design token, e.g. '#b4471c' for --shop-color-accent. */
function token(name: string): string {
  const match = new RegExp(`${name}:\\s*([^;]+);`).exec(TOKENS);
  if (!match?.[1]) throw new Error(`no token ${name}`);
  return match[1].trim();
}

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test("the email and phone links take the brand's colour from the tokens, with AA contrast", () => {
  // jsdom applies the shell's real stylesheet (it does not resolve var(), so we do).
  const style = document.createElement('style');
  style.textContent = read('../styles/shell.css');
  document.head.append(style);
  render(<Contact />);

  for (const name of ['hello@threadline.example', '+1 555 0100 200']) {
    const color = getComputedStyle(screen.getByRole('link', { name })).color;
    const used = /^var\((--shop-color-[a-z-]+)/.exec(color)?.[1];
    expect({ name, used }).toEqual({ name, used: expect.stringMatching(/^--shop-color-/) });
    // Text on the page's background: at least 4.5:1 (WCAG 1.4.3 AA).
    expect(contrast(token(used as string), token('--shop-color-bg'))).toBeGreaterThanOrEqual(4.5);
  }
});
