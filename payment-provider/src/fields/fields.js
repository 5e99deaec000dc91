// The hosted card fields' script (decision 5301), inline in GET /fields and allowed there by its
// hash. It talks to the one page that embeds it (the body's data-parent-origin): posts only to that
// origin, listens only to it. The card goes from here to this provider, never to the shop.
// Plain JavaScript (no build step), type-checked by the workspace's tsconfig (checkJs); a module,
// so nothing it declares is a global of the page.
const SOURCE = 'threadline-payments';
const parentOrigin = document.body.dataset.parentOrigin ?? '';
/**
 * The page's words (texts.ts), written into the page by the server in its language.
 * @type {import('./texts').ScriptTexts}
 */
const TEXTS = JSON.parse(document.body.dataset.texts ?? '{}');
const CHECK_DETAILS = TEXTS.checkDetails;
const UNREACHABLE = TEXTS.unreachable;
const pageLanguage = document.documentElement.lang || 'en';
/** A card or the bank's step is out: a second press waits for its answer. */
let pending = false;
/** The secret of the payment the card was sent for (the bank's step answers for it). */
let currentSecret = '';

/** @param {string} id */
const byId = (id) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing`);
  return element;
};
/** @param {string} id */
const inputById = (id) => /** @type {HTMLInputElement} */ (byId(id));

const form = byId('card-form');
const formMessage = byId('form-message');
const action = byId('action');
const actionHeading = byId('action-heading');
const actionText = byId('action-text');
const actionButtons = [byId('action-confirm'), byId('action-cancel')].map(
  (element) => /** @type {HTMLButtonElement} */ (element),
);

/** @param {string} text */
const digitsOf = (text) => text.replace(/\D/g, '');

/** @param {string} digits */
function passesLuhn(digits) {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** @param {string} text */
function numberProblem(text) {
  const digits = text.replace(/\s/g, '');
  if (digits === '') return TEXTS.enterNumber;
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return TEXTS.invalidNumber;
  return '';
}

/**
 * The expiry's month and four-digit year, or undefined when it is not MM / YY.
 * @param {string} text
 */
function readExpiry(text) {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(match[2]) } : undefined;
}

/** @param {string} text */
function expiryProblem(text) {
  if (text.trim() === '') return TEXTS.enterExpiry;
  const expiry = readExpiry(text);
  if (!expiry) return TEXTS.expiryFormat;
  const now = new Date();
  // A card is good until the end of its expiry month.
  if (expiry.year * 12 + expiry.month - 1 < now.getFullYear() * 12 + now.getMonth()) {
    return TEXTS.expired;
  }
  return '';
}

/** @param {string} text */
function cvcProblem(text) {
  if (text.trim() === '') return TEXTS.enterCvc;
  return /^\d{3}$/.test(text.trim()) ? '' : TEXTS.cvcDigits;
}

/** @param {string} digits */
const groupNumber = (digits) => digits.slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** @param {string} text */
function formatExpiry(text) {
  // Autofill may give a four-digit year: 12/2034 is 12 / 34.
  const full = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(text);
  let digits = full ? `${(full[1] ?? '').padStart(2, '0')}${full[2]}` : digitsOf(text);
  // A first digit above 1 can only be a month of its own: 4 is 04.
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** @param {string} text */
const formatCvc = (text) => digitsOf(text).slice(0, 3);

/**
 * @typedef {{ input: HTMLInputElement, error: HTMLElement, problem: (text: string) => string,
 *   format: (text: string) => string }} Field
 */
/** @type {(name: string, problem: Field['problem'], format: Field['format']) => Field} */
const field = (name, problem, format) => ({
  input: inputById(name),
  error: byId(`${name}-error`),
  problem,
  format,
});
const number = field('card-number', numberProblem, (text) => groupNumber(digitsOf(text)));
const expiry = field('card-expiry', expiryProblem, formatExpiry);
const cvc = field('card-cvc', cvcProblem, formatCvc);
const fields = [number, expiry, cvc];

/** @param {Record<string, unknown>} message */
function post(message) {
  window.parent.postMessage({ source: SOURCE, ...message }, parentOrigin);
}

let lastHeight = 0;
function reportHeight() {
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  if (height === lastHeight) return;
  lastHeight = height;
  post({ type: 'resize', height });
}

let complete = false;
function reportCompleteness() {
  const now = fields.every((each) => each.problem(each.input.value) === '');
  if (now === complete) return;
  complete = now;
  post({ type: 'change', complete });
}

/** @param {Field} each @param {string} problem */
function showProblem(each, problem) {
  each.error.textContent = problem;
  each.input.setAttribute('aria-invalid', problem ? 'true' : 'false');
  reportHeight();
}

/** @param {string} text */
function showFormMessage(text) {
  formMessage.textContent = text;
  reportHeight();
}

/** Formats as the shopper types, keeping the caret after the same digit. @param {Field} each */
function reformat(each) {
  const { input } = each;
  const caret = input.selectionStart ?? input.value.length;
  const digitsBefore = digitsOf(input.value.slice(0, caret)).length;
  const formatted = each.format(input.value);
  if (formatted === input.value) return;
  input.value = formatted;
  if (document.activeElement !== input) return;
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < digitsBefore; position += 1) {
    if (/\d/.test(formatted.charAt(position))) seen += 1;
  }
  input.setSelectionRange(position, position);
}

for (const each of fields) {
  each.input.addEventListener('input', () => {
    reformat(each);
    // A message shown goes as soon as the field is right; a new one waits for the blur.
    if (each.error.textContent && each.problem(each.input.value) === '') showProblem(each, '');
    reportCompleteness();
  });
  each.input.addEventListener('blur', () => {
    if (each.input.value.trim() !== '') showProblem(each, each.problem(each.input.value));
  });
}
form.addEventListener('submit', (event) => event.preventDefault());

/** Fields locked while a card is being checked. @param {boolean} busy */
function setBusy(busy) {
  for (const each of fields) each.input.readOnly = busy;
  for (const button of actionButtons) button.disabled = busy;
  form.setAttribute('aria-busy', String(busy));
}

/**
 * @typedef {{ status: string, amount: number, currency: string,
 *   lastError?: { code: string, message: string } }} StepAnswer
 * @typedef {{ ok: true, answer: StepAnswer } | { ok: false, code: string, message: string }} StepResult
 */

/**
 * POSTs one step of the payment (same origin: this provider) with the client secret.
 * @param {string} clientSecret @param {'confirm' | 'authenticate'} step
 * @param {Record<string, unknown>} body @returns {Promise<StepResult>}
 */
async function sendStep(clientSecret, step, body) {
  const id = clientSecret.split('_secret_')[0] ?? '';
  let response;
  try {
    response = await fetch(`/v1/payments/${encodeURIComponent(id)}/${step}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientSecret, ...body }),
      credentials: 'omit',
    });
  } catch {
    return { ok: false, code: 'network', message: UNREACHABLE };
  }
  const json = await response.json().catch(() => null);
  if (response.ok && json && typeof json.status === 'string') return { ok: true, answer: json };
  const error = json && typeof json.error === 'object' ? json.error : {};
  const code = typeof error.code === 'string' ? error.code : 'error';
  return {
    ok: false,
    code,
    message: shopperMessage(code, typeof error.message === 'string' ? error.message : UNREACHABLE),
  };
}

