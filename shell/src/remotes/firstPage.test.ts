describe('firstPageLoaded', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A fresh copy of the module (its promise is per page) and whether it has settled. */
  function freshModule() {
    let module!: typeof import('./firstPage');
    jest.isolateModules(() => {
      module = jest.requireActual<typeof import('./firstPage')>('./firstPage');
    });
    const state = { loaded: false };
    void module.firstPageLoaded.then(() => {
      state.loaded = true;
    });
    return { module, state };
  }
  const flush = () => jest.advanceTimersByTimeAsync(0);

  it('settles once the page has committed and the following frame is drawn, not before', async () => {
    const { module, state } = freshModule();
    await jest.advanceTimersByTimeAsync(1000);
    expect(state.loaded).toBe(false);
    module.firstPageCommitted();
    await flush();
    expect(state.loaded).toBe(false); // waits for the next animation frame
    await jest.advanceTimersByTimeAsync(20); // a frame, then the task after it
    expect(state.loaded).toBe(true);
  });

  it('settles after 4 s at the most, so the session never waits for a page that never paints', async () => {
    const { state } = freshModule();
    await jest.advanceTimersByTimeAsync(3999);
    expect(state.loaded).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state.loaded).toBe(true);
  });
});
