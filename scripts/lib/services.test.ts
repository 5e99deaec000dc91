// The Functions emulator's service as the stack runs it (decision 5401): behind its front end.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKEND, ROOT } from './apps';
import { serviceSpec } from './services';

const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  emulators: { functions: { port: number } };
};

// (The service's spec makes its Auth data folder.)
const dataDir = mkdtempSync(join(tmpdir(), 'shop-services-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the Functions emulator of the local stack', () => {
  const spec = serviceSpec('auth', { dataDir });

  it('runs behind the front end: the public port is the front end’s, the emulator’s its own', () => {
    expect(firebaseJson.emulators.functions.port).toBe(BACKEND.functionsEmulatorOwnPort);
    expect(BACKEND.functionsEmulatorOwnPort).not.toBe(BACKEND.functionsEmulatorPort);
    const [, script, ...rest] = spec.args;
    expect(script).toBe('scripts/functions-emulator.ts');
    expect(rest.slice(0, 5)).toEqual([
      '--port',
      String(BACKEND.functionsEmulatorPort),
      '--emulator-port',
      String(BACKEND.functionsEmulatorOwnPort),
      '--',
    ]);
    expect(rest).toContain('emulators:start');
    expect(spec.extraPorts).toEqual(
      expect.arrayContaining([BACKEND.functionsEmulatorPort, BACKEND.functionsEmulatorOwnPort]),
    );
  });

  it('keeps the functions’ own limits unless the stack raises one by name', () => {
    expect(spec.env).not.toHaveProperty('SHOP_ORDERS_PER_ADDRESS');
    expect(spec.env).not.toHaveProperty('SHOP_TRUSTED_PROXIES');
    const e2e = serviceSpec('auth', {
      dataDir,
      ordersPerAddress: 200,
    });
    expect(e2e.env.SHOP_ORDERS_PER_ADDRESS).toBe('200');
  });
});
