import { STACK_STARTED_BY_RUNNER, stopStack } from './stackState';

export default async function globalTeardown(): Promise<void> {
  if (!STACK_STARTED_BY_RUNNER) await stopStack();
}
