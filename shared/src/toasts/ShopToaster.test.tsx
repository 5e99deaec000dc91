import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../bus/publishers';
import { type LoadedToaster, ShopToaster } from './ShopToaster';

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

describe('ShopToaster loads sonner with the first toast', () => {
  function deferredLoad() {
    let settle: { resolve: () => void; reject: (error: Error) => void } | null = null;
    const load = jest.fn(
      () =>
        new Promise<LoadedToaster>((resolve, reject) => {
          settle = {
            resolve: () => resolve(jest.requireActual<LoadedToaster>('./SonnerToaster')),
            reject,
          };
        }),
    );
    return { load, settle: () => settle! };
  }

  it('loads nothing until a toast is published', () => {
    const { load } = deferredLoad();
    const { container } = render(<ShopToaster load={load} />);
    expect(load).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the toasts published while its code was loading, once, then the next ones', async () => {
    const { load, settle } = deferredLoad();
    render(<ShopToaster load={load} />);
    act(() => toast.success('Added to your basket'));
    act(() => toast.error('Could not save your basket'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Added to your basket')).toBeNull();
    await act(async () => settle().resolve());
    expect(await screen.findByText('Added to your basket')).toBeInTheDocument();
    expect(screen.getByText('Could not save your basket')).toBeInTheDocument();
    act(() => toast.info('Signed out'));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('Added to your basket')).toHaveLength(1);
  });

  it('shows toasts as text when its code cannot be loaded, and tries again with the next toast', async () => {
    const { load, settle } = deferredLoad();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<ShopToaster load={load} />);
    act(() => toast.error('Couldn\u2019t reach the server'));
    await act(async () => settle().reject(new Error('ChunkLoadError')));
    // The live region is there before its text, so a screen reader announces the text.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(await screen.findByText('Couldn\u2019t reach the server')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Couldn\u2019t reach the server');
    expect(logged).toHaveBeenCalled();
    act(() => toast.success('Back online'));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => settle().resolve());
    expect(await screen.findByText('Back online')).toBeInTheDocument();
    // The text toast shown before stays its time.
    expect(screen.getByRole('status')).toHaveTextContent('Couldn\u2019t reach the server');
    logged.mockRestore();
  });
});
