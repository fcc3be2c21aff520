// Test kinds, chosen by file name (one kind per file; test/architecture/test-kinds.spec.ts checks it):
//   *.spec.ts           unit and in-process integration (no server, no browser)
//   *.e2e.spec.ts       an HTTP / graphql-ws server in the test's process
//   *.browser.spec.ts   pages driven in Chromium (playwright-core)
//   *.fuzz.spec.ts, *.property.spec.ts   seeded fuzz and property runs, bounded in cases
//   *.cli.spec.ts       the built CLI (dist/) in a process of its own
// `npx jest --selectProjects unit e2e` runs some kinds; `npm run test:runtime` the specs whose
// outcome depends on the Node runtime (jest.runtime.config.js).
// Type checking runs once in `npm run typecheck`; jest only transpiles (tsconfig's isolatedModules).
const { availableParallelism } = require('node:os');

const KIND_SUFFIXES = ['e2e', 'browser', 'fuzz', 'property', 'cli'];

/** @param {string} displayName @param {string[]} testMatch @param {string[]} ignore */
const kind = (displayName, testMatch, ignore = []) => ({
  displayName,
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch,
  testPathIgnorePatterns: ['/node_modules/', ...ignore],
  transform: { '^.+\\.ts$': '<rootDir>/test/support/jest-transform.js' },
  moduleFileExtensions: ['ts', 'js', 'json'],
});

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60000,
  // A worker per core, and one more: the specs are independent (each starts its own server on its
  // own port and its own temporary store) and all but the browser specs keep a core busy; a browser
  // spec mostly waits on Chromium, so the order below runs them on the extra worker's share beside
  // the busy ones. (Jest's default, a core less, left half of a 2-core machine idle.)
  maxWorkers: availableParallelism() + 1,
  // Browser specs beside busy specs, longest first in each: see the file.
  testSequencer: '<rootDir>/test/support/waiting-beside-busy.js',
  projects: [
    kind('unit', ['**/*.spec.ts'], [`\\.(${KIND_SUFFIXES.join('|')})\\.spec\\.ts$`]),
    kind('e2e', ['**/*.e2e.spec.ts']),
    kind('browser', ['**/*.browser.spec.ts']),
    kind('fuzz', ['**/*.fuzz.spec.ts', '**/*.property.spec.ts']),
    kind('cli', ['**/*.cli.spec.ts']),
  ],
};
// For jest.runtime.config.js (not enumerable: jest validates the config's own keys).
Object.defineProperty(module.exports, 'kind', { value: kind, enumerable: false });
