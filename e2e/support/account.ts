// The account steps the journeys share: sign up, sign in, sign out as a shopper does.
import type { Page } from 'playwright-core';
import { SHELL_URL } from './browser';
import { waitForHeading } from './shop';

export async function fillAuthForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${SHELL_URL}/authentication?mode=signup`);
  await page.getByRole('heading', { name: 'Create new account' }).waitFor();
  await fillAuthForm(page, email, password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/account/myaccount');
  await page.getByText('Signed up successfuly!').waitFor();
  // The toast shows before the redirect: the account page is there once its heading is.
  await waitForHeading(page, 'My account');
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${SHELL_URL}/authentication?mode=signin`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await fillAuthForm(page, email, password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOutFromAccountNavigation(page: Page): Promise<void> {
  await page.goto(`${SHELL_URL}/account/myaccount`);
  const nav = page.getByRole('navigation', { name: 'Account' });
  await nav.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(SHELL_URL + '/');
  await waitForHeading(page, 'New season, new favourites');
}
