import {
  formatMessage,
  isMessages,
  useMarket,
  type Language,
  type Translate,
} from '@shop/shared/firstRender';
import { createContext, useContext, useEffect } from 'react';
import { isRouteErrorResponse, type UIMatch } from 'react-router-dom';
import type { RouteListEntry } from '@shop/shared/routes/routeList';
import { messages } from '../messages';

export const SHOP_NAME = 'Threadline';
export const DEFAULT_TITLE = `${SHOP_NAME} — clothing & sneakers`;
export const DEFAULT_DESCRIPTION =
  'Threadline: clothing and sneakers for men and women, fall and spring collections.';

/** Search snippets are cut around 155-160 characters; longer text is shortened on a word. */
const DESCRIPTION_MAX = 160;

type HeadField = 'title' | 'description' | 'image';

function stringField(source: unknown, field: HeadField): string | undefined {
  if (source && typeof source === 'object' && field in source) {
    const value = (source as Record<HeadField, unknown>)[field];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  }
  return undefined;
}

/**
 * A remote route's handle (built by `remoteRoute`) gives the remote's own `handle` as `own` once
 * that module has loaded, so a remote can add a description without the shell knowing it.
 */
function remoteHandle(handle: unknown): unknown {
  if (!handle || typeof handle !== 'object') return undefined;
  return (handle as { own?: unknown }).own;
}

/**
 * A handle's text in `language`: with its owner's texts (CONTRACT §9b), or until they are here a
 * title as the owner's route list gives it in that language.
 */
function inLanguage(
  handle: unknown,
  field: HeadField,
  text: string | undefined,
  language: Language,
) {
  const { messages: owner, texts } = (handle ?? {}) as {
    messages?: unknown;
    texts?: RouteListEntry['texts'];
  };
  if (!text || language === 'en') return text;
  if (isMessages(owner)) return owner.translator(language)(text);
  return (field === 'title' ? texts?.[language]?.title : undefined) ?? text;
}

/**
 * The deepest route that names the field wins: loader data first (the remote's loader writes it
 * in the page's language), then the route's handle, in `language` with its owner's texts.
 */
export function headField(
  matches: UIMatch[],
  field: HeadField,
  language: Language = 'en',
): string | undefined {
  for (const match of [...matches].reverse()) {
    const value =
      stringField(match.data, field) ??
      inLanguage(
        match.handle,
        field,
        stringField(match.handle, field) ?? stringField(remoteHandle(match.handle), field),
        language,
      );
    if (value) return value;
  }
  return undefined;
}

/**
 * The title a route's thrown answer names (`data({ title: 'Product not found' }, { status: 404 })`):
 * the page shows that error, so its title is the error's, not the route's "Product".
 */
export function errorTitle(error: unknown): string | undefined {
  return isRouteErrorResponse(error) ? stringField(error.data, 'title') : undefined;
}

/** How a route's error screen tells the layout the title of the error it shows. */
export const ReportErrorTitle = createContext<(title: string | undefined) => void>(() => undefined);

/** In a route's error boundary: the page's title is the error's while it is shown. */
export function useErrorTitle(error: unknown): void {
  const report = useContext(ReportErrorTitle);
  const title = errorTitle(error);
  useEffect(() => {
    report(title);
    return () => report(undefined);
  }, [report, title]);
}

/** The document's title; the shop's own (DEFAULT_TITLE) in the shell's texts `t`. */
export function pageTitle(title: string | undefined, t: Translate = formatMessage): string {
  return title ? `${title} · ${SHOP_NAME}` : t('Threadline — clothing & sneakers');
}

export function pageDescription(
  description: string | undefined,
  t: Translate = formatMessage,
): string {
  const text = (
    description ??
    t('Threadline: clothing and sneakers for men and women, fall and spring collections.')
  )
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 80 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function describeDocument(description: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  if (meta.content !== description) meta.content = description;
}

/**
 * document.title and `<meta name="description">` from the deepest route that names them (route
 * `handle.title` / `handle.description`, or loader data `title` / `description`), with the shop's
 * defaults otherwise; the title of an error a route shows instead of its page comes first.
 */
export function usePageTitle(matches: UIMatch[], shownErrorTitle?: string): void {
  const { language } = useMarket();
  const t = messages.translator(language);
  const title = pageTitle(shownErrorTitle ?? headField(matches, 'title', language), t);
  const description = pageDescription(headField(matches, 'description', language), t);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    describeDocument(description);
  }, [description]);
}
