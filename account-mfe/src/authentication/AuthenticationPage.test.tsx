import { MESSAGES, bus, setAuth } from '@shop/shared';
import type { ToastEvent } from '@shop/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../testing/accountTestKit';
import { resetBackend, sharedMocks, signInAs, signUpAs } from '../testing/mockShared';

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
  sessionStorage.clear(); // where the tab remembers a new member
});

async function fillForm(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('authentication screen, sign-in mode', () => {
  it('shows the sign-in texts and links to sign up', async () => {
    renderAt('/authentication?mode=signin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByPlaceholderText('Enter email...')).toHaveAttribute('type', 'email');
    expect(screen.getByPlaceholderText('Enter password...')).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('link', {
      name: "You don't have an account yet? Create new one",
    });
    expect(toggle).toHaveAttribute('href', '/authentication?mode=signup');
  });

  it("shows 'Submiting...' while sending and the error under the form", async () => {
    let finish: (value: { error: string }) => void = () => undefined;
    sharedMocks.signIn.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderAt('/authentication?mode=signin');
    await screen.findByRole('heading', { name: 'Sign in' });
    const user = await fillForm('jane@example.com', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Submiting...' })).toBeDisabled();
    await waitFor(() =>
      expect(sharedMocks.signIn).toHaveBeenCalledWith('jane@example.com', 'wrong-password'),
    );
    await act(async () => finish({ error: MESSAGES.invalidPassword }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password!');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(toasts).toHaveLength(0);
  });

  it("toasts 'Signed in successfuly!' and goes back to the page that asked for sign-in", async () => {
    sharedMocks.signIn.mockImplementation(async (email) => {
      signInAs(email);
      return { isSignedIn: true, email, justSignedIn: true, userAccountUid: 'account-uid-1' };
    });
    const { router } = renderAt('/authentication?mode=signin&next=%2Faccount%2Forders');
    await screen.findByRole('heading', { name: 'Sign in' });
    const user = await fillForm('jane@example.com', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orders'));
    expect(toasts.map((t) => t.message)).toEqual(['Signed in successfuly!']);
  });

  it('welcomes back a member who signs in, even after signing up earlier in this tab', async () => {
    sharedMocks.signUp.mockImplementation(async (email) => {
      signUpAs(email);
      return { isSignedIn: true, email, justSignedIn: true, userAccountUid: 'account-uid-1' };
    });
    const first = renderAt('/authentication?mode=signup');
    await screen.findByRole('heading', { name: 'Create new account' });
    let user = await fillForm('jane@example.com', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/^Welcome,/)).toBeInTheDocument();
    first.unmount();

    setAuth({ isSignedIn: false, email: '', userAccountUid: '' });
    sharedMocks.signIn.mockImplementation(async (email) => {
      signInAs(email);
      return { isSignedIn: true, email, justSignedIn: true, userAccountUid: 'account-uid-1' };
    });
    renderAt('/authentication?mode=signin');
    await screen.findByRole('heading', { name: 'Sign in' });
    user = await fillForm('jane@example.com', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/^Welcome back,/)).toHaveTextContent(
      'Welcome back, jane@example.com.',
    );
  });

  it('never follows a next parameter that leaves the shop', async () => {
    sharedMocks.signIn.mockImplementation(async (email) => {
      signInAs(email);
      return { isSignedIn: true, email, justSignedIn: true, userAccountUid: 'account-uid-1' };
    });
    const { router } = renderAt('/authentication?mode=signin&next=%2F%2Fevil.example%2F');
    await screen.findByRole('heading', { name: 'Sign in' });
    const user = await fillForm('jane@example.com', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/myaccount'));
  });
});

describe('a signed-in visitor opening the authentication page', () => {
  it.each(['%09', '%0A', '%0D'])(
    'is sent to /account/myaccount when next hides %s between its slashes',
    async (control) => {
      signInAs('jane@example.com');
      const { router } = renderAt(`/authentication?next=%2F${control}%2Fevil.example`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/account/myaccount'));
      expect(router.state.errors).toBeNull();
    },
  );
});

describe('authentication screen, sign-up mode', () => {
  it.each(['/authentication?mode=signup', '/authentication?mode=anything', '/authentication'])(
    'shows the sign-up texts at %s',
    async (path) => {
      renderAt(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Create new account' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Already a member? Sign in' })).toHaveAttribute(
        'href',
        '/authentication?mode=signin',
      );
    },
  );

  it("signs up, toasts 'Signed up successfuly!' and opens /account/myaccount", async () => {
    sharedMocks.signUp.mockImplementation(async (email) => {
      signUpAs(email);
      return { isSignedIn: true, email, justSignedIn: true, userAccountUid: 'account-uid-1' };
    });
    const { router } = renderAt('/authentication?mode=signup');
    await screen.findByRole('heading', { name: 'Create new account' });
    const user = await fillForm('new@example.com', 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/myaccount'));
    expect(sharedMocks.signUp).toHaveBeenCalledWith('new@example.com', 'long-enough');
    expect(toasts.map((t) => t.message)).toEqual(['Signed up successfuly!']);
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    // A brand-new account is welcomed, not welcomed back.
    expect(await screen.findByText(/^Welcome,/)).toHaveTextContent('Welcome, new@example.com.');
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('shows the error for an email that already has an account', async () => {
    sharedMocks.signUp.mockResolvedValue({ error: MESSAGES.emailTaken });
    renderAt('/authentication?mode=signup');
    await screen.findByRole('heading', { name: 'Create new account' });
    const user = await fillForm('taken@example.com', 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is already an account assigned to this email!',
    );
  });

  it('keeps the button disabled while a field is invalid (docs/product.md §5 messages)', async () => {
    renderAt('/authentication?mode=signup');
    await screen.findByRole('heading', { name: 'Create new account' });
    const user = await fillForm('not-an-email', 'short');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    expect(await screen.findByText('Please enter a valid email address!')).toBeInTheDocument();
    expect(
      await screen.findByText('Your password should be at least 8 characters long!'),
    ).toBeInTheDocument();
  });
});

describe('authentication screen, already signed in', () => {
  it('redirects to /account/myaccount', async () => {
    signInAs('jane@example.com');
    const { router } = renderAt('/authentication?mode=signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/myaccount'));
    expect(sharedMocks.signIn).not.toHaveBeenCalled();
  });

  it('is left for the sign-in page when the account signs out', async () => {
    signInAs('jane@example.com');
    const { router } = renderAt('/account/myaccount');
    await screen.findByRole('heading', { name: 'My account' });
    act(() => setAuth({ isSignedIn: false, email: '', userAccountUid: '' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(router.state.location.search).toBe('?mode=signin&next=%2Faccount%2Fmyaccount');
  });
});

describe('forgot password (decision 1501)', () => {
  it('is offered on the sign-in form, keeping where to go afterwards', async () => {
    renderAt('/authentication?mode=signin&next=%2Faccount%2Forders');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/authentication?mode=forgot&next=%2Faccount%2Forders',
    );
  });

  it('is not offered when signing up', async () => {
    renderAt('/authentication?mode=signup');
    await screen.findByRole('heading', { name: 'Create new account' });
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  it('gives the same answer for a known and an unknown email, in a live region, focused', async () => {
    sharedMocks.requestPasswordReset.mockResolvedValue({ ok: true });
    const answers: string[] = [];
    for (const email of ['jane@example.com', 'nobody@example.com']) {
      const view = renderAt('/authentication?mode=forgot');
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
      const user = userEvent.setup();
      const status = screen.getByRole('status');
      expect(status).toBeEmptyDOMElement();
      await user.type(screen.getByLabelText('Email address'), email);
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      const notice = await within(status).findByText(/If an account exists/);
      await waitFor(() => expect(notice).toHaveFocus());
      answers.push(status.textContent ?? '');
      expect(sharedMocks.requestPasswordReset).toHaveBeenLastCalledWith(email);
      view.unmount();
    }
    expect(answers[0]).toBe(MESSAGES.passwordResetSent);
    expect(answers[1]).toBe(answers[0]);
    expect(toasts).toHaveLength(0);
  });

  it('shows a failure of the service as an alert and keeps the email', async () => {
    sharedMocks.requestPasswordReset.mockResolvedValue({
      ok: false,
      error: MESSAGES.tooManyRequests,
    });
    renderAt('/authentication?mode=forgot');
    await screen.findByRole('heading', { name: 'Reset your password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.tooManyRequests);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('checks the email with the docs/product.md §5 rule before sending anything', async () => {
    renderAt('/authentication?mode=forgot');
    await screen.findByRole('heading', { name: 'Reset your password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/authentication?mode=signin',
    );
    expect(sharedMocks.requestPasswordReset).not.toHaveBeenCalled();
  });
});

describe('reset page (decision 1501)', () => {
  const RESET_URL = '/authentication?mode=resetPassword&oobCode=code-123';

  it('sets the new password with the code, signs in through signIn and opens the account', async () => {
    sharedMocks.checkPasswordResetCode.mockResolvedValue({ ok: true, email: 'jane@example.com' });
    sharedMocks.completePasswordReset.mockResolvedValue({ ok: true, email: 'jane@example.com' });
    sharedMocks.signIn.mockImplementation(async (email) => {
      signInAs(email);
      return { isSignedIn: true, email, justSignedIn: true, userAccountUid: 'account-uid-1' };
    });
    const { router } = renderAt(RESET_URL);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(sharedMocks.checkPasswordResetCode).toHaveBeenCalledWith('code-123');
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    const input = screen.getByLabelText('New password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');

    const user = userEvent.setup();
    await user.type(input, 'short');
    await user.tab();
    expect(
      await screen.findByText('Your password should be at least 8 characters long!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/myaccount'));
    expect(sharedMocks.completePasswordReset).toHaveBeenCalledWith('code-123', 'brand-new-pass');
    expect(sharedMocks.signIn).toHaveBeenCalledWith('jane@example.com', 'brand-new-pass');
    expect(toasts.map((t) => t.message)).toEqual(['Your password has been changed successfuly!']);
    expect(await screen.findByText(/^Welcome back,/)).toBeInTheDocument();
  });

  it.each([
    ['expired', MESSAGES.resetLinkExpired],
    ['used or unknown', MESSAGES.resetLinkInvalid],
  ])('explains the %s link and offers a new one', async (_kind, message) => {
    sharedMocks.checkPasswordResetCode.mockResolvedValue({ ok: false, error: message });
    renderAt(RESET_URL);
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/authentication?mode=forgot',
    );
  });

  it('treats a link without a code as invalid', async () => {
    sharedMocks.checkPasswordResetCode.mockResolvedValue({
      ok: false,
      error: MESSAGES.resetLinkInvalid,
    });
    renderAt('/authentication?mode=resetPassword');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
    expect(sharedMocks.checkPasswordResetCode).toHaveBeenCalledWith('');
  });

  it('shows a code used up meanwhile as an alert, focused, without signing in', async () => {
    sharedMocks.checkPasswordResetCode.mockResolvedValue({ ok: true, email: 'jane@example.com' });
    sharedMocks.completePasswordReset.mockResolvedValue({
      ok: false,
      error: MESSAGES.resetLinkExpired,
    });
    renderAt(RESET_URL);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.resetLinkExpired);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(sharedMocks.signIn).not.toHaveBeenCalled();
    expect(toasts).toHaveLength(0);
  });
});
