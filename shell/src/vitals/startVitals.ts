// The field-data reporter (decision 4203), a lazy chunk of the shell: the bootstrap imports it with
// the session (once the first page has loaded, and for a new visitor on their first interaction),
// so no page's first load carries it. A sampled page view reports its LCP, INP, CLS and TTFB
// (web-vitals, a second chunk only sampled views load) and its uncaught errors, each tagged with
// the route pattern, the owning app and that app's build label, in beacons to the `vitals`
// function. The browser keeps the performance entries of what came before, so metrics observed
// now still cover the page's load.
import { getFunctionsUrl, pathOutOfMarket } from '@shop/shared';
import { fieldAppOf, type FieldApp, type FieldMetric } from '@shop/shared/vitals/fieldData';
import { getRegistry, manifestBuildLabel } from '../remotes/registry';
import { RemoteUnavailableError } from '../remotes/loadRemoteModule';
import { onRegionErrors } from './regionErrors';
import {
  buildLabelOf,
  createFieldReporter,
  errorMessage,
  isSampled,
  pageOwner,
  sampleRate,
  type PageOwner,
} from './fieldReport';

/** How long an error waits for others before its beacon goes (the page may stay open for long). */
const ERROR_FLUSH_MS = 2000;

/**
 * Each remote's build label, from its manifest (metaData.buildLabel, written by its build) as the
 * registry read it: the page asks for each manifest once.
 */
function remoteBuildLabels(remotes: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries(remotes).map(([name, url]) => [name, buildLabelOf(manifestBuildLabel(url))]),
  );
}

/** The address the page was loaded at: its metrics belong to that route, not to a later one. */
function landingPathname(): string {
  const [navigation] = performance.getEntriesByType('navigation');
  try {
    return navigation ? new URL(navigation.name).pathname : window.location.pathname;
  } catch {
    return window.location.pathname;
  }
}

/** The app whose script threw, by the script's origin (a remote's code on another's page). */
function scriptApp(filename: string, remotes: Record<string, string>): FieldApp | undefined {
  try {
    const origin = new URL(filename).origin;
    const found = Object.entries(remotes).find(([, url]) => new URL(url).origin === origin);
    return found && fieldAppOf(found[0]);
  } catch {
    return undefined;
  }
}

async function startVitals(): Promise<void> {
  if (!isSampled(sampleRate(process.env.SHOP_VITALS_SAMPLE_RATE))) return;
  const remotes = getRegistry()?.remotes ?? {};
  const labels = remoteBuildLabels(remotes);
  const shellBuild = buildLabelOf(process.env.SHOP_BUILD_LABEL);
  const endpoint = `${getFunctionsUrl()}/vitals`;
  const reporter = createFieldReporter({
    send: (body) => navigator.sendBeacon(endpoint, body),
    buildOf: (app) => (app === 'shell' ? shellBuild : (labels.get(app) ?? buildLabelOf(''))),
    soon: (flush) => setTimeout(flush, ERROR_FLUSH_MS),
  });
  // The route lists as they are now: a remote's pages recovered after the start count too.
  const lists = () => getRegistry()?.routeLists ?? {};
  const here = (): PageOwner => pageOwner(lists(), pathOutOfMarket(window.location.pathname));

  window.addEventListener('error', (event) => {
    const owner = here();
    const app = event.filename ? scriptApp(event.filename, remotes) : undefined;
    reporter.error(errorMessage(event.error, event.message || 'Error'), {
      ...owner,
      ...(app ? { app } : {}),
    });
  });
  // What the shell caught in a remote's region: that remote's, whatever page it is on.
  onRegionErrors((remote, error) => {
    const cause = error instanceof RemoteUnavailableError ? error.cause : error;
    const prefix = error instanceof RemoteUnavailableError ? 'Not loaded: ' : '';
    const app = fieldAppOf(remote);
    reporter.error(`${prefix}${errorMessage(cause)}`, { ...here(), ...(app ? { app } : {}) });
  });
  window.addEventListener('unhandledrejection', (event) => {
    reporter.error(`Unhandled rejection: ${errorMessage(event.reason)}`, here());
  });
  // The last moment a page is sure to have: hidden (another tab, the app switcher, leaving).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
  window.addEventListener('pagehide', reporter.flush);

  // Pages are owned as the route lists name them: without the market's prefix (decision 5101).
  const landing = pageOwner(lists(), pathOutOfMarket(landingPathname()));
  const { onCLS, onINP, onLCP, onTTFB } = await import(
    /* webpackChunkName: "web-vitals" */ 'web-vitals'
  );
  // Every change, the latest kept: a page leaving by navigation may never be reported hidden,
  // and the flush on `pagehide` then still sends its CLS and INP so far.
  const report = (metric: { name: FieldMetric; value: number }) =>
    reporter.metric(metric.name, metric.value, landing);
  const options = { reportAllChanges: true };
  onCLS(report, options);
  onINP(report, options);
  onLCP(report, options);
  onTTFB(report, options);
}

// Started by being imported (the bootstrap's one line, decision 4203): what a first page carries
// for it is that import alone.
void startVitals();
