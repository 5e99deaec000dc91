import {
  CONFIRMATION_GRACE_MS,
  CONFIRMATION_NOT_SHOWN,
  NOTHING_COMING_MS,
  type WatchEnvironment,
  confirmationShown,
  expectConfirmation,
  reactRootState,
  resetConfirmationWatch,
} from './confirmationWatch';

const OUTCOME = '/checkout-successful?order=-P77abcdefghijklmnop';

/** A page whose clock and address the test moves; timers are jest's fake ones. */
function fakePage() {
  let address = '/checkout/details';
  // React's root as the watch reads it; null (unreadable) unless a test sets it.
  let react: Record<string, unknown> | null = null;
  const reload = jest.fn();
  const log = jest.fn();
  const keepReport = jest.fn();
  const environment: WatchEnvironment = {
    now: () => Date.now(),
    address: () => address,
    reload,
    log,
    keepReport,
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (id) => window.clearInterval(id),
    rootState: () => react,
  };
  return {
    environment,
    reload,
    log,
    keepReport,
    goTo: (next: string) => {
      address = next;
    },
    reactIs: (state: Record<string, unknown> | null) => {
      react = state;
    },
    /** Loaded again exactly once, its log line holding `logged`. */
    expectReloadedOnce: (logged: Record<string, unknown>) => {
      expect(reload).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith(CONFIRMATION_NOT_SHOWN, expect.objectContaining(logged));
    },
  };
}

/** Root states as reactRootState reports them. */
const NOTHING_PENDING = { pendingLanes: 0, callbackNode: null, callbackPriority: 0 };
/** A render under way: its task holds a new callback at each poll (one per slice). */
const RENDERING = {
  pendingLanes: 512,
  callbackNode: 'object',
  callbackPriority: 512,
  task: {
    callback: 'function',
    priorityLevel: 3,
    sinceScheduledMs: 20,
    overdueMs: -4_980,
    callbackHeldMs: 0,
  },
};
const TASK_ALREADY_RAN = {
  ...RENDERING,
  task: { ...RENDERING.task, callback: null, callbackHeldMs: undefined },
};
/** The task still holds the callback an earlier poll saw: the scheduler has not called it. */
const TASK_NOT_RUN = {
  ...RENDERING,
  task: { ...RENDERING.task, callbackHeldMs: 100 },
};

beforeEach(() => {
  jest.useFakeTimers();
  resetConfirmationWatch();
});

afterEach(() => {
  jest.useRealTimers();
});

test('a confirmation that shows is left alone', () => {
  const page = fakePage();
  expectConfirmation(OUTCOME, page.environment);
  jest.advanceTimersByTime(300); // the order is being read back
  page.goTo(OUTCOME);
  jest.advanceTimersByTime(150);
  confirmationShown(OUTCOME);
  jest.advanceTimersByTime(10 * CONFIRMATION_GRACE_MS);
  expect(page.reload).not.toHaveBeenCalled();
  expect(page.log).not.toHaveBeenCalled();
});

test('the address at the confirmation for a second without it on screen: logged, page loaded again', () => {
  const page = fakePage();
  expectConfirmation(OUTCOME, page.environment);
  jest.advanceTimersByTime(2_000); // a slow read of the order: the address has not moved yet
  expect(page.reload).not.toHaveBeenCalled();
  page.goTo(OUTCOME);
  jest.advanceTimersByTime(CONFIRMATION_GRACE_MS - 200);
  expect(page.reload).not.toHaveBeenCalled();
  jest.advanceTimersByTime(400);
  page.expectReloadedOnce({
    outcome: OUTCOME,
    reason: 'grace over',
    sinceAddressChanged: expect.any(Number),
  });
  jest.advanceTimersByTime(10 * CONFIRMATION_GRACE_MS);
  expect(page.reload).toHaveBeenCalledTimes(1);
});

