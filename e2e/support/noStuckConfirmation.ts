// Runs after each e2e test (jest setupFilesAfterEnv): a test during which a page reloaded itself
// because an order's confirmation did not show (issue 16) fails, even though the reload then
// showed the confirmation and the journey went on.
import { stuckConfirmations } from './browser';

afterEach(() => {
  const seen = stuckConfirmations.splice(0);
  if (seen.length > 0) {
    throw new Error(`An order confirmation did not show (issue 16):\n${seen.join('\n')}`);
  }
});