/**
 * What the shopper reads of a decline or refusal: by its code in the page's language; on an
 * English page, the API's own message for a code not listed.
 * @param {string} code @param {string} message
 */
const shopperMessage = (code, message) => TEXTS.byCode[code] ?? TEXTS.otherwise ?? message;

/** The provider's refusal of the details, shown at the field it is about. @param {string} code */
const fieldOf = (code) =>
  ({ invalid_number: number, invalid_expiry: expiry, expired_card: expiry, invalid_cvc: cvc })[
    code
  ];

/** @param {StepResult} result */
function afterCard(result) {
  if (!result.ok) {
    const at = fieldOf(result.code);
    if (at) showProblem(at, result.message);
    else showFormMessage(result.message);
    post({ type: 'result', status: 'error', message: result.message });
    return;
  }
  const { answer } = result;
  if (answer.status === 'authorised') {
    post({ type: 'result', status: 'authorised' });
  } else if (answer.status === 'awaiting-action') {
    showAction(answer);
  } else if (answer.status === 'awaiting-card' && answer.lastError) {
    // Declined: another card may be tried.
    number.input.value = '';
    reportCompleteness();
    const message = shopperMessage(answer.lastError.code, answer.lastError.message);
    showFormMessage(message);
    post({ type: 'result', status: 'declined', message });
  } else {
    showFormMessage(UNREACHABLE);
    post({ type: 'result', status: 'error', message: UNREACHABLE });
  }
}

