// The answer type of the database helpers' fetch, alone (types only): the shell server's kept
// reads and the tests that import them need it without the rest of the package.
/**
 * What the shop reads of an answer from the database or one of our services: a fetch Response
 * has it, and so has the shell server's kept public read, which costs no stream.
 */
export interface DataAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** A fetch as the database helpers use it. */
export type DataFetch = (input: string, init?: RequestInit) => Promise<DataAnswer>;
