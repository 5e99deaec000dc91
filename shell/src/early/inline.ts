// The inline script of the shell's page (tooling/inlineEarlyScript.cjs builds and inlines it).
import { startEarly } from './earlyStart';

startEarly();
