import { randomInt } from 'node:crypto';

// Firebase push ids: 8 characters of millisecond timestamp then 12 random characters, in an
// alphabet whose ASCII order matches its value order, so ids sort by creation time. Within the
// same millisecond the random part is incremented, so ids stay strictly increasing.
const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastPushTime = 0;
const lastRandChars: number[] = [];

export function generatePushId(now: number = Date.now()): string {
  const duplicateTime = now === lastPushTime;
  lastPushTime = now;
  const timeChars = new Array<string>(8);
  let time = now;
  for (let i = 7; i >= 0; i--) {
    timeChars[i] = PUSH_CHARS.charAt(time % 64);
    time = Math.floor(time / 64);
  }
  let id = timeChars.join('');
  if (!duplicateTime || lastRandChars.length !== 12) {
    for (let i = 0; i < 12; i++) lastRandChars[i] = randomInt(64);
  } else {
    let i = 11;
    for (; i >= 0 && lastRandChars[i] === 63; i--) lastRandChars[i] = 0;
    if (i >= 0) lastRandChars[i] = (lastRandChars[i] ?? 0) + 1;
  }
  for (let i = 0; i < 12; i++) id += PUSH_CHARS.charAt(lastRandChars[i] ?? 0);
  return id;
}
