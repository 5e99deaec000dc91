// `tsx scripts/assemble-shell-function.ts`: shell/function/lib/ from the shell's builds (the
// predeploy step of the `shell` functions codebase in firebase.json; `npm start` runs it too).
import { assembleShellFunction } from './lib/shellFunction';

assembleShellFunction().then(
  (lib) => console.log(`shell function assembled in ${lib}`),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
