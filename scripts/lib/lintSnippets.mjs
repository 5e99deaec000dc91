// Lints code snippets with ESLint's Node API and prints what each one reported, as JSON.
// Used by eslintBoundaries.test.ts: jest's module sandbox cannot import the flat config (an ES
// module) without --experimental-vm-modules, so the test runs this file in a plain Node process.
// stdin: {cwd?, configFile?, snippets: [{code, filePath}]} → stdout: [[{ruleId, message, line}]]
import { ESLint } from 'eslint';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { cwd, configFile, snippets } = JSON.parse(input);

const eslint = new ESLint({
  ...(cwd ? { cwd } : {}),
  ...(configFile ? { overrideConfigFile: configFile } : {}),
});
const reports = [];
for (const { code, filePath } of snippets) {
  const [result] = await eslint.lintText(code, { filePath, warnIgnored: true });
  reports.push(
    (result?.messages ?? []).map(({ ruleId, message, line }) => ({ ruleId, message, line })),
  );
}
process.stdout.write(JSON.stringify(reports));
