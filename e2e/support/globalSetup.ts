// jest's start of an e2e run: the stack, unless the journey runner started it for several jest
// runs (scripts/lib/journeyRun.ts).
import { STACK_STARTED_BY_RUNNER, startStack } from './stackState';

export default async function globalSetup(): Promise<void> {
  if (!STACK_STARTED_BY_RUNNER) await startStack();
}
