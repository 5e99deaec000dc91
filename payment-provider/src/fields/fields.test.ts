/**
 * @jest-environment ../jest/jsdom-environment.cjs
 */
// The hosted card fields' script in a browser's DOM (jsdom), as GET /fields serves it, confirming
// cards against a real provider (decision 5301): what it posts to the parent and to no one else,
// what it checks before sending a card, and the bank's second step.
import { CARDS, startProvider, type TestProvider } from '../testing/providerTestServer';

const PARENT = 'http://localhost:8083';
const SOURCE = 'threadline-payments';

interface Posted {
  message: { source: string; type: string; [field: string]: unknown };
  targetOrigin: string;
}

let provider: TestProvider;
const nodeFetch = window.fetch;
let posted: Posted[] = [];
let cardRequests: string[] = [];
const windowListeners: Array<[string, EventListenerOrEventListenerObject]> = [];

beforeAll(async () => {
  provider = await startProvider();
});
afterAll(() => provider.server.close());
afterEach(() => {
  // Each test loads the page afresh: the last one's script stops listening.
  for (const [type, listener] of windowListeners.splice(0)) {
    window.removeEventListener(type, listener);
  }
  jest.restoreAllMocks();
});

/** A stand-in for layout (jsdom has none): the body grows with each message and the bank's step. */
function bodyHeight(): number {
  const messages = [...document.querySelectorAll('.field-error, .form-message')].filter(
    (element) => element.textContent !== '',
  ).length;
  return 260 + 20 * messages + (document.getElementById('action')?.hidden === false ? 40 : 0);
}

/** GET /fields as the checkout's iframe gets it, its script run in this window. */
async function loadFields(lang = 'en', beforeScript?: () => void): Promise<void> {
  const address = `${provider.url}/fields?origin=${PARENT}&lang=${lang}`;
  const page = new DOMParser().parseFromString(
    await (await nodeFetch(address)).text(),
    'text/html',
  );
  const scriptElement = page.querySelector('script[type="module"]');
  const script = scriptElement?.textContent;
  if (!script) throw new Error('the page has no script');
  scriptElement.remove();
  document.documentElement.lang = page.documentElement.lang;
  document.body.innerHTML = page.body.innerHTML;
  Object.assign(document.body.dataset, page.body.dataset);
  posted = [];
  cardRequests = [];
  resultsRead = 0;
  jest.spyOn(window, 'postMessage').mockImplementation(((
    message: Posted['message'],
    targetOrigin: string,
  ) => {
    posted.push({ message, targetOrigin });
  }) as typeof window.postMessage);
  jest
    .spyOn(document.body, 'getBoundingClientRect')
    .mockImplementation(() => ({ height: bodyHeight() }) as DOMRect);
  const addListener = window.addEventListener.bind(window);
  jest.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (listener) windowListeners.push([type, listener]);
    addListener(type, listener, options);
  });
  // The page's requests are same-origin (relative): here, to the provider. (The test's own calls
  // of the API, absolute, share this window's fetch.)
  window.fetch = async (input, init) => {
    if (String(input).startsWith('/')) cardRequests.push(String(input));
    return nodeFetch(new URL(String(input), provider.url), init);
  };
  beforeScript?.();
  // jsdom runs no module scripts: the page's, in a scope of its own as a module has.
  const element = document.createElement('script');
  element.textContent = `(() => {\n${script}\n})();`;
  document.body.append(element);
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const text = (id: string) => document.getElementById(id)?.textContent ?? '';

function type(id: string, value: string): void {
  const field = input(id);
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function fillCard(number: string): void {
  type('card-number', number);
  type('card-expiry', `12${String((new Date().getFullYear() + 2) % 100)}`);
  type('card-cvc', '123');
}

const ofType = (kind: string) => posted.filter(({ message }) => message.type === kind);

/** The parent's "pay": a message from its origin and its window, unless told otherwise. */
function sendConfirm(clientSecret: string, from: { origin?: string; source?: Window } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { source: SOURCE, type: 'confirm', clientSecret },
      origin: from.origin ?? PARENT,
      source: from.source ?? window,
    }),
  );
}

