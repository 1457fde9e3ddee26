// One jest run, several projects: node-side tests (unit, integration, system, browser) and the web app (jsdom).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }];

const { readdirSync } = require('node:fs');
const path = require('node:path');
const registry = require('./services.registry.json');

// Tests run the workspaces' sources: every folder under packages/, the gateway, and every registry service.
const packageNames = readdirSync(path.join(__dirname, 'packages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const workspaceSources = {
  [`^@warriors/(${packageNames.join('|')})$`]: '<rootDir>/packages/$1/src',
  '^@warriors/gateway$': '<rootDir>/gateway/src',
  [`^@warriors/(${registry.services.map((service) => service.name).join('|')})$`]: '<rootDir>/services/$1/src',
};

const node = (displayName, testMatch, extra = {}) => ({
  displayName,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: workspaceSources,
  testMatch,
  ...extra,
});

module.exports = {
  // Real servers and PGlite's WebAssembly start-up can take seconds on a loaded 2-core machine, and
  // these machines differ two- to threefold in speed: a PGlite service's start in a beforeAll took
  // over 30 s on the slowest, beside the other worker's system tests. A hang still fails, later.
  testTimeout: 90_000,
  projects: [
    node('unit', ['<rootDir>/{packages,services,gateway}/**/test/**/*.unit.test.ts', '<rootDir>/test/architecture/**/*.unit.test.ts']),
    node('integration', ['<rootDir>/{packages,services,gateway}/**/test/**/*.int.test.ts', '<rootDir>/{packages,services,gateway}/**/test/**/*.api.test.ts']),
    node('system', ['<rootDir>/test/system/**/*.test.ts']),
    node('browser', ['<rootDir>/test/browser/**/*.test.ts']),
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper: { ...workspaceSources, '\\.(css|svg|png)$': '<rootDir>/web/test/file-stub.js' },
      setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'],
      testMatch: ['<rootDir>/web/src/**/*.test.tsx', '<rootDir>/web/src/**/*.test.ts'],
    },
  ],
};