/** @param {number} amount @param {string} currency */
const formatMoney = (amount, currency) =>
  new Intl.NumberFormat(pageLanguage, { style: 'currency', currency }).format(amount / 100);

/** The bank's second step, in place of the fields. @param {StepAnswer} answer */
function showAction(answer) {
  actionText.textContent = TEXTS.confirmPayment.replace(
    '{amount}',
    formatMoney(answer.amount, answer.currency),
  );
  form.hidden = true;
  action.hidden = false;
  actionHeading.focus();
  reportHeight();
}

function showFields() {
  action.hidden = true;
  form.hidden = false;
  reportHeight();
}

/** The shopper's answer to the second step. @param {string} clientSecret @param {'approve' | 'reject'} outcome */
async function authenticate(clientSecret, outcome) {
  if (pending) return;
  pending = true;
  setBusy(true);
  const result = await sendStep(clientSecret, 'authenticate', { outcome });
  pending = false;
  setBusy(false);
  // Unreachable: the step stays, to be answered again.
  if (!result.ok && result.code === 'network') {
    post({ type: 'result', status: 'error', message: result.message });
    return;
  }
  showFields();
  if (result.ok && result.answer.status === 'authorised') {
    post({ type: 'result', status: 'authorised' });
  } else {
    const lastError = result.ok ? result.answer.lastError : undefined;
    const message = !result.ok
      ? result.message
      : lastError
        ? shopperMessage(lastError.code, lastError.message)
        : UNREACHABLE;
    showFormMessage(message);
    post({ type: 'result', status: result.ok ? 'action-failed' : 'error', message });
  }
}

byId('action-confirm').addEventListener('click', () => {
  void authenticate(currentSecret, 'approve');
});
byId('action-cancel').addEventListener('click', () => {
  void authenticate(currentSecret, 'reject');
});

/** The parent's "pay": the card checked here, then sent to the provider. @param {string} clientSecret */
async function confirm(clientSecret) {
  // A press while a card is out, or while the bank's step waits for the shopper: that one
  // answers (a second card now would be refused, the payment being busy).
  if (pending || !action.hidden) return;
  const problems = fields.map((each) => each.problem(each.input.value));
  fields.forEach((each, index) => showProblem(each, problems[index] ?? ''));
  const firstWrong = fields.find((_each, index) => problems[index]);
  const when = readExpiry(expiry.input.value);
  if (firstWrong || !when) {
    firstWrong?.input.focus();
    post({ type: 'result', status: 'error', message: CHECK_DETAILS });
    return;
  }
  pending = true;
  currentSecret = clientSecret;
  showFormMessage('');
  setBusy(true);
  const result = await sendStep(clientSecret, 'confirm', {
    number: number.input.value.replace(/\s/g, ''),
    expMonth: when.month,
    expYear: when.year,
    cvc: cvc.input.value.trim(),
  });
  pending = false;
  setBusy(false);
  afterCard(result);
}

window.addEventListener('message', (event) => {
  // The embedding page only: its origin, and its window.
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const data = event.data;
  if (typeof data !== 'object' || data === null || data.source !== SOURCE) return;
  if (data.type === 'confirm' && typeof data.clientSecret === 'string') {
    void confirm(data.clientSecret);
  }
});

if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
post({ type: 'ready' });
// A module script runs once the page is parsed: what was typed or autofilled into the fields
// before then raised no input event here, and counts now.
for (const each of fields) if (each.input.value !== '') reformat(each);
reportCompleteness();
reportHeight();
