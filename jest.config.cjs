// One jest run over every package; each package is a project so environments differ per package.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const frontend = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: '<rootDir>/../jest/jsdom-environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/../jest/setup-dom.ts', '<rootDir>/../jest/routeLists.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/../jest/style-stub.cjs',
    '\\.(svg|png|jpg|webp)$': '<rootDir>/../jest/file-stub.cjs',
    '^@shop/shared$': '<rootDir>/../shared/src/index.ts',
    '^@shop/shared/(.*)$': '<rootDir>/../shared/src/$1',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});

module.exports = {
  // Every core: jest's default leaves one free (one worker on a 2-core machine), and the unit
  // tests took 126 s that way against 80 s on two.
  maxWorkers: '100%',
  reporters: ['default', '<rootDir>/jest/summary-reporter.cjs'],
  projects: [
    frontend('shared'),
    // The shell, then the remotes: their folders from the one list of the apps.
    ...Object.values(require('./tooling/apps.json').apps).map(({ dir }) => frontend(dir)),
    {
      // The catalog's query service (decision 3601): Node, over real HTTP with the database.
      displayName: 'catalog-service',
      rootDir: '<rootDir>/catalog-mfe/service',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper: {
        '^@shop/shared$': '<rootDir>/../../shared/src/index.ts',
        '^@shop/shared/(.*)$': '<rootDir>/../../shared/src/$1',
      },
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      displayName: 'database',
      rootDir: '<rootDir>/database',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
    },
    {
      // The local test card provider (decision 5301): Node, over real HTTP.
      displayName: 'payment-provider',
      rootDir: '<rootDir>/payment-provider',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      displayName: 'functions',
      rootDir: '<rootDir>/functions',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper: { '^@shop/shared/(.*)$': '<rootDir>/../shared/src/$1' },
      testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
    },
    {
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
  ],
};
