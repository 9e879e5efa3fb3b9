// The import rules of the house (docs/architecture.md, decisions 0018 and 0036), checked by
// dependency-cruiser in `npm run check` (scripts/check-layers.mjs). What an import cannot show
// (which tables a module writes, that an index exports no table) stays in
// apps/server/src/architecture.test.ts.

const { SERVER_LAYERS, WEB_LAYERS } = require('./scripts/layers.cjs');

const server = 'apps/server/src';
const web = 'apps/web/src';
const modulePath = (name) => `^${server}/modules/${name}/`;
const isTestCode = '\\.test\\.tsx?$|-test-kit\\.ts$|\\.suite\\.ts$';
/** What the server runs: not the demo seed, the test kits or the list of every table. */
const notRuntime = [`^${server}/(demo|test)/`, `^${server}/schema\\.ts$`, isTestCode];
const alternatives = (names) => `(${names.join('|')})`;

const serverLayerRules = SERVER_LAYERS.flatMap((layer, index) => {
  const sameOrAbove = SERVER_LAYERS.slice(index).flat();
  return layer.map((module) => ({
    name: `server-layer-${module}`,
    comment: `${module} is in layer ${index + 1}: it may import only modules of the layers below`,
    severity: 'error',
    from: { path: modulePath(module), pathNot: isTestCode },
    to: {
      path: `^${server}/modules/${alternatives(sameOrAbove)}/`,
      pathNot: modulePath(module),
    },
  }));
});

const webLayerRules = WEB_LAYERS.map((layer, index) => ({
  name: `web-layer-${index + 1}`,
  comment: `${layer.join(', ')}: may import only parts of the layers below (and itself)`,
  severity: 'error',
  from: { path: `^${web}/(${alternatives(layer)})/` },
  to: {
    path: `^${web}/${alternatives(WEB_LAYERS.slice(index).flat())}/`,
    pathNot: `^${web}/$1/`,
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no file reaches itself through its imports, on the server or in the web app',
      severity: 'error',
      from: { path: `^(${server}|${web})/` },
      to: { circular: true },
    },
    ...serverLayerRules,
    {
      name: 'server-module-through-index',
      comment:
        "a module reaches another only through its index.ts; a schema.ts may name a lower module's schema.ts for a foreign key",
      severity: 'error',
      from: { path: `^${server}/modules/([^/]+)/`, pathNot: isTestCode },
      to: {
        path: `^${server}/modules/`,
        pathNot: [
          `^${server}/modules/$1/`,
          `^${server}/modules/[^/]+/index\\.ts$`,
          `^${server}/modules/[^/]+/schema\\.ts$`,
        ],
      },
    },
    {
      name: 'server-schema-names-schema',
      comment: "a foreign key names the other module's schema.ts, from the module's own schema.ts",
      severity: 'error',
      from: { path: `^${server}/modules/([^/]+)/(?!schema\\.ts$)`, pathNot: isTestCode },
      to: { path: `^${server}/modules/[^/]+/schema\\.ts$`, pathNot: `^${server}/modules/$1/` },
    },
    {
      name: 'server-outside-through-index',
      comment: 'code outside the modules reaches a module only through its index.ts',
      severity: 'error',
      from: { path: `^${server}/`, pathNot: [`^${server}/modules/`, ...notRuntime] },
      to: { path: `^${server}/modules/[^/]+/(?!index\\.ts$)` },
    },
    {
      name: 'server-below-modules',
      comment: 'db/, lib/, plugins/ and providers/ sit below the modules: they import none',
      severity: 'error',
      from: { path: `^${server}/(db|lib|plugins|providers)/`, pathNot: isTestCode },
      to: { path: `^${server}/(modules|demo)/` },
    },
    {
      name: 'server-no-table-list',
      comment:
        'the list of every table (schema.ts) is for migrations, tests and the backup (which copies every table)',
      severity: 'error',
      from: { path: `^${server}/`, pathNot: [...notRuntime, `^${server}/backup/`] },
      to: { path: `^${server}/schema\\.ts$` },
    },
    {
      name: 'server-no-demo',
      comment: 'nothing the server runs imports the demo data',
      severity: 'error',
      from: { path: `^${server}/`, pathNot: notRuntime },
      to: { path: `^${server}/demo/` },
    },
    {
      name: 'server-http-at-the-edge',
      comment:
        'services know nothing of HTTP: only routes, jobs, plugins and the socket gateway import Fastify',
      severity: 'error',
      from: {
        path: `^${server}/modules/`,
        pathNot: ['\\.(routes|http|jobs|plugin)\\.ts$', '-socket\\.ts$', isTestCode],
      },
      to: { path: 'node_modules/(fastify|fastify-plugin|@fastify/)' },
    },
    ...webLayerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|build|node_modules)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      mainFields: ['module', 'main', 'types'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
