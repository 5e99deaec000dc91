// The server-rendered pages as the ssr journeys read them (ssr.e2e.ts, ssr-deploys.e2e.ts): the
// storefront's address, a product of the seed, and its HTML.
import { appPort } from '../../scripts/lib/apps';
import { SHELL_URL } from './browser';

/** The storefront: its pages are rendered on the server. */
export const SSR_URL = SHELL_URL;
/** The pages' own address here: the shell server's local default (shell/src/server/publicOrigin.ts). */
export const PUBLIC_ORIGIN = `http://localhost:${appPort('shell')}`;
export const PRODUCT_ID = 'trail-runner-gtx';

export async function html(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(SSR_URL + path);
  return { status: response.status, text: await response.text() };
}

/** The HTML's text content of its first h1 (entities decoded the way a browser would). */
export const h1Of = (text: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(text)?.[1]
    ?.replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

export const metaOf = (text: string, attribute: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(text)?.[1];

export const formatPrice = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

/** Asks until the server's answer for `path` has `status` (it re-reads manifests after 5 s). */
export async function whenServerAnswers(path: string, status: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  let last = await html(path);
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    last = await html(path);
  }
  expect(last.status).toBe(status);
  return last.text;
}
