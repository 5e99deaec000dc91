// The Hosting part of firebase.json, generated from the one list of the apps (tooling/apps.json):
// one site per app (decision 1303), every remote's site alike, the shell's with its own page
// policy and the rewrite to its server. `npm run hosting:generate` writes it; hostingConfig.test.ts
// fails when the checked-in file differs from what this makes.
import { APP_NAMES, type AppName, appDirName } from './apps';
import type { HostingHeaderRule, HostingSite } from './hosting';

/** The folder of a remote's site, beside its build: its kept releases (scripts/lib/releases.ts). */
export const RELEASE_SITE = 'site';

const header = (key: string, value: string) => ({ key, value });

/** No framing, no base or object tricks, forms to the site only: on every file of every site. */
const FILE_POLICY = header(
  'Content-Security-Policy',
  "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
);
const SECURITY_HEADERS = [
  header('X-Content-Type-Options', 'nosniff'),
  header('Referrer-Policy', 'strict-origin-when-cross-origin'),
];
const FRAME_AND_PERMISSIONS = [
  header('X-Frame-Options', 'DENY'),
  header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'),
];
/** Files that name other files: revalidated (a new build changes what they name). */
const NAMING_FILES =
  '.*\\.html|.*/remotes\\.json|.*/mf-manifest\\.json|.*/mf-stats\\.json|.*/remoteEntry\\.js|.*/main\\.js|.*/federation-runtime\\.js';

function headerRules(shell: boolean): HostingHeaderRule[] {
  return [
    {
      // The shell's pages keep the shell server's own nonce policy (decision 1304): a site
      // policy there would replace it, so the shell's goes on its files only (the next rule).
      regex: '.*',
      headers: shell
        ? [...SECURITY_HEADERS, ...FRAME_AND_PERMISSIONS]
        : [...SECURITY_HEADERS, FILE_POLICY, ...FRAME_AND_PERMISSIONS],
    },
    {
      regex: '^(.*/)?[^/.][^/]*\\.[^/]*$',
      headers: [...(shell ? [FILE_POLICY] : []), header('Access-Control-Allow-Origin', '*')],
    },
    {
      regex: '^(.*/)?[^/]+\\.[0-9a-f]{8,}\\.[A-Za-z0-9.]+$',
      headers: [header('Cache-Control', 'public, max-age=31536000, immutable')],
    },
    {
      // A remote's "/" is its standalone page; the shell's "/" is its server's page.
      regex: shell ? `^(${NAMING_FILES})$` : `^(/|${NAMING_FILES})$`,
      headers: [header('Cache-Control', 'no-cache')],
    },
    {
      regex: '.*\\.(svg|png|jpe?g|webp|ico|woff2)$',
      headers: [header('Cache-Control', 'public, max-age=3600')],
    },
    // A remote's releases (decision 4901): every file of a release is kept as it was published,
    // its manifest and entry too; only the site's pointer and index above are revalidated.
    ...(shell
      ? []
      : [
          { regex: '^/releases\\.json$', headers: [header('Cache-Control', 'no-cache')] },
          {
            regex: '^/releases/[A-Za-z0-9_-]+/.+$',
            headers: [header('Cache-Control', 'public, max-age=31536000, immutable')],
          },
        ]),
  ];
}

/** The Hosting site of one app. */
export function hostingSiteOf(app: AppName): HostingSite {
  const shell = app === 'shell';
  return {
    target: app,
    // A remote's site is its releases and the pointer to the current one (decision 4901).
    public: `${appDirName(app)}/${shell ? 'dist' : RELEASE_SITE}`,
    // The shell's page template is its server's (the function renders every page).
    ignore: ['**/*.map', '**/*.LICENSE.txt', 'mf-stats.json', ...(shell ? ['page.html'] : [])],
    headers: headerRules(shell),
    ...(shell
      ? {
          rewrites: [
            // A regex, not the glob `**`: the glob skips a segment starting with a dot (`/.well`,
            // `/products/.x`), which then got Hosting's own 404 without our page policy
            // (decision 3701).
            { regex: '.*', function: { functionId: 'shellServer', region: 'us-central1' } },
          ],
        }
      : {}),
  };
}

/** firebase.json's `hosting`: one site per app, in the order of tooling/apps.json. */
export function generatedHosting(): HostingSite[] {
  return APP_NAMES.map(hostingSiteOf);
}
