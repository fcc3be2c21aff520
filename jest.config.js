// Type checking runs once in `npm run typecheck`; jest only transpiles, which keeps the suite fast.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60000,
};
