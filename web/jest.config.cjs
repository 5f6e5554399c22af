/** Web unit tests: jsdom + Testing Library, compiled by ts-jest. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src', '<rootDir>/tools'],
  testMatch: ['**/*.test.ts?(x)'],
  // Jest's 5 s is close to what a user-event test takes on a busy 2-CPU machine (a password form's test took 5.1 s
  // while browser tests ran beside it). A test that waits on something that never comes still fails, 10 s later.
  testTimeout: 15_000,
  // Jest's default is one worker fewer than the CPUs: on a 2-CPU machine, one. Two take about 40 % less time there.
  maxWorkers: 2,
  setupFiles: ['<rootDir>/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: { warnOnly: false } }],
  },
  moduleNameMapper: {
    '\\.(css|svg|png|jpg)$': '<rootDir>/src/test/file-stub.cjs',
    // The app imports validator.js's ES modules (one function each, for the bundle); Jest runs its CommonJS twins.
    '^validator/es/(.*)$': 'validator/$1',
  },
};
