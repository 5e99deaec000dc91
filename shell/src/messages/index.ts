// The shell's texts (decision 5101): English where they are written, German in de.json, loaded by
// the page that needs it only (a US page never fetches it). The entry and the server load the
// page's language before the first render (shared/CONTRACT.md §9b).
import { defineMessages } from '@shop/shared/firstRender';

export const messages = defineMessages({ de: () => import('./de.json') });
