// The inline script of the shell's page (tooling/inlineEarlyScript.cjs builds and inlines it).
import { holdEarlyInput } from './earlyInput';
import { startEarly } from './earlyStart';
import {
  afterFirstContentfulPaint,
  deferredScripts,
  isServerRendered,
  loadScripts,
} from './serverRendered';

holdEarlyInput(window);
if (isServerRendered()) {
  // The page is there: its code (not its data or styles, the page has them) once it is painted.
  afterFirstContentfulPaint(() => {
    startEarly(undefined, { serverRendered: true });
    loadScripts(deferredScripts());
  });
} else {
  startEarly();
}
