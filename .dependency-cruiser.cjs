// The README's folder map ("How it is built", "May import"), checked by `npm run lint:boundaries`.
// Each folder rule forbids, for the folder's own files, importing any of our files outside the
// folders the map lets it import. Packages are checked only for browser code (islands, components,
// src/client: no Node built-ins, none of the server-only packages). Unit tests beside the code
// (`*.test.ts`) follow their folder's rule too; they may also import the oracles and fixtures in
// test/oracles/, which no production file may.
//
// The shared top-level modules of src/ are not in the map's table; the rules name them:
// src/constants.ts (the islands' hydration moments and the like: anyone may import it),
// src/paths.ts (the app's URL paths: anyone but src/client), src/env.ts and src/app-env.ts (the
// Worker's bindings and the Hono context's types), src/generated/ (the client build's output,
// read by src/views only).

/** Everything of ours a folder may not import: `^src/` less the allowed folders and files. */
const outside = (...allowed) => ({ path: '^src/', pathNot: allowed });

/** Top-level modules any server-side folder may import. */
const SHARED = ['^src/constants\\.ts$', '^src/paths\\.ts$', '^src/env\\.ts$', '^src/app-env\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles: each folder sits on one side of the direction domain <- data <- server <- routes -> views -> islands.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'production-imports-no-tests',
      severity: 'error',
      comment: 'The oracles and fixtures of test/ (and e2e/) serve tests only: no production file imports them.',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(test|e2e)/' },
    },
    {
      name: 'domain-imports-only-domain',
      severity: 'error',
      comment: 'src/domain: pure rules; nothing of ours outside src/domain.',
      from: { path: '^src/domain/' },
      to: outside('^src/domain/'),
    },
    {
      name: 'db-imports-only-domain',
      severity: 'error',
      comment: 'src/db: the drizzle schema and the client; may import src/domain.',
      from: { path: '^src/db/' },
      to: outside('^src/db/', '^src/domain/'),
    },
    {
      name: 'data-imports-only-domain-db',
      severity: 'error',
      comment: 'src/data: the only place that queries D1; may import domain, db.',
      from: { path: '^src/data/' },
      to: outside('^src/data/', '^src/domain/', '^src/db/'),
    },
    {
      name: 'server-imports-only-domain-data-db-mail-views',
      severity: 'error',
      comment: 'src/server: HTTP helpers; may import domain, data, db, mail, views.',
      from: { path: '^src/server/' },
      // src/assets/: the bundled font the wheel PNG is drawn with (wheel-font.ts): data, not code.
      to: outside('^src/server/', '^src/domain/', '^src/data/', '^src/db/', '^src/mail/', '^src/views/', '^src/assets/', ...SHARED),
    },
    {
      name: 'only-render-page-renders-the-document',
      severity: 'error',
      comment: 'Only src/views/render-page.tsx renders the Document: server and routes go through renderPage.',
      from: { path: '^src/', pathNot: '^src/views/render-page\\.tsx$' },
      to: { path: '^src/views/Document\\.tsx$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'mail-imports-only-domain',
      severity: 'error',
      comment: 'src/mail: messages, templates, providers, the send port; no D1. May import src/domain.',
      from: { path: '^src/mail/' },
      to: outside('^src/mail/', '^src/domain/', ...SHARED),
    },
    {
      name: 'jobs-imports-only-data-db-domain-mail-server-logs',
      severity: 'error',
      comment: 'src/jobs: what runs outside a request; may import data, db, domain, mail, and of server the logs and the throttle policy.',
      from: { path: '^src/jobs/' },
      // Exception: src/server/throttle-policy.ts. The daily clean-up deletes throttle counters past
      // the windows in force, and those are the policy's (its defaults with THROTTLE_LIMITS over
      // them); a second copy of the limits outside src/server could drift from the one the routes apply.
      to: outside(
        '^src/jobs/',
        '^src/data/',
        '^src/db/',
        '^src/domain/',
        '^src/mail/',
        '^src/server/log\\.ts$',
        '^src/server/throttle-policy\\.ts$',
        ...SHARED,
      ),
    },
    {
      name: 'routes-imports-only-server-data-domain-mail-views',
      severity: 'error',
      comment: 'src/routes: one Hono sub-app per page or resource; may import server, data, domain, mail, views.',
      from: { path: '^src/routes/' },
      to: outside('^src/routes/', '^src/server/', '^src/data/', '^src/domain/', '^src/mail/', '^src/views/', '^src/db/', ...SHARED),
    },
    {
      name: 'routes-and-views-only-types-from-db',
      severity: 'error',
      comment:
        "Routes and views may name src/db's row types (what src/data's functions answer, as the map lets views name src/data's types), never a value: the schema and the client are for src/data.",
      from: { path: '^src/(routes|views)/' },
      to: { path: '^src/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'routes-never-import-each-other',
      severity: 'error',
      comment: 'Route files never import each other: what two routes share lives in server, data, domain or views.',
      from: { path: '^src/routes/[^/]+$' },
      to: { path: '^src/routes/' },
    },
    {
      name: 'a-route-folder-keeps-to-itself',
      severity: 'error',
      comment: 'A route split into a folder (src/routes/settings/) imports only its own files among the routes.',
      from: { path: '^src/routes/([^/]+)/' },
      to: { path: '^src/routes/', pathNot: '^src/routes/$1/' },
    },
    {
      name: 'views-imports-only-domain-components-islands',
      severity: 'error',
      comment: 'src/views: props in, markup out; may import domain, components, islands (and data and server, under the two rules below).',
      from: { path: '^src/views/' },
      to: outside(
        '^src/views/',
        '^src/domain/',
        '^src/components/',
        '^src/islands/',
        '^src/data/',
        '^src/server/',
        '^src/db/',
        '^src/generated/',
        ...SHARED,
      ),
    },
    {
      name: 'views-no-values-from-data',
      severity: 'error',
      comment: 'A view takes no value from src/data (its types only): the route reads, the view renders.',
      from: { path: '^src/views/' },
      to: { path: '^src/data/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'views-no-values-from-server-but-the-flash',
      severity: 'error',
      comment: 'Of src/server a view takes only the flash (render-page.tsx reads the toast); types only otherwise.',
      from: { path: '^src/views/' },
      to: { path: '^src/server/', pathNot: '^src/server/flash\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'components-imports-only-domain',
      severity: 'error',
      comment: 'src/components: markup shared by views and islands; may import src/domain.',
      from: { path: '^src/components/' },
      to: outside('^src/components/', '^src/domain/', '^src/constants\\.ts$', '^src/paths\\.ts$'),
    },
    {
      name: 'islands-imports-only-domain-components',
      severity: 'error',
      comment: 'src/islands: hydrated in the browser, JSON props only, no server imports; may import domain, components.',
      from: { path: '^src/islands/' },
      to: outside('^src/islands/', '^src/domain/', '^src/components/', '^src/constants\\.ts$', '^src/paths\\.ts$'),
    },
    {
      name: 'client-imports-only-constants',
      severity: 'error',
      comment: 'src/client: the browser entry (no React, about 1 KB) and hydrate.ts; may import src/constants.ts.',
      from: { path: '^src/client/', pathNot: '^src/client/hydrate\\.ts$' },
      to: outside('^src/client/', '^src/constants\\.ts$'),
    },
    {
      name: 'client-hydrate-imports-only-constants-and-the-island-wrapper',
      severity: 'error',
      // Exception: hydrate.ts wraps each island in src/islands/Hydrated.tsx, the wrapper the server
      // renders around it too (src/views/islands.tsx): the two trees must match, so both sides take
      // the one component. entry.ts, the part every page loads, imports only src/constants.ts.
      comment: 'src/client/hydrate.ts: src/constants.ts, and of src/islands only Hydrated.tsx, the wrapper both sides render.',
      from: { path: '^src/client/hydrate\\.ts$' },
      to: outside('^src/client/', '^src/constants\\.ts$', '^src/islands/Hydrated\\.tsx$'),
    },
    {
      name: 'browser-code-no-node-builtins',
      severity: 'error',
      comment: 'Islands, components and src/client run in the browser: no Node built-ins (their unit tests run in Node and may).',
      from: { path: '^src/(islands|components|client)/', pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-code-no-server-packages',
      severity: 'error',
      comment:
        'Islands, components and src/client run in the browser: none of the server-only packages (routing, D1, tokens, calendar files, the PNG renderer, server rendering).',
      from: { path: '^src/(islands|components|client)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '(^|/)node_modules/(hono|drizzle-orm|jose|ics|@resvg/resvg-wasm|opentype\\.js|react-dom/server)(/|$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
