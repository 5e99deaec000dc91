// Waiting, a bounded while, for what settles on its own time (the page, the database, the
// emulators, a provider's notification): the read is repeated until its check passes; past the
// deadline the last failure is the test's.

/** Re-reads until `check` passes; answers the value that passed. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => void,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await read();
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
