// The Firebase emulators of the local stack behind their public ports (decisions 5401, 5003):
//   tsx scripts/functions-emulator.ts --port 5001 --emulator-port 5011 \
//     [--auth-port 9099 --auth-emulator-port 9199] -- <firebase command…>
// serves the functions' public port through the functions' front end and (when asked) the Auth
// emulator's public port through a plain forwarder, runs the command (the Firebase CLI, whose emulators
// listen on the other ports) with a fresh SHOP_FRONT_END_SECRET, passes its stop signals on and
// ends with it, so the service starts, stops and fails as one. SIGUSR2 cuts both public ports off
// (closed, open connections dropped: to the shop the service is down) and, sent again, opens them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { forwarder, openDoor } from './lib/frontDoors';
import { startFunctionsFrontEnd } from './lib/functionsFrontEnd';

interface Ports {
  port: number;
  emulatorPort: number;
  /** The Auth emulator's public port and its own, when it runs behind a door too. */
  auth?: { port: number; emulatorPort: number };
}

function parse(argv: string[]): Ports & { command: string[] } {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const option = (name: string) => {
    const value = Number(own[own.indexOf(name) + 1]);
    if (!own.includes(name) || !Number.isInteger(value) || value <= 0) {
      throw new Error(`${name} <port> is required`);
    }
    return value;
  };
  if (command.length === 0) throw new Error('the command to run follows --');
  const withAuth = own.includes('--auth-port') || own.includes('--auth-emulator-port');
  return {
    port: option('--port'),
    emulatorPort: option('--emulator-port'),
    ...(withAuth
      ? { auth: { port: option('--auth-port'), emulatorPort: option('--auth-emulator-port') } }
      : {}),
    command,
  };
}

async function main(): Promise<void> {
  const { port, emulatorPort, auth, command } = parse(process.argv.slice(2));
  const host = '127.0.0.1';
  const secret = randomBytes(24).toString('hex');
  const doors = [
    await startFunctionsFrontEnd({ host, port, upstream: { host, port: emulatorPort }, secret }),
    ...(auth
      ? [await openDoor(forwarder({ host, port: auth.emulatorPort }), host, auth.port)]
      : []),
  ];
  const [bin = '', ...args] = command;
  const child = spawn(bin, args, {
    env: { ...process.env, SHOP_FRONT_END_SECRET: secret },
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  let cutOff = false;
  process.on('SIGUSR2', () => {
    cutOff = !cutOff;
    void Promise.all(doors.map((door) => (cutOff ? door.cutOff() : door.reconnect()))).then(
      () => console.log(`[front doors] ${cutOff ? 'cut off' : 'open again'}`),
      (error: unknown) => console.error('[front doors]', error),
    );
  });
  // However this process ends, the Firebase CLI does not outlive it (it would hold the ports).
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  child.on('exit', (code, signal) => {
    void Promise.all(doors.map((door) => door.close())).then(() =>
      process.exit(code ?? (signal ? 1 : 0)),
    );
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
