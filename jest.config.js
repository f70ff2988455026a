/** Jest: unit tests sit next to the code (*.test.ts); integration tests under test/ share one real
 * PostgreSQL (embedded unless DATABASE_URL is set) started by test/setup/global-setup.mjs. */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { diagnostics: false }],
    // ESM-only packages the engine imports (Jest here runs CommonJS): compiled like our own files
    '/node_modules/any-ascii/.+\\.js$': ['ts-jest', { diagnostics: false, tsconfig: { allowJs: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!any-ascii/)'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.vigil/'],
  globalSetup: '<rootDir>/test/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.mjs',
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/setup/summary-reporter.js'],
};
