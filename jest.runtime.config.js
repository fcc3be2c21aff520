// The specs whose outcome depends on the Node runtime, run on the machine's Node as well as on the
// target Node 24 (`npm run test:runtime`; .ci/run): the native SQLite binding and the stores, the
// EventStoreDB client's gRPC stack, the install, the CLI in its own processes (pipes, worker
// threads, zlib and bzip2 inputs, a killed import), and one server start. Everything else is plain
// JavaScript over those and runs once, on Node 24.
const { kind } = require('./jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 60000,
  // Every core, as in jest.config.js (jest's default leaves one idle: on 2 cores the specs ran one at a time).
  maxWorkers: '100%',
  projects: [
    kind('runtime', [
      '<rootDir>/src/event-store/**/*.spec.ts',
      '<rootDir>/test/event-store/*.spec.ts',
      '<rootDir>/test/install/**/*.spec.ts',
      '<rootDir>/src/cli/**/*.spec.ts',
      '<rootDir>/test/cli.spec.ts',
      '<rootDir>/test/**/*.cli.spec.ts',
      '<rootDir>/test/interop/iss-import-crash.spec.ts',
      '<rootDir>/test/interop/export-workers.spec.ts',
      '<rootDir>/test/iss/iss-inputs.spec.ts',
      '<rootDir>/test/server/startup.spec.ts',
    ]),
  ],
};
