// Exposed as `./MiniBasket` (the header's mini basket, a region of the shell's layout): the cart
// remote starts on the page with it (cartRemote.ts), then the shell renders the component.
import { startCartRemote } from '../cartRemote';
import MiniBasket from './MiniBasket';

startCartRemote();

export default MiniBasket;
// Its texts, which the shell loads in the page's language before it renders (CONTRACT §9b).
export { messages } from '../messages';
