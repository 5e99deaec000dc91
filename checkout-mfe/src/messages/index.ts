// The checkout's texts (decision 5101): English where they are written, German in de.json, loaded
// only by a page in German; the shell loads it before a route module renders (its
// `handle.messages`, shared/CONTRACT.md §9b). The form's labels and the spec's messages are the
// shared package's (MESSAGES, the field table), not yet translated.
import { defineMessages } from '@shop/shared';

export const messages = defineMessages({ de: () => import('./de.json') });
