// `npm run hosting:generate`: writes the `hosting` part of firebase.json from tooling/apps.json
// (scripts/lib/hostingConfig.ts), formatted as the repository formats JSON. Run it after adding an
// app or changing a site's headers there; scripts/lib/hostingConfig.test.ts checks it was run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ROOT } from './lib/apps';
import { generatedHosting } from './lib/hostingConfig';

async function main(): Promise<void> {
  const file = join(ROOT, 'firebase.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  config.hosting = generatedHosting();
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(
    file,
    await format(JSON.stringify(config, null, 2), { ...options, filepath: file }),
  );
  console.log(`firebase.json: ${generatedHosting().length} hosting sites written`);
}

void main();
