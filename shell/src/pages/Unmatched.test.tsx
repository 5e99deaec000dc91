import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { setPageRecovery } from './currentRouter';
import { Unmatched } from './Unmatched';

let missing: string[] = [];
jest.mock('../remotes/registry', () => ({
  getRegistry: () => ({ routeLists: {}, missing }),
}));

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Unmatched /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  missing = [];
  setPageRecovery(null);
});

describe('an address no known page claims', () => {
  it('is the 404 when every remote listed its pages', () => {
    renderAt('/nowhere');
    expect(screen.getByRole('heading', { name: "We couldn't find that page" })).toBeInTheDocument();
  });

  it("is the missing remote's fallback while a route list could not be read", () => {
    missing = ['cart'];
    renderAt('/somewhere');
    expect(
      screen.getByRole('heading', { name: 'Your basket is taking a break' }),
    ).toBeInTheDocument();
  });

  it('tries again: the pages recovered, the same address is matched again without a reload', async () => {
    missing = ['catalog'];
    const recovery = jest.fn(async () => {
      missing = [];
      return true;
    });
    setPageRecovery(recovery);
    const router = renderAt('/somewhere?x=1');
    const before = router.state.historyAction;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => undefined);
    expect(recovery).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname + router.state.location.search).toBe('/somewhere?x=1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(before).toBe('POP');
    expect(
      await screen.findByRole('heading', { name: "We couldn't find that page" }),
    ).toBeInTheDocument();
  });

  it('stays on the fallback when the remote is still down', async () => {
    missing = ['account'];
    setPageRecovery(async () => false);
    renderAt('/somewhere');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(
      screen.getByRole('heading', { name: 'Your account is taking a break' }),
    ).toBeInTheDocument();
  });
});
