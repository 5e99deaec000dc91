/**
 * @jest-environment node
 */
import { getData } from '@shop/shared';
import { withDatabaseFetch } from './databaseScope';

const answering = (value: string) =>
  jest.fn(async () => {
    // Both renders are under way before either answers.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Response(JSON.stringify(value), { status: 200 });
  });

describe('the database fetch of each render', () => {
  it('is the one its page handler passed, for renders under way at the same time', async () => {
    const first = answering('first');
    const second = answering('second');
    const [a, b] = await Promise.all([
      withDatabaseFetch(first, () => getData('catalog/p1')),
      withDatabaseFetch(second, () => getData('catalog/p1')),
    ]);
    expect(a).toEqual({ status: 200, response: 'first' });
    expect(b).toEqual({ status: 200, response: 'second' });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
