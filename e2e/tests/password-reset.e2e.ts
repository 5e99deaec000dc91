// The journeys of decision 1501: forgot password → the reset code from the Auth emulator's
// out-of-band endpoint → a new password → signed in; the same answer for an unknown email; and
// the current password asked for before a credential change. Real Chromium against the assembled
// shell, real database server and Auth emulator; nothing is mocked.
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { fillAuthForm, signIn, signOutFromAccountNavigation, signUp } from '../support/account';
import { AUTH_EMULATOR_URL, signInWithPassword, uniqueEmail } from '../support/identity';
import { waitForHeading } from '../support/shop';
import { eventually } from '../support/eventually';

/** The shop's no-enumeration answer (shared MESSAGES.passwordResetSent). */
const RESET_SENT =
  'If an account exists for this email address, we have sent it a link to choose a new password. Please check your inbox.';
const WRONG_CURRENT = 'The current password you entered is not correct. Please try again.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface OobCode {
  email: string;
  oobCode: string;
  requestType: string;
}

/** The reset codes the Auth emulator "mailed" to this address. */
async function resetCodesFor(email: string): Promise<OobCode[]> {
  const response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/demo-shop/oobCodes`);
  if (!response.ok) throw new Error(`oobCodes → ${response.status}`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter(
    (entry) =>
      entry.email.toLowerCase() === email.toLowerCase() && entry.requestType === 'PASSWORD_RESET',
  );
}

/** Whether the identity service accepts the password (its REST API, outside the browser). */
async function passwordWorks(email: string, password: string): Promise<boolean> {
  return signInWithPassword(email, password).then(
    () => true,
    () => false,
  );
}

/** Asks for a reset link on the forgot-password page and returns the answer shown. */
async function requestReset(page: Page, email: string): Promise<string> {
  await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'If an account exists' });
  await notice.waitFor();
  // Focus moves to the answer so keyboard and screen-reader users land on it.
  await eventually(
    () => page.evaluate(() => document.activeElement?.textContent ?? ''),
    (value) => expect(value).toBe(RESET_SENT),
  );
  return (await notice.textContent()) ?? '';
}

const isSignedIn = (page: Page) =>
  page.evaluate(() => {
    type Bus = { auth$: { getValue(): { isSignedIn: boolean; email: string } } };
    return (window as unknown as { __SHOP_BUS__: Bus }).__SHOP_BUS__.auth$.getValue();
  });

describe('password reset', () => {
  test('forgot password → code from the emulator → new password → signed in; the old one fails', async () => {
    const email = uniqueEmail('reset');
    const oldPassword = 'old-password-1';
    const newPassword = 'new-password-2';
    const { page, context, pageErrors } = await openPage(browser, '/');
    try {
      await signUp(page, email, oldPassword);
      await signOutFromAccountNavigation(page);

      await page.goto(`${SHELL_URL}/authentication?mode=signin`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/authentication?mode=forgot');
      // The address changes a render before the form: audit the reset form, not the sign-in one.
      await waitForHeading(page, 'Reset your password');
      await expectAccessible(page, '/authentication?mode=forgot', 'account');
      expect(await requestReset(page, email)).toBe(RESET_SENT);

      const [mailed] = await eventually(
        () => resetCodesFor(email),
        (codes) => expect(codes).toHaveLength(1),
      );
      const code = mailed?.oobCode ?? '';
      expect(code).not.toBe('');

      await page.goto(
        `${SHELL_URL}/authentication?mode=resetPassword&oobCode=${encodeURIComponent(code)}`,
      );
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await page.getByText(email).waitFor();
      await expectAccessible(page, '/authentication?mode=resetPassword', 'account');
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Save new password' }).click();

      await page.waitForURL('**/account/myaccount');
      await page.getByText('Your password has been changed successfuly!').waitFor();
      await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
      expect(await isSignedIn(page)).toMatchObject({ isSignedIn: true, email });

      // Only the new password works now, in the identity service and in the shop.
      expect(await passwordWorks(email, oldPassword)).toBe(false);
      expect(await passwordWorks(email, newPassword)).toBe(true);
      await signOutFromAccountNavigation(page);
      await signIn(page, email, oldPassword);
      await eventually(
        () => page.getByRole('alert').filter({ hasText: 'password' }).textContent(),
        (value) => expect(value).toBe('Invalid password!'),
      );
      await fillAuthForm(page, email, newPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/account/myaccount');
      await page.getByText('Signed in successfuly!').waitFor();
      await signOutFromAccountNavigation(page);

      // The link is used up: a clear message and a way to ask for a new one.
      await page.goto(
        `${SHELL_URL}/authentication?mode=resetPassword&oobCode=${encodeURIComponent(code)}`,
      );
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(
        'This password reset link is not valid or has already been used. Please ask for a new one.',
      );
      await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an unknown email gets the same answer, and nothing is mailed', async () => {
    const known = uniqueEmail('known-reset');
    const unknown = uniqueEmail('nobody-reset');
    const { page, context, pageErrors } = await openPage(browser, '/');
    try {
      await signUp(page, known, 'known-password');
      await signOutFromAccountNavigation(page);

      await page.goto(`${SHELL_URL}/authentication?mode=forgot`);
      const knownAnswer = await requestReset(page, known);
      await page.goto(`${SHELL_URL}/authentication?mode=forgot`);
      const unknownAnswer = await requestReset(page, unknown);

      expect(unknownAnswer).toBe(knownAnswer);
      expect(unknownAnswer).toBe(RESET_SENT);
      expect(await page.getByRole('alert').count()).toBe(0);
      await eventually(
        () => resetCodesFor(known),
        (codes) => expect(codes).toHaveLength(1),
      );
      expect(await resetCodesFor(unknown)).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('re-authentication before a credential change', () => {
  test('a wrong current password gets a clear message and changes nothing; the right one changes it', async () => {
    const email = uniqueEmail('reauth');
    const { page, context, pageErrors } = await openPage(browser, '/');
    try {
      await signUp(page, email, 'current-password');
      await page.goto(`${SHELL_URL}/account/credentials`);
      const field = page
        .locator('.account-field')
        .filter({ has: page.locator('dt', { hasText: 'Password' }) })
        .first();
      await field.getByRole('button', { name: 'Edit password' }).click();
      await field.getByLabel('New password', { exact: true }).fill('changed-password');
      const current = field.getByLabel('Current password', { exact: true });
      await current.fill('not-the-password');
      await field.getByRole('button', { name: 'Accept' }).click();

      await field.getByText(WRONG_CURRENT).waitFor();
      await eventually(
        () => current.evaluate((input) => input === document.activeElement),
        (focused) => expect(focused).toBe(true),
      );
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, '/account/credentials re-authentication', 'account');
      expect(await passwordWorks(email, 'current-password')).toBe(true);
      expect(await passwordWorks(email, 'changed-password')).toBe(false);

      await current.fill('current-password');
      await field.getByRole('button', { name: 'Accept' }).click();
      await page.getByText('Your password has been changed successfuly!').first().waitFor();
      await field.getByRole('button', { name: 'Edit password' }).waitFor();
      expect(await passwordWorks(email, 'changed-password')).toBe(true);
      expect(await passwordWorks(email, 'current-password')).toBe(false);

      await signOutFromAccountNavigation(page);
      await signIn(page, email, 'changed-password');
      await page.waitForURL('**/account/myaccount');
      await page.getByText('Signed in successfuly!').waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
