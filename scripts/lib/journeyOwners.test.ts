/**
 * @jest-environment node
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_NAMES } from './apps';
import { journeysOf, ownershipProblems, whyAlone } from './journeyOwners';
import { planJourneys } from './journeyRun';

test("every journey of e2e/tests has an owner among the apps, and every team's pipeline has journeys", () => {
  expect(ownershipProblems()).toEqual([]);
  for (const app of APP_NAMES) expect([app, journeysOf(app).length > 0]).toEqual([app, true]);
});

function journeys(files: string[], owners: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'journeys-'));
  for (const file of files) writeFileSync(join(dir, file), '');
  writeFileSync(join(dir, 'owners.json'), JSON.stringify(owners));
  return dir;
}

test('a journey nobody owns, an unknown owner and a stale entry are each named', () => {
  const dir = journeys(['a.e2e.ts', 'b.e2e.ts', 'c.e2e.ts'], {
    'a.e2e.ts': ['catalog'],
    'b.e2e.ts': ['marketing'],
    'gone.e2e.ts': ['cart'],
  });
  expect(ownershipProblems(dir)).toEqual([
    'b.e2e.ts: owner "marketing" is no app of tooling/apps.json',
    'c.e2e.ts has no owner: add it to e2e/tests/owners.json',
    'owners.json names gone.e2e.ts, not there',
  ]);
  expect(() => journeysOf('catalog', dir)).toThrow('c.e2e.ts has no owner');
});

test("a team's journeys are the ones that name it", () => {
  const dir = journeys(['a.e2e.ts', 'b.e2e.ts'], {
    'b.e2e.ts': ['cart', 'shell'],
    'a.e2e.ts': ['cart'],
  });
  expect(journeysOf('cart', dir)).toEqual(['a.e2e.ts', 'b.e2e.ts']);
  expect(journeysOf('shell', dir)).toEqual(['b.e2e.ts']);
  expect(journeysOf('checkout', dir)).toEqual([]);
});

describe('which journeys run alone (they change the stack every journey uses)', () => {
  it('reads it from what the journey does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'journeys-'));
    const sources: Record<string, string> = {
      'reads.e2e.ts': "const stored = await adminGet('users/x');\nawait page.goto('/');",
      'stops.e2e.ts': "await withServiceDown('cart', async () => undefined);",
      'cuts-off.e2e.ts': "await cutOffService('auth');",
      'publishes.e2e.ts': "const release = await releaseFolder('catalog', dir);",
      'writes.e2e.ts': "await adminPut('catalog/products/p1/stock', 0);",
    };
    for (const [file, source] of Object.entries(sources)) writeFileSync(join(dir, file), source);
    expect(planJourneys(undefined, dir)).toEqual({
      sideBySide: ['reads.e2e.ts'],
      alone: [
        { file: 'cuts-off.e2e.ts', why: ['stops, starts or cuts off a service'] },
        {
          file: 'publishes.e2e.ts',
          why: ["publishes or switches a release, or changes the shell's remote list"],
        },
        { file: 'stops.e2e.ts', why: ['stops, starts or cuts off a service'] },
        { file: 'writes.e2e.ts', why: ['writes data other journeys read'] },
      ],
    });
    expect(planJourneys(['reads.e2e.ts', 'stops.e2e.ts'], dir).alone).toHaveLength(1);
  });

  it('on the real journeys: the checkout outages stop services, the search does not', () => {
    expect(whyAlone('checkout-outages.e2e.ts')).toContain('stops, starts or cuts off a service');
    expect(whyAlone('checkout.e2e.ts')).toEqual([]);
    expect(whyAlone('search.e2e.ts')).toEqual([]);
  });
});
