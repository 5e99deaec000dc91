// Each team's texts (decision 5101, "Texts per team"): the English text is the message's key where
// it is written (`t('Add to basket')`), so an English page needs no table and reads as it always
// did; a remote lists its other languages once (`defineMessages({ de: () => import('./de.json') })`)
// and a page loads its own language's file only. A missing translation is the English text.
// Kept small on purpose: it is in every page's first load (the `/` page's budget).
import { use } from 'react';
import type { Language } from '../markets/markets';
import { useMarket } from '../routes/shopContext';
import { formatMessage, type Translate } from './format';

export { formatMessage, type MessageValues, type Translate } from './format';

type Table = Readonly<Record<string, string>>;
type TableModule = Table | { default: Table };
type OtherLanguage = Exclude<Language, 'en'>;

export interface Messages {
  /** Loads `language`'s file (English has none); never fails: a file that fails leaves English. */
  load(language: Language): Promise<void>;
  /** Whether a render in `language` can read its texts now (loaded, or its load failed). */
  ready(language: Language): boolean;
  /** The texts in `language` as loaded now: English for those not (yet) there. */
  translator(language: Language): Translate;
}

/**
 * A team's catalogue: its files per language other than English, each loaded when a page needs it.
 * (Small on purpose: it is in the `/` page's first load, whose budget has little room.)
 */
export function defineMessages(
  files: Partial<Record<OtherLanguage, () => Promise<TableModule>>>,
): Messages {
  // A language's table once loaded; `{}` (English) when its file failed, until a load succeeds.
  const tables: Partial<Record<Language, Table>> = {};
  const loads: Partial<Record<Language, Promise<void>>> = {};
  const translators: Partial<Record<Language, Translate>> = {};
  const fileOf = (language: Language) => files[language as OtherLanguage];
  return {
    load: (language) =>
      (loads[language] ??= fileOf(language)?.().then(
        (module) => {
          tables[language] = ('default' in module ? module.default : module) as Table;
        },
        () => {
          // The page reads in English rather than not at all; the next load tries again.
          tables[language] ??= {};
          delete loads[language];
        },
      )) ?? Promise.resolve(),
    ready: (language) => !fileOf(language) || language in tables,
    // One function per language (a hook's dependency stays the same); it reads the table as loaded.
    translator: (language) =>
      (translators[language] ??= (text, values) => {
        const translation = tables[language]?.[text];
        return formatMessage(typeof translation === 'string' ? translation : text, values);
      }),
  };
}

/** Whether `value` is a catalogue (an exposed module's `messages`). */
export function isMessages(value: unknown): value is Messages {
  return typeof (value as Messages | undefined)?.translator === 'function';
}

/**
 * The catalogue an exposed module brings (shared/CONTRACT.md §9b): its `messages` export, or a
 * route module's `handle.messages` (a route module exports nothing else, §9).
 */
export function messagesOf(module: unknown): Messages | undefined {
  const own = module as { messages?: unknown; handle?: { messages?: unknown } } | null | undefined;
  const messages = own?.messages ?? own?.handle?.messages;
  return isMessages(messages) ? messages : undefined;
}

/**
 * The texts of the page's language (its market's) from `messages`. Its file is loaded before the
 * module renders (the shell does, §9b); should it not be, the render waits for it rather than show
 * English and then change.
 */
export function useMessages(messages: Messages): Translate {
  const { language } = useMarket();
  if (!messages.ready(language)) use(messages.load(language));
  return messages.translator(language);
}
