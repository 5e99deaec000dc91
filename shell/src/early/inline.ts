// The inline script of the shell's page (tooling/inlineEarlyScript.cjs builds and inlines it).
import { holdEarlyInput } from './earlyInput';
import { watchEarlyInteraction } from './earlyInteraction';
import { startEarly } from './earlyStart';
import {
  afterFirstContentfulPaint,
  deferredScripts,
  isServerRendered,
  loadScripts,
} from './serverRendered';

// First: the input holder stops the clicks it holds from reaching later listeners.
watchEarlyInteraction(window);
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