describe('React showing that nothing will render the confirmation: no need to wait the grace', () => {
  test.each([
    ['nothing pending (the update never reached React)', NOTHING_PENDING, 'no update pending'],
    ['work pending for a task that has already run', TASK_ALREADY_RAN, 'task already ran'],
    ['a task holding a callback seen at an earlier poll', TASK_NOT_RUN, 'task not run'],
  ])('%s: loaded again once that has lasted 200 ms', (_, state, reason) => {
    const page = fakePage();
    expectConfirmation(OUTCOME, page.environment);
    page.reactIs(RENDERING); // the details step's submission renders
    jest.advanceTimersByTime(300);
    page.goTo(OUTCOME);
    page.reactIs(state);
    jest.advanceTimersByTime(NOTHING_COMING_MS);
    expect(page.reload).not.toHaveBeenCalled(); // seen for 100 ms so far
    jest.advanceTimersByTime(100);
    page.expectReloadedOnce({ reason, sinceAddressChanged: NOTHING_COMING_MS, react: state });
    // What was logged is kept for the reloaded page, which sends it (confirmationReport.ts).
    expect(page.keepReport).toHaveBeenCalledWith({
      outcome: OUTCOME,
      reason,
      details: page.log.mock.calls[0][1],
    });
    const [kept] = page.keepReport.mock.invocationCallOrder;
    const [reloaded] = page.reload.mock.invocationCallOrder;
    expect(kept).toBeLessThan(reloaded ?? 0);
  });

  test('a render under way gets the whole grace', () => {
    const page = fakePage();
    expectConfirmation(OUTCOME, page.environment);
    page.goTo(OUTCOME);
    page.reactIs(RENDERING);
    jest.advanceTimersByTime(CONFIRMATION_GRACE_MS);
    expect(page.reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(100);
    page.expectReloadedOnce({ reason: 'grace over', react: RENDERING });
  });

  test('a state that does not last 200 ms is no reason', () => {
    const page = fakePage();
    expectConfirmation(OUTCOME, page.environment);
    page.goTo(OUTCOME);
    page.reactIs(NOTHING_PENDING);
    jest.advanceTimersByTime(100);
    page.reactIs(RENDERING);
    jest.advanceTimersByTime(100);
    page.reactIs(NOTHING_PENDING);
    jest.advanceTimersByTime(NOTHING_COMING_MS - 100); // not yet 200 ms of it
    page.reactIs(TASK_ALREADY_RAN); // another state: counted from now
    jest.advanceTimersByTime(NOTHING_COMING_MS);
    expect(page.reload).not.toHaveBeenCalled();
    page.reactIs(RENDERING);
    jest.advanceTimersByTime(CONFIRMATION_GRACE_MS);
    page.expectReloadedOnce({ reason: 'grace over' });
  });

  describe("read from React's root (reactRootState), a task the scheduler never calls", () => {
    /** The page's React root; its task holds `callback` until a test gives it another. */
    function mountRootWithTask(): { task: { callback: unknown } } {
      const task = { callback: () => null, priorityLevel: 3, startTime: 0, expirationTime: 5_000 };
      const container = document.createElement('div');
      Object.assign(container, {
        __reactContainer$test: {
          stateNode: { pendingLanes: 512, callbackNode: task, callbackPriority: 512 },
        },
      });
      document.body.append(container);
      return { task };
    }

    afterEach(() => document.body.replaceChildren());

    function watchReadingTheRoot() {
      const page = fakePage();
      const callbacksSeen = new WeakMap<object, number>();
      const environment = { ...page.environment, rootState: () => reactRootState(callbacksSeen) };
      expectConfirmation(OUTCOME, environment);
      page.goTo(OUTCOME);
      return page;
    }

    test('loaded again once the same callback has been held for 200 ms after a poll saw it', () => {
      mountRootWithTask();
      const page = watchReadingTheRoot();
      jest.advanceTimersByTime(100); // arrival: the callback seen for the first time
      jest.advanceTimersByTime(NOTHING_COMING_MS);
      expect(page.reload).not.toHaveBeenCalled();
      jest.advanceTimersByTime(100);
      page.expectReloadedOnce({
        reason: 'task not run',
        sinceAddressChanged: NOTHING_COMING_MS + 100,
        react: expect.objectContaining({
          task: expect.objectContaining({ callback: 'function', callbackHeldMs: 300 }),
        }),
      });
    });

    test('a render that yields between polls (a new callback each time) gets the whole grace', () => {
      const { task } = mountRootWithTask();
      const page = watchReadingTheRoot();
      for (let poll = 0; poll < CONFIRMATION_GRACE_MS / 100; poll += 1) {
        jest.advanceTimersByTime(100);
        task.callback = () => null; // the slice ran and yielded: React's continuation
      }
      expect(page.reload).not.toHaveBeenCalled();
      jest.advanceTimersByTime(100);
      page.expectReloadedOnce({ reason: 'grace over' });
    });
  });

  test('the confirmation on screen stops the watch, whatever React shows after', () => {
    const page = fakePage();
    expectConfirmation(OUTCOME, page.environment);
    page.goTo(OUTCOME);
    page.reactIs(RENDERING);
    jest.advanceTimersByTime(100);
    confirmationShown(OUTCOME);
    page.reactIs(NOTHING_PENDING); // committed: nothing left to do
    jest.advanceTimersByTime(10 * CONFIRMATION_GRACE_MS);
    expect(page.reload).not.toHaveBeenCalled();
  });
});

test('each order whose confirmation does not show gets its reload (a watch is per order)', () => {
  const page = fakePage();
  expectConfirmation(OUTCOME, page.environment);
  page.goTo(OUTCOME);
  jest.advanceTimersByTime(2 * CONFIRMATION_GRACE_MS);
  const second = '/checkout-successful?order=-P77zyxwvutsrqponmlk';
  page.goTo('/checkout/details');
  expectConfirmation(second, page.environment);
  page.goTo(second);
  jest.advanceTimersByTime(2 * CONFIRMATION_GRACE_MS);
  expect(page.reload).toHaveBeenCalledTimes(2);
  expect(page.log).toHaveBeenLastCalledWith(
    CONFIRMATION_NOT_SHOWN,
    expect.objectContaining({ outcome: second }),
  );
});

test('an address that moves on before the confirmation shows is not reloaded', () => {
  const page = fakePage();
  expectConfirmation(OUTCOME, page.environment);
  page.goTo(OUTCOME);
  jest.advanceTimersByTime(300);
  page.goTo('/'); // the shopper followed a link at once
  jest.advanceTimersByTime(10 * CONFIRMATION_GRACE_MS);
  expect(page.reload).not.toHaveBeenCalled();
});

test('an outcome shown before is expected afresh by the next order (a failure met twice)', () => {
  const failed = '/checkout-successful?status=failed&reason=write';
  const page = fakePage();
  expectConfirmation(failed, page.environment);
  page.goTo(failed);
  confirmationShown(failed);
  page.goTo('/checkout/details');
  expectConfirmation(failed, page.environment);
  page.goTo(failed);
  jest.advanceTimersByTime(2 * CONFIRMATION_GRACE_MS);
  expect(page.reload).toHaveBeenCalledTimes(1);
});

test('a router that never moves there stops the watch without reloading', () => {
  const page = fakePage();
  expectConfirmation(OUTCOME, page.environment);
  jest.advanceTimersByTime(120_000);
  page.goTo(OUTCOME); // much later, e.g. from history: the page's own load shows it
  jest.advanceTimersByTime(10 * CONFIRMATION_GRACE_MS);
  expect(page.reload).not.toHaveBeenCalled();
});

describe("React's root state in the log", () => {
  /** A container as React marks it, holding a root with these fields. */
  function mountFakeRoot(root: Record<string, unknown>): void {
    const container = document.createElement('div');
    Object.assign(container, { __reactContainer$test: { stateNode: root } });
    document.body.append(container);
  }

  afterEach(() => {
    document.body.replaceChildren();
    jest.restoreAllMocks();
  });

  test('no React root on the page: nothing to tell', () => {
    document.body.append(document.createElement('div'));
    expect(reactRootState()).toBeNull();
  });

  test('a task that will not run (it ran, or was cancelled) while the root counts on it is told', () => {
    jest.spyOn(performance, 'now').mockReturnValue(10_000);
    mountFakeRoot({
      pendingLanes: 1024,
      suspendedLanes: 0,
      callbackPriority: 1024,
      timeoutHandle: -1,
      callbackNode: { callback: null, priorityLevel: 3, startTime: 8_000, expirationTime: 13_000 },
    });
    expect(reactRootState()).toEqual(
      expect.objectContaining({
        pendingLanes: 1024,
        callbackNode: 'object',
        callbackPriority: 1024,
        task: { callback: null, priorityLevel: 3, sinceScheduledMs: 2_000, overdueMs: -3_000 },
      }),
    );
  });

  test('a live task long past its expiry: the scheduler stopped running tasks', () => {
    jest.spyOn(performance, 'now').mockReturnValue(60_000);
    mountFakeRoot({
      pendingLanes: 1024,
      callbackNode: {
        callback: () => null,
        priorityLevel: 3,
        startTime: 1_000,
        expirationTime: 6_000,
      },
    });
    expect(reactRootState()).toEqual(
      expect.objectContaining({
        task: {
          callback: 'function',
          priorityLevel: 3,
          sinceScheduledMs: 59_000,
          overdueMs: 54_000,
        },
      }),
    );
  });

  test("given the watch's map: how long the task has held the callback it holds now", () => {
    const now = jest.spyOn(performance, 'now').mockReturnValue(1_000);
    const task = {
      callback: (): null => null,
      priorityLevel: 3,
      startTime: 900,
      expirationTime: 5_900,
    };
    mountFakeRoot({ pendingLanes: 512, callbackNode: task });
    const callbacksSeen = new WeakMap<object, number>();
    const heldMs = () =>
      (reactRootState(callbacksSeen)?.task as { callbackHeldMs?: number }).callbackHeldMs;
    expect(heldMs()).toBe(0); // first seen
    now.mockReturnValue(1_250);
    expect(heldMs()).toBe(250);
    task.callback = () => null; // a new slice's continuation
    expect(heldMs()).toBe(0);
    now.mockReturnValue(1_400);
    expect(heldMs()).toBe(150);
    expect(reactRootState()?.task).not.toHaveProperty('callbackHeldMs'); // no map: not told
  });

  test('no task scheduled: no task reported', () => {
    mountFakeRoot({ pendingLanes: 0, callbackNode: null });
    const state = reactRootState();
    expect(state).toEqual(expect.objectContaining({ pendingLanes: 0, callbackNode: null }));
    expect(state).not.toHaveProperty('task');
  });
});
