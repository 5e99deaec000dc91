// The contracts between the apps (decision 5001, shared/CONTRACT.md "Contracts between the apps"):
//   npm run contracts -- write [app…]   rewrites <app dir>/contract.json from the app's code
//   npm run contracts -- check [app]    fails on a stale contract.json or a break, naming who breaks
import { relative } from 'node:path';
import { ROOT } from './lib/apps';
import { runCheck, writeContracts } from './lib/contracts/check';
import { readTreeApps } from './lib/contracts/generate';

function main(argv: string[]): number {
  const [command, ...apps] = argv;
  const tree = readTreeApps(ROOT);
  const unknown = apps.filter((app) => !(app in tree.apps));
  if ((command !== 'write' && command !== 'check') || unknown.length > 0) {
    if (unknown.length > 0)
      console.error(`contracts: no app ${unknown.join(', ')} in tooling/apps.json`);
    console.error('usage: npm run contracts -- write [app…] | check [app…]');
    return 2;
  }
  if (command === 'write') {
    const written = writeContracts(tree, apps);
    console.log(
      written.length > 0
        ? written.map((file) => `contracts: wrote ${relative(ROOT, file)}`).join('\n')
        : 'contracts: every contract.json was already up to date',
    );
    return 0;
  }
  return runCheck(tree, apps);
}

process.exitCode = main(process.argv.slice(2));
