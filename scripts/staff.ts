// `npm run staff -- add <email> --role <role> [--role <role>]` / `npm run staff -- remove <email>`:
// who may run the shop (decision 5201). The account must exist (signed up in the shop). Locally it
// talks to the running stack's Auth emulator and database (`npm start`); for a deployed project,
// pass `--auth https://identitytoolkit.googleapis.com --database <url> --project <id>` (the
// identity service's root, without the API path) and an access token of an account allowed to
// manage users and write the database in SHOP_ADMIN_TOKEN (e.g. `gcloud auth print-access-token`).
import { parseArgs } from 'node:util';
import { BACKEND, LOCAL_URLS } from './lib/apps';
import { type StaffServices, addStaff, parseRoles, removeStaff } from './lib/staff';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: 'string', multiple: true, default: [] },
    auth: { type: 'string', default: LOCAL_URLS.authEmulator },
    database: { type: 'string', default: LOCAL_URLS.database },
    project: { type: 'string', default: BACKEND.projectId },
  },
});
const [command, email] = positionals;
const services: StaffServices = {
  authUrl: values.auth,
  databaseUrl: values.database,
  projectId: values.project,
  adminToken: process.env.SHOP_ADMIN_TOKEN ?? 'owner',
};

async function main(): Promise<void> {
  if (!email || (command !== 'add' && command !== 'remove')) {
    throw new Error('Use: npm run staff -- add <email> --role <role> | remove <email>');
  }
  if (command === 'add') {
    const roles = parseRoles(values.role);
    const uid = await addStaff(services, email, roles);
    console.log(`${email} (${uid}) is staff: ${roles.join(', ')}.`);
  } else {
    const uid = await removeStaff(services, email);
    console.log(`${email} (${uid}) is no longer staff.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
