// The cart's texts (decision 5101): English where they are written, German in de.json, loaded
// only by a page in German; the shell loads it before the header's mini basket and the basket
// review render (their modules' `messages` and `handle.messages`, shared/CONTRACT.md §9b).
import { defineMessages } from '@shop/shared';

export const messages = defineMessages({ de: () => import('./de.json') });
