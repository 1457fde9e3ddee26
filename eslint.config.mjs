// Lint: the recommended JavaScript and TypeScript rules (syntax only: type-aware rules cost over a minute
// and 2.7 GB per run here, and `npm run typecheck` already runs the compiler), formatting left to Prettier,
// and the layer boundaries of docs/architecture.md as import restrictions.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const foldersIn = (dir) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const SERVICES = foldersIn('services');
const FEATURES = foldersIn('web/src/features');

/** One `no-restricted-imports` setting from several groups: for a file, the last matching setting wins whole, so each area lists all of its groups. */
const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { paths: groups.flatMap((group) => group.paths ?? []), patterns: groups.flatMap((group) => group.patterns ?? []) }],
});
/** An import reaching sibling folder `folder` of the importing layer (`../store/x`, `../../store/x`). */
const layer = (folder) => `^(\\.\\./)+${folder}(/|$)`;
const either = (names) => `(${names.join('|')})`;

// ---- services: service.ts wires; routes (HTTP and bus replies) and events -> use-cases -> domain and store ----
const otherServices = (service) => {
  const others = SERVICES.filter((name) => name !== service);
  return {
    patterns: [
      {
        regex: `^@warriors/${either(others)}$|(^|/)${either(others)}/src(/|$)`,
        message: 'A service never imports another service: talk through events or the gateway, share code through packages/contracts or packages/kit.',
      },
    ],
  };
};
const PURE_DOMAIN = {
  patterns: [
    {
      regex: '^(express|pg|kysely|ioredis|@warriors/kit)(/|$)|^@nats-io/|^node:(fs|http|https|net|child_process)(/|$)',
      message: 'Domain code is pure rules: no frameworks and no I/O (express, pg, kysely, nats, ioredis, kit). Do the I/O in store/ or use-cases/ and pass the data in.',
    },
    {
      regex: layer(either(['routes', 'events', 'store', 'use-cases', 'leaderboard'])),
      message: 'Domain code depends on nothing but itself and packages/contracts: the other layers call it, not the reverse.',
    },
  ],
};
const NOT_HTTP = { paths: [{ name: 'express', message: 'Only routes/ speak HTTP: return values or throw errors, and let the route translate them.' }] };
const NO_ROUTES = { patterns: [{ regex: layer('routes'), message: 'Nothing below the HTTP layer imports routes/.' }] };
const ROUTES_THROUGH_USE_CASES = {
  patterns: [
    {
      regex: layer(either(['store', 'leaderboard'])),
      allowTypeImports: true,
      message: 'Routes call use-cases/, not the store: move the query behind a use case.',
    },
    { regex: layer('events'), message: 'Routes do not publish or consume events: the use case does (through the outbox).' },
  ],
};
const EVENTS_THROUGH_USE_CASES = {
  patterns: [
    {
      regex: layer(either(['store', 'leaderboard'])),
      allowTypeImports: true,
      message: 'A consumer calls a use case, not the store, as a route does.',
    },
  ],
};
const USE_CASES_NOT_EVENTS = {
  patterns: [
    {
      regex: layer('events'),
      message: 'events/ holds what comes in, and consumers call use-cases, not the reverse: build outgoing events in domain/, and declare a port the use case needs in use-cases/.',
    },
  ],
};
// service.ts is the composition root (it builds every layer and hands each what it needs), main.ts and
// rebuild.ts start processes from it, config.ts reads their environment, index.ts is the package's face.
const NO_ENTRY = {
  patterns: [
    {
      regex: `^(\\.\\./)+${either(['service', 'main', 'rebuild', 'config', 'index'])}(\\.ts)?$`,
      message: 'service.ts wires the layers and main.ts starts the process (from config.ts): no layer imports them; what a layer needs is handed to it.',
    },
  ],
};
const ANSWERS_IN_ROUTES = {
  paths: [
    {
      name: '@warriors/kit',
      importNames: ['answerQuestion'],
      message: 'Bus replies are answered in routes/<service>.replies.ts, each calling a use case: service.ts only wires.',
    },
  ],
};
const MAIN_THROUGH_SERVICE = {
  patterns: [
    {
      regex: `^\\./${either(['routes', 'events', 'store', 'use-cases', 'domain', 'leaderboard'])}(/|$)`,
      allowTypeImports: true,
      message: 'main.ts starts the process: it reads config.ts and hands the ports to service.ts, which builds the layers.',
    },
  ],
};
const STORE_BELOW_USE_CASES = {
  patterns: [{ regex: layer(either(['use-cases', 'events'])), message: 'The store is called by use-cases and knows nothing about them or about events.' }],
};

