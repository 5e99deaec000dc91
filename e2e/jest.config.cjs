// e2e journeys: real Chromium (Debian's) driven by playwright-core against the assembled shell,
// with the real database server and Auth emulator. Run by `npm run test:e2e` (scripts/e2e.ts).
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  globalSetup: '<rootDir>/support/globalSetup.ts',
  globalTeardown: '<rootDir>/support/globalTeardown.ts',
  testTimeout: 120000,
  maxWorkers: 1,
  reporters: ['default', '<rootDir>/../jest/summary-reporter.cjs'],
};
