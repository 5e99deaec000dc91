// The catalog's texts (decision 5101): English where they are written, German in de.json, loaded
// only by a page in German; the shell loads it before a route module renders (its
// `handle.messages`, shared/CONTRACT.md §9b). Product names and descriptions are data (their
// records' translations), not texts.
import { defineMessages } from '@shop/shared';

export const messages = defineMessages({ de: () => import('./de.json') });
