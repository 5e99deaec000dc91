// The shared package's own texts (decision 5101): its UI components' words (prices, the pricing
// summary, quantities, stock). English where written, German in de.json; the shell loads the
// page's language with its own before the first render (CONTRACT §9b). The spec's MESSAGES and the
// form fields' labels are not in it yet.
import { defineMessages } from '../i18n/messages';

export const sharedMessages = defineMessages({ de: () => import('./de.json') });