let resultsRead = 0;
/** The next result posted that the test has not read yet (some are posted at once). */
async function nextResult(): Promise<Posted['message']> {
  await until(() => ofType('result').length > resultsRead);
  const result = ofType('result')[resultsRead];
  resultsRead += 1;
  return result?.message as Posted['message'];
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function newPayment(input: Record<string, unknown> = {}) {
  const { body } = await provider.api.create(input);
  return { id: body.payment.id as string, clientSecret: body.clientSecret as string };
}

const statusAtProvider = async (id: string) =>
  (await provider.api.retrieve(id)).body.payment.status as string;

it('says it is ready, to the parent’s origin only', async () => {
  await loadFields();
  expect(posted[0]).toEqual({ message: { source: SOURCE, type: 'ready' }, targetOrigin: PARENT });
  fillCard(CARDS.authorised);
  sendConfirm((await newPayment()).clientSecret);
  await nextResult();
  expect(posted.length).toBeGreaterThan(3);
  expect(posted.filter(({ targetOrigin }) => targetOrigin !== PARENT)).toEqual([]);
});

it('counts a card typed before its script ran (a module runs after the page is parsed)', async () => {
  await loadFields('en', () => {
    input('card-number').value = '4242424242424242';
    input('card-expiry').value = `12${String((new Date().getFullYear() + 2) % 100)}`;
    input('card-cvc').value = '123';
  });
  expect(ofType('change').map(({ message }) => message.complete)).toEqual([true]);
  expect(input('card-number').value).toBe('4242 4242 4242 4242');
});

it('says nothing of an empty card at its start (the checkout starts incomplete)', async () => {
  await loadFields();
  expect(ofType('change')).toEqual([]);
});

it('formats the card number and expiry as they are typed', async () => {
  await loadFields();
  type('card-number', '4242424242424242');
  expect(input('card-number').value).toBe('4242 4242 4242 4242');
  type('card-expiry', '1234');
  expect(input('card-expiry').value).toBe('12 / 34');
  type('card-expiry', '4');
  expect(input('card-expiry').value).toBe('04');
  type('card-expiry', '12/2034');
  expect(input('card-expiry').value).toBe('12 / 34');
  type('card-cvc', '1a2b34');
  expect(input('card-cvc').value).toBe('123');
});

it('posts whether the card is complete when that changes', async () => {
  await loadFields();
  fillCard(CARDS.authorised);
  expect(ofType('change').map(({ message }) => message.complete)).toEqual([true]);
  type('card-cvc', '12');
  expect(ofType('change').map(({ message }) => message.complete)).toEqual([true, false]);
});

it('sends nothing when the details are wrong: says which, and posts an error', async () => {
  await loadFields();
  type('card-number', '4242 4242 4242 4241');
  type('card-expiry', '13 / 30');
  sendConfirm((await newPayment()).clientSecret);
  expect(await nextResult()).toEqual({
    source: SOURCE,
    type: 'result',
    status: 'error',
    message: 'Please check the card details.',
  });
  expect(text('card-number-error')).toBe('Your card number is not valid.');
  expect(text('card-expiry-error')).toBe('Enter the expiry date as MM / YY.');
  expect(text('card-cvc-error')).toBe('Enter the security code.');
  expect(input('card-number').getAttribute('aria-invalid')).toBe('true');
  expect(cardRequests).toEqual([]);
  // The page grew with the messages: the parent is told its new height.
  expect(ofType('resize').at(-1)?.message.height).toBe(bodyHeight());
});

it('shows a message on leaving a field wrongly filled, and takes it away once right', async () => {
  await loadFields();
  type('card-expiry', '01 / 20');
  input('card-expiry').dispatchEvent(new Event('blur'));
  expect(text('card-expiry-error')).toBe('Your card has expired.');
  type('card-expiry', '01 / 99');
  expect(text('card-expiry-error')).toBe('');
  expect(input('card-expiry').getAttribute('aria-invalid')).toBe('false');
});

it.each([
  ['another origin', { origin: 'https://evil.example' }],
  ['another window', { source: {} as Window }],
])('ignores a confirm from %s', async (_name, from) => {
  await loadFields();
  fillCard(CARDS.authorised);
  const { id, clientSecret } = await newPayment();
  sendConfirm(clientSecret, from);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(cardRequests).toEqual([]);
  expect(await statusAtProvider(id)).toBe('awaiting-card');
});

it('authorises a good card and tells the parent', async () => {
  await loadFields();
  fillCard(CARDS.authorised);
  const { id, clientSecret } = await newPayment();
  sendConfirm(clientSecret);
  expect(await nextResult()).toEqual({ source: SOURCE, type: 'result', status: 'authorised' });
  expect(cardRequests).toEqual([`/v1/payments/${id}/confirm`]);
  expect(await statusAtProvider(id)).toBe('authorised');
});

it('sends one card for a double press', async () => {
  await loadFields();
  fillCard(CARDS.authorised);
  const { clientSecret } = await newPayment();
  sendConfirm(clientSecret);
  sendConfirm(clientSecret);
  expect((await nextResult()).status).toBe('authorised');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(cardRequests).toHaveLength(1);
});

it('on a decline: tells the parent why, clears the number, keeps the rest for another card', async () => {
  await loadFields();
  fillCard(CARDS.insufficientFunds);
  const { id, clientSecret } = await newPayment();
  sendConfirm(clientSecret);
  expect(await nextResult()).toEqual({
    source: SOURCE,
    type: 'result',
    status: 'declined',
    message: 'Your card has insufficient funds.',
  });
  expect(text('form-message')).toBe('Your card has insufficient funds.');
  expect(input('card-number').value).toBe('');
  expect(input('card-expiry').value).not.toBe('');
  expect(input('card-cvc').value).toBe('123');
  expect(ofType('change').at(-1)?.message.complete).toBe(false);

  type('card-number', CARDS.authorised);
  sendConfirm(clientSecret);
  expect((await nextResult()).status).toBe('authorised');
  expect(await statusAtProvider(id)).toBe('authorised');
});

it('posts the provider’s refusal as an error (a client secret not the payment’s)', async () => {
  await loadFields();
  fillCard(CARDS.authorised);
  const { clientSecret } = await newPayment();
  sendConfirm(clientSecret.replace(/_secret_.*/, '_secret_wrong'));
  expect(await nextResult()).toMatchObject({ status: 'error', message: expect.any(String) });
  expect(text('form-message')).not.toBe('');
});

describe('the bank’s second step', () => {
  async function askedByTheBank(amount = 18999, currency = 'USD') {
    await loadFields();
    fillCard(CARDS.actionRequired);
    const payment = await newPayment({ amount, currency });
    sendConfirm(payment.clientSecret);
    await until(() => document.getElementById('action')?.hidden === false);
    return payment;
  }

  it('shows in place of the fields, naming the amount', async () => {
    await askedByTheBank();
    expect(document.getElementById('card-form')?.hidden).toBe(true);
    expect(text('action-heading')).toBe('Confirm your payment');
    expect(text('action-text')).toBe(
      'Your bank asks you to confirm a payment of $189.99 to Threadline.',
    );
    expect(document.activeElement?.id).toBe('action-heading');
    expect(ofType('result')).toEqual([]);
  });

  it('names the amount in the payment’s currency', async () => {
    await askedByTheBank(4999, 'GBP');
    expect(text('action-text')).toBe(
      'Your bank asks you to confirm a payment of £49.99 to Threadline.',
    );
  });

  it('confirmed: authorised, and the fields are back', async () => {
    const { id } = await askedByTheBank();
    document.getElementById('action-confirm')?.click();
    expect(await nextResult()).toEqual({ source: SOURCE, type: 'result', status: 'authorised' });
    expect(await statusAtProvider(id)).toBe('authorised');
    expect(document.getElementById('action')?.hidden).toBe(true);
    expect(document.getElementById('card-form')?.hidden).toBe(false);
  });

  it('cancelled: the action failed, and the fields are back for another try', async () => {
    const { id, clientSecret } = await askedByTheBank();
    document.getElementById('action-cancel')?.click();
    expect(await nextResult()).toEqual({
      source: SOURCE,
      type: 'result',
      status: 'action-failed',
      message: 'The payment was not confirmed with your bank.',
    });
    expect(await statusAtProvider(id)).toBe('awaiting-card');
    expect(document.getElementById('card-form')?.hidden).toBe(false);
    type('card-number', CARDS.authorised);
    sendConfirm(clientSecret);
    expect((await nextResult()).status).toBe('authorised');
  });
});

describe('in German (GET /fields?lang=de, decision 5101)', () => {
  it('labels the fields and checks them in German', async () => {
    await loadFields('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.querySelector('label[for="card-number"]')?.textContent).toBe('Kartennummer');
    type('card-number', '4242 4242 4242 4241');
    sendConfirm((await newPayment()).clientSecret);
    expect((await nextResult()).message).toBe('Bitte prüfen Sie die Kartendaten.');
    expect(text('card-number-error')).toBe('Ihre Kartennummer ist ungültig.');
    expect(text('card-expiry-error')).toBe('Geben Sie das Ablaufdatum ein.');
  });

  it('tells a decline in German, by its code', async () => {
    await loadFields('de');
    fillCard(CARDS.insufficientFunds);
    sendConfirm((await newPayment({ amount: 18999, currency: 'EUR' })).clientSecret);
    expect(await nextResult()).toMatchObject({
      status: 'declined',
      message: 'Ihre Karte ist nicht ausreichend gedeckt.',
    });
    expect(text('form-message')).toBe('Ihre Karte ist nicht ausreichend gedeckt.');
  });

  it('asks for the bank’s step in German, the amount as Germans write it', async () => {
    await loadFields('de');
    fillCard(CARDS.actionRequired);
    const { clientSecret } = await newPayment({ amount: 18999, currency: 'EUR' });
    sendConfirm(clientSecret);
    await until(() => document.getElementById('action')?.hidden === false);
    expect(text('action-heading')).toBe('Bestätigen Sie Ihre Zahlung');
    // (Intl puts a no-break space between the amount and its sign.)
    expect(text('action-text')).toBe(
      'Ihre Bank bittet Sie, eine Zahlung von 189,99\u00a0€ an Threadline zu bestätigen.',
    );
    document.getElementById('action-cancel')?.click();
    expect(await nextResult()).toMatchObject({
      status: 'action-failed',
      message: 'Die Zahlung wurde bei Ihrer Bank nicht bestätigt.',
    });
  });

  it('says a refusal it has no words for in German, not in the API’s English', async () => {
    await loadFields('de');
    fillCard(CARDS.authorised);
    const { clientSecret } = await newPayment();
    sendConfirm(clientSecret.replace(/_secret_.*/, '_secret_wrong'));
    expect(await nextResult()).toMatchObject({
      status: 'error',
      message: 'Die Kartenzahlung konnte nicht ausgeführt werden.',
    });
  });

  it('is English for a language it does not speak', async () => {
    await loadFields('fr');
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('label[for="card-number"]')?.textContent).toBe('Card number');
  });
});
