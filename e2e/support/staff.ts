// The shop's staff as the journeys make them: `npm run staff`'s library against the local stack
// (the Auth emulator's custom claims and the staff record, decision 5201).
import { BACKEND, LOCAL_URLS } from '../../scripts/lib/apps';
import type { StaffServices } from '../../scripts/lib/staff';

export const LOCAL_STAFF_SERVICES: StaffServices = {
  authUrl: LOCAL_URLS.authEmulator,
  databaseUrl: LOCAL_URLS.database,
  projectId: BACKEND.projectId,
  adminToken: 'owner',
};
