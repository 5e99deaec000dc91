import { ALL_SERVICES } from '../../scripts/lib/services';
import { hasState, stopService } from './stackState';

export default async function globalTeardown(): Promise<void> {
  if (!hasState()) return;
  await Promise.all(ALL_SERVICES.map((name) => stopService(name)));
}
