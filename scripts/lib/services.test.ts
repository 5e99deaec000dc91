// The stack's services as they are run: the Functions emulator behind its front end (decision
// 5401), the local test card provider beside it (5301), every service on ports of its own, and
// every TypeScript service as one process that gets its own stop signal.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKEND, ROOT } from './apps';
import { ALL_SERVICES, portsOf, serviceSpec } from './services';

const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  emulators: { functions: { port: number }; auth: { port: number } };
};

// (The services' specs make their data folders: Auth's, the card provider's.)
const dataDir = mkdtempSync(join(tmpdir(), 'shop-services-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the Functions emulator of the local stack', () => {
  const spec = serviceSpec('auth', { dataDir });

  it('runs behind the front end: the public port is the front end’s, the emulator’s its own', () => {
    expect(firebaseJson.emulators.functions.port).toBe(BACKEND.functionsEmulatorOwnPort);
    expect(BACKEND.functionsEmulatorOwnPort).not.toBe(BACKEND.functionsEmulatorPort);
    const rest = spec.args.slice(spec.args.indexOf('scripts/functions-emulator.ts') + 1);
    expect(rest.slice(0, 9)).toEqual([
      '--port',
      String(BACKEND.functionsEmulatorPort),
      '--emulator-port',
      String(BACKEND.functionsEmulatorOwnPort),
      '--auth-port',
      String(BACKEND.authEmulatorPort),
      '--auth-emulator-port',
      String(BACKEND.authEmulatorOwnPort),
      '--',
    ]);
    expect(rest).toContain('emulators:start');
    expect(spec.extraPorts).toEqual(
      expect.arrayContaining([BACKEND.functionsEmulatorPort, BACKEND.functionsEmulatorOwnPort]),
    );
    // The Auth emulator too: its public port is a door that can be cut off (decision 5003).
    expect(firebaseJson.emulators.auth.port).toBe(BACKEND.authEmulatorOwnPort);
    expect(BACKEND.authEmulatorOwnPort).not.toBe(BACKEND.authEmulatorPort);
    expect(spec.port).toBe(BACKEND.authEmulatorPort);
    expect(spec.extraPorts).toContain(BACKEND.authEmulatorOwnPort);
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

describe('the local test card provider of the stack (decision 5301)', () => {
  const spec = serviceSpec('payment-provider', { dataDir });

  it('is started with the stack, on apps.json’s port, notifying the functions’ public port', () => {
    expect(ALL_SERVICES).toContain('payment-provider');
    expect(spec.port).toBe(BACKEND.paymentProviderPort);
    expect(spec.env).toEqual({
      SHOP_PAYMENTS_PORT: String(BACKEND.paymentProviderPort),
      SHOP_PAYMENTS_WEBHOOK_URL:
        `http://127.0.0.1:${BACKEND.functionsEmulatorPort}/${BACKEND.projectId}` +
        '/us-central1/paymentNotification',
      SHOP_PAYMENTS_DATA_FILE: join(dataDir, 'payment-provider', 'payments.json'),
    });
    expect(spec.readyUrls).toEqual([`http://127.0.0.1:${BACKEND.paymentProviderPort}/v1/health`]);
  });

  it('keeps its payments in the stack’s data folder, across restarts (a new folder: none)', () => {
    expect(existsSync(join(dataDir, 'payment-provider'))).toBe(true);
    expect(existsSync(join(dataDir, 'payment-provider', 'payments.json'))).toBe(false);
  });

  it('runs as the stack runs it: answers its health, stops on SIGTERM', async () => {
    // (A free port and no notifications: the stack's own may be running.)
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env, SHOP_PAYMENTS_PORT: '0', SHOP_PAYMENTS_WEBHOOK_URL: '' },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (http:\/\/\S+),/.exec(output)?.[1];
        if (found) resolve(found);
      });
      void exited.then(() => reject(new Error(`exited before listening: ${output}`)));
    });
    const health = await fetch(`${url}/v1/health`);
    expect(await health.json()).toEqual({ ok: true });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

it('gives every service of the stack ports of its own', () => {
  const ports = ALL_SERVICES.flatMap((name) => portsOf(serviceSpec(name, { dataDir })));
  expect(ports.length).toBeGreaterThan(ALL_SERVICES.length);
  expect(new Set(ports).size).toBe(ports.length);
});

describe('a TypeScript service of the stack, stopped with SIGTERM', () => {
  it('runs its own stop handler, even with a busy event loop', async () => {
    // What the Functions emulator's service does on SIGTERM: stop what it runs, then end. Under
    // the tsx command, a child that did not confirm the signal within 30 ms was SIGKILLed first.
    const service = join(dataDir, 'busy-service.ts');
    writeFileSync(
      service,
      [
        "process.on('SIGTERM', () => { console.log('stopping cleanly'); process.exit(0); });",
        // Busy for 1.5 s once ready, as a process starved of CPU at the suite's end is.
        'setTimeout(() => { const until = Date.now() + 1500; while (Date.now() < until); }, 0);',
        'setInterval(() => undefined, 1000);',
        "console.log('ready');",
      ].join('\n'),
    );
    const { command, args, cwd } = serviceSpec('database', { dataDir });
    const runner = args.slice(0, args.indexOf('database/src/server.ts'));
    const child = spawn(command, [...runner, service], { cwd });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // (While it is busy.)
      if (output.includes('ready') && !child.killed) setTimeout(() => child.kill('SIGTERM'), 300);
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(output).toContain('stopping cleanly');
    expect(code).toBe(0);
  });
});
