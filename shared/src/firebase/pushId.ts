// Firebase-style push ids: 20 characters, the first 8 encode the time in milliseconds, the last
// 12 are random; ids made in the same millisecond increment the random part so they stay ordered.
const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastTime = 0;
const lastRandom: number[] = [];

function randomIndexes(count: number): number[] {
  const bytes = new Uint8Array(count);
  if (typeof globalThis.crypto?.getRandomValues === 'function') {
    globalThis.crypto.getRandomValues(bytes);
  } else {
    for (let i = 0; i < count; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b % 64);
}

/** A new, time-ordered, 20-character key (generate once per checkout; see CONTRACT.md). */
export function newOrderKey(now: number = Date.now()): string {
  const duplicateTime = now === lastTime;
  lastTime = now;
  const timeChars = new Array<string>(8);
  let time = now;
  for (let i = 7; i >= 0; i -= 1) {
    timeChars[i] = PUSH_CHARS.charAt(time % 64);
    time = Math.floor(time / 64);
  }
  if (!duplicateTime || lastRandom.length !== 12) {
    lastRandom.splice(0, lastRandom.length, ...randomIndexes(12));
  } else {
    let i = 11;
    for (; i >= 0 && lastRandom[i] === 63; i -= 1) lastRandom[i] = 0;
    if (i >= 0) lastRandom[i] = (lastRandom[i] ?? 0) + 1;
  }
  return timeChars.join('') + lastRandom.map((n) => PUSH_CHARS.charAt(n)).join('');
}
