import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * One owner per cross-cutting job: each restriction names the files that own the job; everywhere else in the apps'
 * and the domain's sources (tests aside) the second way is an error.
 */
const TIME_OWNERS = ['apps/web/src/lib/dates.ts', 'apps/server/src/lib/time.ts', 'packages/domain/src/dates.ts'];
const TIME_MESSAGE =
  "Dates, stamps and file names come from the time module (web lib/dates.ts, server lib/time.ts): today and file names in the institution's time zone.";
const OWNED_JOBS = [
  {
    scope: 'web',
    owners: ['apps/web/src/lib/session.ts'],
    selector: 'Identifier[name=/^(localStorage|sessionStorage)$/]',
    message:
      'The browser storage belongs to lib/session.ts (session, first-sign-in mark, unsaved grades): use its functions.',
  },
  {
    scope: 'web',
    owners: ['apps/web/src/lib/logout.ts'],
    selector: "CallExpression[arguments.0.value='/logout']",
    message: 'There is one logout: useLogout() from lib/logout.ts (it drops unsaved grades too).',
  },
  {
    scope: 'web',
    owners: ['apps/web/src/lib/cache.ts'],
    selector: "ImportSpecifier[imported.name='useMutation']",
    message: 'A write is declareWrite(name, changes) + useWrite (lib/cache.ts), so it refreshes what it changes.',
  },
  {
    scope: 'web',
    owners: ['apps/web/src/lib/cache.ts'],
    selector: 'MemberExpression[property.name=/^(invalidateQueries|refetchQueries|resetQueries)$/]',
    message:
      'Only lib/cache.ts invalidates: declare what the write changes (declareWrite) and the map refreshes its readers.',
  },
  {
    scope: 'web',
    owners: ['apps/web/src/features/*/api/*.ts', 'apps/web/src/lib/cache.ts'],
    selector: "CallExpression[callee.name='declareWrite']",
    message: "A write is declared in its feature's api/ file, where the cache test finds it.",
  },
  // One hook per endpoint: the lists of periods and of users are read by one hook each (a view is a `select`).
  {
    scope: 'web',
    owners: ['apps/web/src/lib/queries/periods.ts', 'apps/web/src/features/periods/api/save-period.ts'],
    selector: "CallExpression[callee.name='api'][arguments.0.value='/periods']",
    message: 'GET /periods has one hook, usePeriods (lib/queries/periods.ts): a view of it is a select.',
  },
  {
    scope: 'web',
    owners: [
      'apps/web/src/lib/queries/users.ts',
      'apps/web/src/features/people/api/save-teacher.ts',
      'apps/web/src/features/people/api/save-student.ts',
    ],
    selector: "CallExpression[callee.name='api'][arguments.0.value='/users']",
    message: 'GET /users has one hook, useUsers (lib/queries/users.ts): a view of it is a select.',
  },
  {
    scope: 'server',
    owners: ['apps/server/src/lib/http-errors.ts'],
    selector: "ImportSpecifier[imported.name='errorResponse']",
    message: 'A route declares its error answers with errorResponses(401, 403, …) from lib/http-errors.ts.',
  },
  // One .xlsx writer (layout, header row, compression) and one reader (the upload pool's worker).
  {
    scope: 'server',
    owners: ['apps/server/src/lib/xlsx.ts', 'apps/server/src/lib/xlsx-worker.ts'],
    selector: 'NewExpression[callee.property.name=/^(Workbook|WorkbookWriter)$/]',
    message:
      'A workbook is written by writeWorkbookSheets/writeWorkbook, or streamWorkbook for tens of thousands of rows (lib/xlsx.ts), and read by lib/xlsx-worker.ts: describe the sheets, do not build them.',
  },
  // One way to answer a workbook: the type, and a file name that keeps its accents (`filename*`).
  {
    scope: 'server',
    owners: ['apps/server/src/lib/xlsx.ts'],
    selector: [
      "CallExpression[callee.property.name='header'][arguments.0.value=/^content-disposition$/i]",
      "CallExpression[callee.property.name=/^(type|header)$/] > Identifier.arguments[name='XLSX_TYPE']",
    ].join(', '),
    message:
      'A route answers a workbook with sendXlsx(reply, fileName, bytes) and declares xlsxDownload(errors) (lib/xlsx.ts).',
  },
  ...[
    "NewExpression[callee.name='Date'][arguments.length=0]",
    "CallExpression[callee.object.name='Date'][callee.property.name='now']",
  ].map((selector) => ({
    scope: 'web',
    owners: TIME_OWNERS,
    selector,
    message: TIME_MESSAGE,
  })),
  ...[
    "CallExpression[callee.property.name='slice'][callee.object.callee.property.name='toISOString']",
    "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    'CallExpression[callee.property.name=/^(toLocaleDateString|toLocaleTimeString)$/]',
    "Property[key.name='timeZone'][value.type='Literal']",
  ].map((selector) => ({ scope: 'all', owners: TIME_OWNERS, selector, message: TIME_MESSAGE })),
];
const SCOPES = {
  web: ['apps/web/src/**/*.{ts,tsx}'],
  server: ['apps/server/src/**/*.ts'],
  all: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
};
const TESTS = ['**/*.test.{ts,tsx}', '**/src/test/**'];
// A severity alone would keep the options of an earlier block: a file that owns every job of its scope turns it off.
const ruleOf = (jobs) =>
  jobs.length ? ['error', ...jobs.map(({ selector, message }) => ({ selector, message }))] : 'off';
