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

  it('changes the email through the identity service and toasts the field', async () => {
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
    await user.click(row('Email').getByRole('button', { name: 'Accept' }));

    expect(await row('Email').findByText(maskEmail('jane@new.com'))).toBeInTheDocument();
    expect(sharedMocks.changeEmail).toHaveBeenCalledWith('jane@new.com');
    expect(toasts.map((t) => t.message)).toEqual(['Your email has been changed successfuly!']);
  });

  it('changes the password from an empty editor; nothing is written to the database', async () => {
    sharedMocks.changePassword.mockResolvedValue({ ok: true });
    renderAt('/account/credentials');
    await screen.findByText('j*******@example.com');
    const user = userEvent.setup();
    await user.click(row('Password').getByRole('button', { name: 'Edit password' }));
    const input = row('Password').getByLabelText('Password');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('type', 'password');
    await user.type(input, 'a-new-password');
    await user.click(row('Password').getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(sharedMocks.changePassword).toHaveBeenCalledWith('a-new-password'));
    expect(await row('Password').findByText('********')).toBeInTheDocument();
    expect(toasts.map((t) => t.message)).toEqual(['Your password has been changed successfuly!']);
    expect(sharedMocks.setData).not.toHaveBeenCalled();
  });

  it('raises the global error when the identity service refuses the change', async () => {
    sharedMocks.changePassword.mockResolvedValue({
      ok: false,
      error: MESSAGES.requiresRecentLogin,
    });
    renderAt('/account/credentials');
    await screen.findByText('j*******@example.com');
    const user = userEvent.setup();
    await user.click(row('Password').getByRole('button', { name: 'Edit password' }));
    await user.type(row('Password').getByLabelText('Password'), 'a-new-password');
    await user.click(row('Password').getByRole('button', { name: 'Accept' }));

    await waitFor(() =>
      expect(bus.error$.getValue().message).toEqual({
        content: 'An unexpected error happened',
        error: MESSAGES.requiresRecentLogin,
      }),
    );
    expect(toasts).toHaveLength(0);
    expect(row('Password').getByLabelText('Password')).toBeInTheDocument();
  });
});
