import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../bus/publishers';
import { ShopToaster } from './ShopToaster';

// The shell's order: the footer's links, then the Toaster last in the page.
function Page() {
  return (
    <>
      <a href="#top">Top of the page</a>
      <footer>
        <a href="/account/myaccount">Account</a>
      </footer>
      <ShopToaster />
    </>
  );
}

async function showToast(message: string) {
  act(() => toast.success(message));
  return screen.findByText(message);
}

describe('ShopToaster and the keyboard', () => {
  it('Tab passes through a toast and its close button, then on out of the toaster', async () => {
    render(<Page />);
    await showToast('Your name has been changed successfuly!');
    const user = userEvent.setup();
    const footerLink = screen.getByRole('link', { name: 'Account' });
    footerLink.focus();

    await user.tab();
    expect(document.activeElement?.closest('[data-sonner-toast]')).not.toBeNull();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close toast' })).toHaveFocus();
    // Nothing follows the toaster: focus leaves the page (a browser goes to its own chrome),
    // never back to the footer link it came from; the next Tab starts at the top again.
    await user.tab();
    expect(footerLink).not.toHaveFocus();
    expect(document.body).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Top of the page' })).toHaveFocus();
  });

  it('Shift+Tab out of the toaster goes back to the footer link', async () => {
    render(<Page />);
    await showToast('Signed in successfuly!');
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'Account' }).focus();
    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Account' })).toHaveFocus();
  });

  it('Alt+T still focuses the toasts; leaving them returns to where the shopper was', async () => {
    render(<Page />);
    await showToast('Order sent successfuly!');
    const user = userEvent.setup();
    const footerLink = screen.getByRole('link', { name: 'Account' });
    footerLink.focus();
    await user.keyboard('{Alt>}t{/Alt}');
    expect(document.activeElement?.hasAttribute('data-sonner-toaster')).toBe(true);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(footerLink).toHaveFocus();
  });
});
