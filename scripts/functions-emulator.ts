// The Firebase emulators of the local stack with the functions' front end (decision 5401):
//   tsx scripts/functions-emulator.ts --port 5001 --emulator-port 5011 -- <firebase command…>
// serves the functions' public port, runs the command (the Firebase CLI, whose Functions emulator
// listens on the other port) with a fresh SHOP_FRONT_END_SECRET, passes its signals on and ends
// with it, so the service starts, stops and fails as one.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startFunctionsFrontEnd } from './lib/functionsFrontEnd';

function parse(argv: string[]): { port: number; emulatorPort: number; command: string[] } {
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
  return { port: option('--port'), emulatorPort: option('--emulator-port'), command };
}

async function main(): Promise<void> {
  const { port, emulatorPort, command } = parse(process.argv.slice(2));
  const secret = randomBytes(24).toString('hex');
  const frontEnd = await startFunctionsFrontEnd({
    host: '127.0.0.1',
    port,
    upstream: { host: '127.0.0.1', port: emulatorPort },
    secret,
  });
  const [bin = '', ...args] = command;
  const child = spawn(bin, args, {
    env: { ...process.env, SHOP_FRONT_END_SECRET: secret },
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  // However this process ends, the Firebase CLI does not outlive it (it would hold the ports).
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  child.on('exit', (code, signal) => {
    void frontEnd.close().then(() => process.exit(code ?? (signal ? 1 : 0)));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