const serviceLayers = (service) => {
  const src = `services/${service}/src`;
  const others = otherServices(service);
  return [
    { files: [`${src}/**/*.ts`], rules: restrict(others) },
    { files: [`${src}/{service,rebuild}.ts`], rules: restrict(others, NOT_HTTP, ANSWERS_IN_ROUTES) },
    { files: [`${src}/main.ts`], rules: restrict(others, NOT_HTTP, ANSWERS_IN_ROUTES, MAIN_THROUGH_SERVICE) },
    { files: [`${src}/domain/**/*.ts`], rules: restrict(others, NO_ENTRY, PURE_DOMAIN) },
    { files: [`${src}/routes/**/*.ts`], rules: restrict(others, NO_ENTRY, ROUTES_THROUGH_USE_CASES) },
    { files: [`${src}/events/**/*.ts`], rules: restrict(others, NO_ENTRY, NOT_HTTP, ANSWERS_IN_ROUTES, NO_ROUTES, EVENTS_THROUGH_USE_CASES) },
    { files: [`${src}/use-cases/**/*.ts`], rules: restrict(others, NO_ENTRY, NOT_HTTP, ANSWERS_IN_ROUTES, NO_ROUTES, USE_CASES_NOT_EVENTS) },
    { files: [`${src}/{store,leaderboard}/**/*.ts`], rules: restrict(others, NO_ENTRY, NOT_HTTP, ANSWERS_IN_ROUTES, NO_ROUTES, STORE_BELOW_USE_CASES) },
  ];
};

// ---- web: app composes features; a feature is reached through its index; typed redux hooks only ----
const TYPED_HOOKS = {
  paths: [
    {
      name: 'react-redux',
      importNames: ['useSelector', 'useDispatch', 'useStore'],
      message: 'Use the typed hooks from web/src/lib/hooks.ts (useAppSelector, useAppDispatch).',
    },
  ],
};
const THROUGH_INDEX = '(?!index(\\.tsx?)?$)';
const featureBoundaries = (feature) => {
  const others = either(FEATURES.filter((name) => name !== feature));
  return {
    patterns: [
      {
        regex: `^(\\.\\./)+(features/)?${others}/${THROUGH_INDEX}`,
        message: 'Import another feature only through its public index (features/<name>/index.ts).',
      },
      {
        regex: `^(\\.\\./)+(features/)?${others}(/index(\\.tsx?)?)?$`,
        importNamePattern: 'Screen$',
        message: "A feature does not mount another feature's screen: screens are composed in web/src/app.",
      },
      { regex: '^(\\.\\./)+app(/|$)', message: 'A feature does not import the app layer, which composes it: the store and its typed hooks are in lib/.' },
    ],
  };
};
const APP_THROUGH_INDEX = {
  patterns: [
    {
      // Route screens are loaded with import(), which this rule does not see, so each stays its own chunk.
      regex: `^(\\.\\./)+features/[^/]+/${THROUGH_INDEX}`,
      message: 'Import a feature only through its public index (features/<name>/index.ts).',
    },
  ],
};
// One icon mapping serves every screen, so a glyph is chosen once and named for what it stands for.
const ONE_ICON_SET = {
  paths: [{ name: 'lucide-react', message: 'Take icons from web/src/components/icons/ (Icon and its maps), the one place that imports the icon set.' }],
};
const SHARED_BELOW_FEATURES = {
  patterns: [{ regex: layer(either(['features', 'app'])), message: 'Shared code (components, lib, config) sits below the features and the app and imports neither.' }],
};

export default defineConfig([
  globalIgnores(['**/dist/', 'artifacts/', 'coverage/', 'data/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_next` keeps express's four-argument error handler; `_x` names a value kept only for its type; a rest sibling drops a field from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  { files: ['**/*.js'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    // Kit's database plumbing serves every service's schema, which Kysely spells Kysely<any>; tests read
    // JSON bodies of any shape (test-support included).
    files: ['packages/kit/src/**/*.ts', 'packages/test-support/**/*.ts', '**/test/**/*.{ts,tsx}', 'test/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['web/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },

  ...SERVICES.flatMap(serviceLayers),

  { files: ['web/src/**/*.{ts,tsx}'], rules: restrict(TYPED_HOOKS, SHARED_BELOW_FEATURES, ONE_ICON_SET) },
  { files: ['web/src/components/icons/**/*.{ts,tsx}'], rules: restrict(TYPED_HOOKS, SHARED_BELOW_FEATURES) },
  { files: ['web/src/app/**/*.{ts,tsx}'], rules: restrict(TYPED_HOOKS, APP_THROUGH_INDEX, ONE_ICON_SET) },
  // The typed hooks are the one place plain redux hooks are wrapped; like the store beside them, they sit in lib/, below every feature.
  { files: ['web/src/lib/hooks.ts'], rules: restrict(SHARED_BELOW_FEATURES, ONE_ICON_SET) },
  { files: ['web/src/main.tsx'], rules: restrict(TYPED_HOOKS, ONE_ICON_SET) },
  ...FEATURES.map((feature) => ({ files: [`web/src/features/${feature}/**/*.{ts,tsx}`], rules: restrict(TYPED_HOOKS, featureBoundaries(feature), ONE_ICON_SET) })),

  { files: ['web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    // Layers alone let two folders import each other (the store and a feature once did): cycles are refused outright.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // A component's file is named after it (PascalCase.tsx); hooks, rules, route tables and the rest are kebab-case.
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { 'web/**/*.ts': 'KEBAB_CASE', 'web/**/*.tsx': '@(+([A-Z])*([a-zA-Z0-9])|+([a-z])*([a-z0-9])*(-+([a-z0-9])))' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },

  prettier,
]);
