import { CARD_MESSAGES, cardFieldsUrl, readCardFrameMessage } from './cardFrame';

const ORIGIN = 'http://127.0.0.1:9030';
const frame = {} as Window;
const from = (data: unknown, origin = ORIGIN, source: Window | null = frame) =>
  readCardFrameMessage({ data, origin, source } as MessageEvent, frame, ORIGIN);
const tagged = (data: object) => ({ source: 'threadline-payments', ...data });

describe("the card provider's frame messages (decision 5301)", () => {
  it('reads its ready, change, resize and result messages', () => {
    expect(from(tagged({ type: 'ready' }))).toEqual({ type: 'ready' });
    expect(from(tagged({ type: 'change', complete: true }))).toEqual({
      type: 'change',
      complete: true,
    });
    expect(from(tagged({ type: 'resize', height: 211.4 }))).toEqual({
      type: 'resize',
      height: 212,
    });
    expect(from(tagged({ type: 'result', status: 'authorised' }))).toEqual({
      type: 'result',
      result: { status: 'authorised' },
    });
    expect(
      from(tagged({ type: 'result', status: 'declined', message: 'Your card was declined.' })),
    ).toEqual({
      type: 'result',
      result: { status: 'declined', message: 'Your card was declined.' },
    });
  });

  it('gives a refusal without words the shop’s own', () => {
    expect(from(tagged({ type: 'result', status: 'action-failed' }))).toEqual({
      type: 'result',
      result: { status: 'action-failed', message: CARD_MESSAGES['action-failed'] },
    });
  });

  it('ignores other origins, other windows, untagged and unknown messages', () => {
    expect(from(tagged({ type: 'ready' }), 'http://127.0.0.1:9031')).toBeNull();
    expect(from(tagged({ type: 'ready' }), ORIGIN, {} as Window)).toBeNull();
    expect(from({ type: 'ready' })).toBeNull();
    expect(from(tagged({ type: 'result', status: 'captured' }))).toBeNull();
    expect(from(tagged({ type: 'resize', height: 99_999 }))).toBeNull();
    expect(from('ready')).toBeNull();
  });

  it("tells the fields which page embeds them, and the page's language", () => {
    expect(cardFieldsUrl('http://localhost:8080', 'de')).toBe(
      `${ORIGIN}/fields?origin=http%3A%2F%2Flocalhost%3A8080&lang=de`,
    );
  });
});
