import {
  CONFIRMATION_GRACE_MS,
  type GuardEnvironment,
  confirmationLoaded,
  confirmationShown,
  expectConfirmation,
  forgetConfirmation,
} from './reloadIfNotShown';

const OUTCOME = '/checkout-successful?order=-Nabc';

/** A browser whose address and timers the test moves by hand. */
function fakeBrowser(address = OUTCOME) {
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  const browser = {
    address,
    reload: jest.fn(),
    timers,
    /** Runs every timer that is set (the grace is the only one). */
    graceOver() {
      const due = [...timers.values()];
      timers.clear();
      due.forEach((timer) => timer.callback());
    },
  };
  const environment: GuardEnvironment = {
    address: () => browser.address,
    reload: browser.reload,
    setTimeout: (callback, ms) => {
      timers.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (id) => timers.delete(id as number),
  };
  return { browser, environment };
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  forgetConfirmation();
  warn.mockRestore();
});

describe('the confirmation guard (decision 1601)', () => {
  it('loads the page once more when the page did not mount within the grace of its address', () => {
    const { browser, environment } = fakeBrowser();
    expectConfirmation(OUTCOME, environment);
    confirmationLoaded(OUTCOME);
    expect([...browser.timers.values()].map((t) => t.ms)).toEqual([CONFIRMATION_GRACE_MS]);
    browser.graceOver();
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the page mounted', () => {
    const { browser, environment } = fakeBrowser();
    expectConfirmation(OUTCOME, environment);
    confirmationLoaded(OUTCOME);
    confirmationShown(OUTCOME);
    expect(browser.timers.size).toBe(0);
    browser.graceOver();
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('does nothing when the shopper went elsewhere meanwhile', () => {
    const { browser, environment } = fakeBrowser();
    expectConfirmation(OUTCOME, environment);
    confirmationLoaded(OUTCOME);
    browser.address = '/';
    browser.graceOver();
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('reloads at most once per order: the reloaded page (no action) arms nothing', () => {
    const { browser, environment } = fakeBrowser();
    expectConfirmation(OUTCOME, environment);
    confirmationLoaded(OUTCOME);
    browser.graceOver();
    // The loader runs again (a reload, a revalidation): no order expects it any more.
    confirmationLoaded(OUTCOME);
    expect(browser.timers.size).toBe(0);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('only the expected outcome arms the grace, and a newer order replaces the older', () => {
    const { browser, environment } = fakeBrowser();
    confirmationLoaded(OUTCOME); // a page opened by its address: no order expects it
    expect(browser.timers.size).toBe(0);
    expectConfirmation(OUTCOME, environment);
    confirmationLoaded('/checkout-successful?order=-Nother');
    expect(browser.timers.size).toBe(0);
    confirmationLoaded(OUTCOME);
    expectConfirmation('/checkout-successful?order=-Nnext', environment);
    expect(browser.timers.size).toBe(0);
    browser.graceOver();
    expect(browser.reload).not.toHaveBeenCalled();
  });
});
