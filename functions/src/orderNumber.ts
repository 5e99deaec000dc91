// A readable order number, made by the function; its shape is the order vocabulary's
// (ORDER_NUMBER_PATTERN in @shop/shared/order/orderVocabulary).
import { randomInt } from 'node:crypto';
import {
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_LENGTH,
  ORDER_NUMBER_PREFIX,
} from '@shop/shared/order/orderVocabulary';

export function newOrderNumber(random: (max: number) => number = randomInt): string {
  let out = ORDER_NUMBER_PREFIX;
  for (let i = 0; i < ORDER_NUMBER_LENGTH; i += 1) {
    out += ORDER_NUMBER_ALPHABET.charAt(random(ORDER_NUMBER_ALPHABET.length));
  }
  return out;
}
