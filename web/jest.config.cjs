/** Web unit tests: jsdom + Testing Library, compiled by ts-jest. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src', '<rootDir>/tools'],
  testMatch: ['**/*.test.ts?(x)'],
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
