import { newOrderKey } from './pushId';

describe('newOrderKey', () => {
  it('makes 20-character keys from the push-id alphabet', () => {
    const key = newOrderKey();
    expect(key).toMatch(/^[-0-9A-Za-z_]{20}$/);
  });

  it('orders keys by time, also within one millisecond', () => {
    const keys = [
      newOrderKey(1_700_000_000_000),
      newOrderKey(1_700_000_000_000),
      newOrderKey(1_700_000_000_001),
    ];
    const a = keys[0] as string;
    const b = keys[1] as string;
    expect(a).not.toBe(b);
    expect([...keys].sort()).toEqual(keys);
    expect(a.slice(0, 8)).toBe(b.slice(0, 8));
  });

  it('is unique across many calls', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => newOrderKey()));
    expect(keys.size).toBe(2000);
  });
});
