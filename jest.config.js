/** Jest: unit tests sit next to the code (*.test.ts); integration tests under test/ share one real
 * PostgreSQL (embedded unless DATABASE_URL is set) started by test/setup/global-setup.mjs, each
 * worker on its own copy of the migrated database (test/setup/worker-database.cjs). */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { diagnostics: false }],
    // ESM-only packages the code requires (Node 20.19+ loads them natively; Jest's registry does
    // not): compiled to CommonJS for tests only.
    '/node_modules/(any-ascii|mrz|openid-client|oauth4webapi|jose)/.+\\.js$': [
      'ts-jest',
      { diagnostics: false, tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(any-ascii|mrz|openid-client|oauth4webapi|jose)/)'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.vigil/'],
  // Two workers (CI machines have two cores); a worker whose heap passes the limit after a file is
  // replaced, so platforms and screening indexes that test files leave behind cannot add up to an
  // out-of-memory abort over the whole run.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1536MB',
  // Longest files first, from committed durations when this machine has none (a fresh CI clone).
  testSequencer: '<rootDir>/test/setup/test-sequencer.js',
  setupFiles: ['<rootDir>/test/setup/worker-database.cjs'],
  globalSetup: '<rootDir>/test/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.mjs',
  // Generous: a whole platform starts in a hook, and CI machines are shared.
  testTimeout: 120000,
  // Some handle (a pg-boss or pool timer of a platform a test file started) can outlive the run;
  // end the process after the global teardown rather than hang CI. pg-boss 10's detached offWork
  // loop, which failed test files after teardown ("Cannot destructure property 'setTimeout'"), is
  // replaced (platform/jobs/job-queue.ts, awaitStoppedWorkers); a handler that outlives stop()'s
  // 30 s wait still runs on. test/idv, test/platform, test/spec and most of test/screening,
  // test/risk, test/reliability exit without forceExit.
  forceExit: true,
  reporters: ['default', '<rootDir>/test/setup/summary-reporter.js'],
};