/** Whether an owner pattern (a path whose star stands for one folder or file name) names a file. */
const covers = (file) => (pattern) =>
  new RegExp(
    '^' +
      pattern
        .split('*')
        .map((part) => part.replace(/[.\\/]/g, '\\$&'))
        .join('[^/]*') +
      '$',
  ).test(file);
/** Every source file gets every restriction of its scope; an owner's files get them all but their own job's. */
const ownedJobBlocks = () => {
  const blocks = ['web', 'server', 'domain'].map((area) => {
    const files = area === 'web' ? SCOPES.web : area === 'server' ? SCOPES.server : ['packages/domain/src/**/*.ts'];
    const jobs = OWNED_JOBS.filter((j) => j.scope === 'all' || j.scope === area);
    return { files, ignores: TESTS, rules: { 'no-restricted-syntax': ruleOf(jobs) } };
  });
  const owners = [...new Set(OWNED_JOBS.flatMap((j) => j.owners))];
  for (const owner of owners) {
    const area = owner.startsWith('apps/web') ? 'web' : owner.startsWith('apps/server') ? 'server' : 'domain';
    const jobs = OWNED_JOBS.filter((j) => (j.scope === 'all' || j.scope === area) && !j.owners.some(covers(owner)));
    blocks.push({ files: [owner], ignores: TESTS, rules: { 'no-restricted-syntax': ruleOf(jobs) } });
  }
  return blocks;
};

const MODULE_MESSAGE =
  "Another server module's files are its own: import from its index.js (and add there what the rest of the server needs).";
/** `<prefix><module>/<file>` where the file is not the module's index.js. */
const intoModule = (prefix) => ({ regex: `${prefix}[^/.][^/]*/(?!index\\.js$)`, message: MODULE_MESSAGE });
const moduleSurfaceBlocks = () =>
  [
    // From anywhere: a path through a modules/ folder (`../modules/x/`, `../apps/server/src/modules/x/`).
    { files: ['apps/server/src/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'], from: [] },
    // The route list, beside the modules: `./x/`.
    { files: ['apps/server/src/modules/index.ts'], from: ['^\\./'] },
    // A module's files, one and two folders down: `../x/`, `../../x/` is another module.
    { files: ['apps/server/src/modules/*/*.ts'], from: ['^\\.\\./'] },
    { files: ['apps/server/src/modules/*/*/**/*.ts'], from: ['^\\.\\./\\.\\./'] },
  ].map(({ files, from }) => ({
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: ['(?:^|/)modules/', ...from].map(intoModule) }],
    },
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/screenshots/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // One import statement per module (a type-only import beside it is fine).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'no-console': 'off',
    },
  },
  // Patterns run on user input: none may backtrack in more than linear time (a quadratic e-mail pattern once froze
  // the server for 24 s on one 300 KB login).
  {
    files: ['packages/domain/**/*.ts', 'apps/server/**/*.ts', 'apps/web/src/features/auth/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // A screen is a state hook (queries, mutations, derived state, handlers) plus presentational pieces (props in,
  // JSX out): no web function grows past 120 lines. Tests aside.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  // A server function does one step: a route file registers one small function per route, a service or repository
  // names its steps. Tests and migrations aside.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*.test-support.ts',
      'apps/server/src/test/**',
      'apps/server/src/db/migrations/**',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  // Features are by domain: a feature imports its own files, components/ and lib/, never another feature's (its data
  // hooks included) nor the app shell or the role pages. What two features share goes up to components/ or lib/ (a
  // read two features use lives in lib/queries/; a write stays in its feature's api/). One block per folder depth.
  ...[1, 2, 3].map((depth) => {
    const up = '\\.\\./'.repeat(depth);
    return {
      files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up}(?!\\.\\.)[^/]+(/|$)`,
                message:
                  "Another feature's files are its own (its api/ too): move what two features share to components/ or lib/ (a read to lib/queries/).",
              },
              {
                regex: `^${up}\\.\\./(app|roles)(/|$)`,
                message: 'Features do not import the app shell or role pages.',
              },
            ],
          },
        ],
      },
    };
  }),
  ...ownedJobBlocks(),
  // The test files of a worker share its modules (isolate: false in both vitest configs): a module mocked by one file
  // would be the real one or the mock in the next depending on the order. Charts are stubbed for every web test in
  // apps/web/src/test/setup.ts; a test spies on a function (vi.spyOn) or changes the data instead.
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message:
            "Test files share their worker's modules: spy on a function (vi.spyOn) or change the data, do not mock a module.",
        },
      ],
    },
  },
  // A server module is its index.ts: outside apps/server/src/modules/<name>/ (other modules, the route list, db/,
  // plugins/, app.ts, admin.ts, the tests elsewhere, the benchmarks, the browser flows) nothing imports its other files;
  // inside, its files and tests import each other freely.
  ...moduleSurfaceBlocks(),
);
