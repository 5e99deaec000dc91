// The provider's data file over real HTTP (decision 5301): a payment authorised before a restart
// is still there after it, can be captured, and a retried create or refund answers the first;
// a missing file starts empty, a corrupt one too (said in one line), and writes never interleave.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseState, type ProviderState, StateFile } from './stateFile';
import { CARDS, cardDetails, startProvider, type TestProvider } from './testing/providerTestServer';

let dir: string;
let dataFile: string;
let running: TestProvider[] = [];
let logged: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'payment-provider-state-'));
  dataFile = join(dir, 'payments.json');
  logged = [];
});
afterEach(async () => {
  await Promise.all(running.map(({ server }) => server.close()));
  running = [];
  rmSync(dir, { recursive: true, force: true });
});

/** A provider on the test's data file, its log lines kept. */
async function start(): Promise<TestProvider> {
  const provider = await startProvider({ dataFile, log: (line) => logged.push(line) });
  running.push(provider);
  return provider;
}

/** Closes the provider (its writes done), and starts a new one on the same file. */
async function restart(provider: TestProvider): Promise<TestProvider> {
  await provider.server.close();
  running = running.filter((other) => other !== provider);
  return start();
}

const ORDER = { amount: 4500, currency: 'EUR', reference: 'order-7', description: 'Order 7' };

describe('a restart on the same data file', () => {
  it('keeps an authorised payment: its status, its capture, its create’s answer', async () => {
    const before = await start();
    const created = await before.api.create(ORDER, 'order-7-key');
    const { clientSecret } = created.body;
    const { id } = created.body.payment;
    const confirmed = await before.api.confirm(clientSecret, cardDetails(CARDS.authorised));
    expect(confirmed.body.status).toBe('authorised');

    const after = await restart(before);
    const retrieved = await after.api.retrieve(id);
    expect(retrieved).toMatchObject({
      status: 200,
      body: { payment: { id, status: 'authorised' } },
    });
    expect(retrieved.body.payment).toEqual({ ...created.body.payment, status: 'authorised' });
    const replayed = await after.api.create(ORDER, 'order-7-key');
    expect(replayed).toMatchObject({ status: 200, body: { payment: { id }, clientSecret } });
    const captured = await after.api.capture(id);
    expect(captured).toMatchObject({ status: 200, body: { payment: { status: 'captured' } } });
    expect(captured.body.payment.captured).toBe(4500);
    // The same key with another order is still refused, as before the restart.
    expect((await after.api.create({ ...ORDER, amount: 1 }, 'order-7-key')).status).toBe(409);
    expect(logged).toEqual([]);
  });

  it('keeps the events sent and the refunds’ keys', async () => {
    const before = await start();
    const { id } = await before.api.paidWith(CARDS.authorised);
    await before.api.capture(id, { amount: 10000 });
    const refunded = await before.api.refund(id, 2500, 'refund-1');
    expect(refunded.status).toBe(200);

    const after = await restart(before);
    const events = await after.api.call('GET', `/v1/events?payment=${id}`);
    expect(events.body.events.map(({ type }: { type: string }) => type)).toEqual([
      'payment.authorised',
      'payment.captured',
      'payment.refunded',
    ]);
    const retried = await after.api.refund(id, 2500, 'refund-1');
    expect(retried.body).toEqual(refunded.body);
    const another = await after.api.refund(id, 2500, 'refund-2');
    expect(another.body.payment.refunded).toBe(5000);
    // A change after the restart is written too.
    const third = await restart(after);
    expect((await third.api.retrieve(id)).body.payment.refunded).toBe(5000);
  });

  it('starts empty when there is no file yet, and writes one at the first change', async () => {
    const provider = await start();
    expect(existsSync(dataFile)).toBe(false);
    const { id } = (await provider.api.create()).body.payment;
    // Answered once written: the file holds the payment already.
    expect(parseState(readFileSync(dataFile, 'utf8')).payments[0]?.payment.id).toBe(id);
    expect(readdirSync(dir)).toEqual(['payments.json']);
    expect(logged).toEqual([]);
  });

  it('writes changes made at once one after the other, all of them', async () => {
    const before = await start();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => before.api.create({ reference: `order-${n}` })),
    );
    const after = await restart(before);
    for (const { body } of answers) {
      expect((await after.api.retrieve(body.payment.id)).status).toBe(200);
    }
    expect(parseState(readFileSync(dataFile, 'utf8')).payments).toHaveLength(20);
    expect(logged).toEqual([]);
  });
});

describe('the writer', () => {
  const stateOf = (payments: number): ProviderState => ({
    payments: Array.from({ length: payments }, (_, n) => ({
      payment: {
        id: `pay_${n}`,
        status: 'awaiting-card',
        amount: 100,
        currency: 'USD',
        reference: 'order-1',
        description: '',
        captured: 0,
        refunded: 0,
        created: 0,
      },
      clientSecret: `pay_${n}_secret_x`,
    })),
    creations: [],
    refunds: [],
    events: [],
  });

  it('writes one state at a time: changes during a write go together into the next', async () => {
    let payments = 0;
    const taken: number[] = [];
    const file = new StateFile(
      dataFile,
      () => {
        taken.push(payments);
        return stateOf(payments);
      },
      (line) => logged.push(line),
    );
    const writes = Array.from({ length: 5 }, () => {
      payments += 1;
      return file.changed();
    });
    await Promise.all(writes);
    // The first change's state, then the four others' at once, the last state of all.
    expect(taken).toEqual([1, 5]);
    expect(parseState(readFileSync(dataFile, 'utf8'))).toEqual(stateOf(5));
    expect(readdirSync(dir)).toEqual(['payments.json']);
    await file.settled();
  });

  it('logs a write that fails and keeps going (memory still holds the change)', async () => {
    const file = new StateFile(
      join(dir, 'missing', 'payments.json'),
      () => stateOf(1),
      (line) => logged.push(line),
    );
    await file.changed();
    await file.changed();
    expect(logged).toEqual([
      expect.stringMatching(/^could not write .*payments\.json: .*ENOENT/),
      expect.stringMatching(/^could not write .*payments\.json: .*ENOENT/),
    ]);
  });
});

describe('a data file that cannot be read', () => {
  it.each([
    ['not JSON', '{"version": 1, "payments": ['],
    ['empty', ''],
    ['of another version', JSON.stringify({ version: 2 })],
    [
      'not the shape of a state',
      JSON.stringify({ version: 1, payments: [{ id: 'pay_1' }], creations: [], refunds: [] }),
    ],
    [
      'keyed to a payment it lacks',
      JSON.stringify({
        version: 1,
        payments: [],
        creations: [['key-1', { fingerprint: '{}', result: 'pay_gone' }]],
        refunds: [],
        events: [],
      }),
    ],
  ])('starts the provider empty when it is %s, and says so in one line', async (_name, text) => {
    writeFileSync(dataFile, text);
    const provider = await start();
    expect((await provider.api.call('GET', '/v1/health')).status).toBe(200);
    expect((await provider.api.call('GET', '/v1/payments?reference=order-1')).body).toEqual({
      payments: [],
    });
    expect(logged).toEqual([expect.stringContaining(`${dataFile} is unreadable`)]);
    // The next change replaces it with one that reads.
    const { id } = (await provider.api.create()).body.payment;
    expect(parseState(readFileSync(dataFile, 'utf8')).payments[0]?.payment.id).toBe(id);
  });
});
