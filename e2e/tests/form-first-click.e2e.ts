// The first click on "Sign up", "Sign in" and "Save new password" must send the form even when it
// comes within half a second of correcting a field whose message is still shown. The press blurs
// the field; if its stale message went only then, the form got shorter under the pointer and the
// release landed below the button (docs/decisions/4101-stale-field-messages-go-on-input.md).
// A real mouse at the button's rendered position, measured before the press, at 375 and 1440 px.
import type { Browser, Page } from 'playwright-core';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { createAccount, passwordResetCode, uniqueEmail } from '../support/identity';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [375, 1440];

/** Types into the field after what it holds (the way a shopper corrects a value). */
async function typeAtEnd(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

/** Right after the last keystroke: one real click where the button is before the press. */
async function clickAtOnce(page: Page, button: string) {
  const target = page.getByRole('button', { name: button });
  const box = await target.boundingBox();
  if (!box) throw new Error(`${button} is not rendered`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function openAt(width: number, path: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(SHELL_URL + path);
  return { page, context, pageErrors };
}

/** Invalid email and password, each left with Tab, so both messages show. */
async function leaveBothInvalid(page: Page) {
  await page.getByLabel('Email address', { exact: true }).click();
  await page.keyboard.type('bad');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.getByText('Please enter a valid email address!').waitFor();
  await page.getByText('Your password should be at least 8 characters long!').waitFor();
}

describe.each(WIDTHS)('the first click sends the form at %i px', (width) => {
  test('Sign up', async () => {
    const suffix = uniqueEmail('').slice(1); // "<unique>@example.com"
    const { page, context, pageErrors } = await openAt(width, '/authentication?mode=signup');
    try {
      await page.getByRole('heading', { name: 'Create new account' }).waitFor();
      await leaveBothInvalid(page);
      await typeAtEnd(page, 'Email address', `.${suffix}`);
      await typeAtEnd(page, 'Password', '45678');
      await clickAtOnce(page, 'Sign up');
      await page.waitForURL('**/account/myaccount');
      await page.getByText('Signed up successfuly!').waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('Sign in', async () => {
    const email = uniqueEmail('first-click');
    await createAccount(email, '12345678');
    const { page, context, pageErrors } = await openAt(width, '/authentication?mode=signin');
    try {
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await leaveBothInvalid(page);
      // "bad" → the account's address: select what is there and type the whole address.
      await page.getByLabel('Email address', { exact: true }).click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(email);
      await typeAtEnd(page, 'Password', '45678');
      await clickAtOnce(page, 'Sign in');
      await page.waitForURL('**/account/myaccount');
      await page.getByText('Signed in successfuly!').waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('Save new password', async () => {
    const email = uniqueEmail('first-click-reset');
    await createAccount(email, 'old-password-1');
    const code = await passwordResetCode(email);
    const { page, context, pageErrors } = await openAt(
      width,
      `/authentication?mode=resetPassword&oobCode=${encodeURIComponent(code)}`,
    );
    try {
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).click();
      await page.keyboard.type('123');
      await page.keyboard.press('Tab');
      await page.getByText('Your password should be at least 8 characters long!').waitFor();
      await typeAtEnd(page, 'New password', '45678');
      await clickAtOnce(page, 'Save new password');
      await page.waitForURL('**/account/myaccount');
      await page.getByText('Your password has been changed successfuly!').waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
