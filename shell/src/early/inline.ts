// The inline script of the shell's page (tooling/inlineEarlyScript.cjs builds and inlines it).
import { holdEarlyInput } from './earlyInput';
import { startEarly } from './earlyStart';

holdEarlyInput(window);
startEarly();
