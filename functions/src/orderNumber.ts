// A readable order number, made by the function: "TL-" and 6 characters of an alphabet without
// look-alikes (no 0/O, 1/I/L, U/V), e.g. TL-7F3K2Q: 29^6 ≈ 595 million numbers. The order's key
// stays its identity (the number is for people: the confirmation, e-mails, the phone).
import { randomInt } from 'node:crypto';

export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const ORDER_NUMBER_PATTERN = new RegExp(`^TL-[${ORDER_NUMBER_ALPHABET}]{6}$`);

export function newOrderNumber(random: (max: number) => number = randomInt): string {
  let out = 'TL-';
  for (let i = 0; i < 6; i += 1) {
    out += ORDER_NUMBER_ALPHABET.charAt(random(ORDER_NUMBER_ALPHABET.length));
  }
  return out;
}
