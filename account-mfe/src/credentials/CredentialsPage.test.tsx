import { MESSAGES, bus } from '@shop/shared';
import type { ToastEvent } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../testing/accountTestKit';
import { resetBackend, sharedMocks, signInAs } from '../testing/mockShared';
import { maskEmail } from './masking';

jest.mock('@shop/shared', () =>
  jest.requireActual('../testing/sharedMockFactory').sharedMockFactory(),
);
jest.mock('@shop/shared/accounts', () =>
  jest.requireActual('../testing/sharedMockFactory').accountsMockFactory(),
);

const toasts: ToastEvent[] = [];
const subscription = bus.toasts$.subscribe((t) => toasts.push(t));
afterAll(() => subscription.unsubscribe());

beforeEach(() => {
  resetBackend();
  toasts.length = 0;
  signInAs('jane.doe@example.com');
});

const row = (label: string) =>
  within(screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement);

describe('credentials screen', () => {
  it('shows the loading text, then the email and password hidden by default', async () => {
    renderAt('/account/credentials');
    expect(await screen.findByText('Loading credentials...')).toBeInTheDocument();
    expect(await screen.findByText('j*******@example.com')).toBeInTheDocument();
    expect(screen.queryByText('jane.doe@example.com')).not.toBeInTheDocument();
    expect(row('Password').getByText('********')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Credentials' })).toBeVisible();
  });

  it('Show reveals the email and Hide hides it again', async () => {
    renderAt('/account/credentials');
    await screen.findByText('j*******@example.com');
    const user = userEvent.setup();
    await user.click(row('Email').getByRole('button', { name: 'Show email' }));
    expect(row('Email').getByText('jane.doe@example.com')).toBeInTheDocument();
    await user.click(row('Email').getByRole('button', { name: 'Hide email' }));
    expect(row('Email').getByText('j*******@example.com')).toBeInTheDocument();
  });

  it('Show on the password explains that it cannot be shown', async () => {
    renderAt('/account/credentials');
    await screen.findByText('j*******@example.com');
    const user = userEvent.setup();
    await user.click(row('Password').getByRole('button', { name: 'Show password' }));
    expect(row('Password').getByText(/cannot\s+be shown/)).toBeInTheDocument();
    await user.click(row('Password').getByRole('button', { name: 'Hide password' }));
    expect(row('Password').getByText('********')).toBeInTheDocument();
  });

  it('changes the email after the current password, and toasts the field', async () => {
    sharedMocks.changeEmail.mockImplementation(async (email) => {
      signInAs(email);
      return { ok: true };
    });
    renderAt('/account/credentials');
    await screen.findByText('j*******@example.com');
    const user = userEvent.setup();
    await user.click(row('Email').getByRole('button', { name: 'Edit email' }));
    const input = row('Email').getByRole('textbox', { name: 'Email' });
    expect(input).toHaveValue('jane.doe@example.com');
    await user.clear(input);
    await user.type(input, 'jane@new.com');
    // Re-authentication (decision 1501): Accept waits for the current password.
    expect(row('Email').getByRole('button', { name: 'Accept' })).toBeDisabled();
    const current = row('Email').getByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    await user.type(current, 'old-secret-1');
    await user.click(row('Email').getByRole('button', { name: 'Accept' }));

    expect(await row('Email').findByText(maskEmail('jane@new.com'))).toBeInTheDocument();
    expect(sharedMocks.changeEmail).toHaveBeenCalledWith('jane@new.com', 'old-secret-1');
    expect(toasts.map((t) => t.message)).toEqual(['Your email has been changed successfuly!']);
  });

  it('changes the password from an empty editor; nothing is written to the database', async () => {
    sharedMocks.changePassword.mockResolvedValue({ ok: true });
    renderAt('/account/credentials');
    await screen.findByText('j*******@example.com');
    const user = userEvent.setup();
    await user.click(row('Password').getByRole('button', { name: 'Edit password' }));
    const input = row('Password').getByLabelText('New password');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveFocus();
    await user.type(input, 'a-new-password');
    await user.type(row('Password').getByLabelText('Current password'), 'old-secret-1');
    await user.click(row('Password').getByRole('button', { name: 'Accept' }));

    await waitFor(() =>
      expect(sharedMocks.changePassword).toHaveBeenCalledWith('a-new-password', 'old-secret-1'),
    );
    expect(await row('Password').findByText('********')).toBeInTheDocument();
    expect(toasts.map((t) => t.message)).toEqual(['Your password has been changed successfuly!']);
    expect(sharedMocks.setData).not.toHaveBeenCalled();
  });

  it('says so when the current password is wrong, keeps the editor and focuses that field', async () => {
    sharedMocks.changePassword.mockResolvedValue({
      ok: false,
      error: MESSAGES.wrongCurrentPassword,
    });
    renderAt('/account/credentials');
    await screen.findByText('j*******@example.com');
    const user = userEvent.setup();
    await user.click(row('Password').getByRole('button', { name: 'Edit password' }));
    await user.type(row('Password').getByLabelText('New password'), 'a-new-password');
    await user.type(row('Password').getByLabelText('Current password'), 'not-my-password');
    await user.click(row('Password').getByRole('button', { name: 'Accept' }));

    const current = row('Password').getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(
      'The current password you entered is not correct. Please try again.',
    );
    expect(row('Password').getByLabelText('New password')).toHaveValue('a-new-password');
    expect(toasts).toHaveLength(0);
    expect(bus.error$.getValue().isError).toBe(false);
  });

  it("shows the service's refusal in the editor as a sentence, never the raw code", async () => {
    sharedMocks.changeEmail.mockResolvedValue({
      ok: false,
      error: MESSAGES.requiresRecentLogin,
    });
    renderAt('/account/credentials');
    await screen.findByText('j*******@example.com');
    const user = userEvent.setup();
    await user.click(row('Email').getByRole('button', { name: 'Edit email' }));
    const input = row('Email').getByRole('textbox', { name: 'Email' });
    await user.clear(input);
    await user.type(input, 'jane@new.com');
    await user.type(row('Email').getByLabelText('Current password'), 'old-secret-1');
    await user.click(row('Email').getByRole('button', { name: 'Accept' }));

    const alert = await row('Email').findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.requiresRecentLogin);
    expect(alert).not.toHaveTextContent(/auth\//);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(toasts).toHaveLength(0);
    expect(row('Email').getByRole('textbox', { name: 'Email' })).toHaveValue('jane@new.com');
  });

  it('never changes a credential without the current password, even when posted directly', async () => {
    const { action } = await import('./credentialsRoute');
    const body = new FormData();
    body.set('field', 'password');
    body.set('value', 'a-new-password');
    const request = new Request('http://shop.test/account/credentials', {
      method: 'POST',
      body,
    });
    sharedMocks.changePassword.mockResolvedValue({
      ok: false,
      error: MESSAGES.currentPasswordRequired,
    });
    const result = await action({
      request,
      params: {},
      context: {},
      url: new URL(request.url),
      pattern: '/account/credentials',
    });
    expect(sharedMocks.changePassword).toHaveBeenCalledWith('a-new-password', '');
    expect(result).toEqual({
      ok: false,
      field: 'password',
      error: 'Please enter your current password.',
    });
  });
});
