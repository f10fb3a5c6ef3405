/**
 * The one-way rules of the architecture (../shared/STYLE.md, docs/decisions/0001 and 0070), checked by `npm run depcheck` in every test run: a new violation fails it. Known
 * violations still to be removed are listed in .dependency-cruiser-known-violations.json (made
 * with `npm run depcheck:baseline`); the list may only shrink.
 */
const SERVICES = ['command-api', 'query-api', 'projector', 'workers'];
/** A read model's tests and their helpers (events to append, fixtures, generators). */
const READ_MODEL_TESTS = '^read-models/src/.*([.]test[.]ts|/test-events[.]ts|-test-events[.]ts|-fixture[.]ts|/testing/.*)$';
const others = (s) => SERVICES.filter((x) => x !== s).map((x) => `^${x}/`);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, inside a package or across packages.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-is-a-leaf',
      severity: 'error',
      comment: 'contracts (events, API shapes, shared rules) crosses every boundary: it imports no other workspace.',
      from: { path: '^contracts/' },
      to: { path: '^(domain|platform|dms|read-models|command-api|query-api|projector|workers|web|launcher)/' },
    },
    {
      name: 'domain-imports-only-contracts',
      severity: 'error',
      comment: 'The domain core is pure: its aggregates import only contracts and each other.',
      from: { path: '^domain/' },
      to: { path: '^(platform|dms|read-models|command-api|query-api|projector|workers|web|launcher)/' },
    },
    {
      name: 'platform-imports-no-service',
      severity: 'error',
      comment: 'platform is the runtime every service stands on; it knows none of them.',
      from: { path: '^platform/' },
      to: { path: '^(dms|read-models|command-api|query-api|projector|workers|web|launcher)/' },
    },
    {
      name: 'dms-imports-no-service',
      severity: 'error',
      comment: 'The DMS importer is a library beside platform: it uses contracts and platform, and no service.',
      from: { path: '^dms/' },
      to: { path: '^(domain|read-models|command-api|query-api|projector|workers|web|launcher)/' },
    },
    {
      name: 'read-models-imports-no-service',
      severity: 'error',
      comment: 'read-models (tables, projections, typed queries) stands on contracts, domain and platform; services import it, never the other way.',
      from: { path: '^read-models/' },
      to: { path: '^(command-api|query-api|workers|web|launcher)/' },
    },
    {
      name: 'read-models-imports-no-service',
      severity: 'error',
      comment: 'read-models (tables, projections, typed queries) stands on contracts, domain and platform; services import it, never the other way. Its tests may load DMS data with the dms library (the RO queries read its tables).',
      from: { path: '^read-models/', pathNot: READ_MODEL_TESTS },
      to: { path: '^dms/' },
    },
    {
      name: 'read-models-imports-no-projector',
      severity: 'error',
      comment: 'The projector runs the read models; a read model does not know it. Only tests and their helpers may drive a projection through the real engine (docs/decisions/0072).',
      from: { path: '^read-models/', pathNot: READ_MODEL_TESTS },
      to: { path: '^projector/' },
    },
    {
      name: 'read-models-tests-use-only-the-projector-engine',
      severity: 'error',
      comment: "A read model's tests may use the projector's catch-up, rebuild and schema set-up, nothing else of it.",
      from: { path: READ_MODEL_TESTS },
      to: { path: '^projector/', pathNot: '^projector/src/(runner|rebuild|schema-setup)[.]ts$' },
    },
    ...SERVICES.map((s) => ({
      name: `${s}-imports-no-other-service`,
      severity: 'error',
      comment: 'No service imports another: what they share is in contracts, domain or platform.',
      from: { path: `^${s}/` },
      to: { path: others(s) },
    })),
    {
      name: 'web-imports-only-contracts',
      severity: 'error',
      comment: 'The web client shares only contracts with the server.',
      from: { path: '^web/' },
      to: { path: '^(domain|platform|dms|read-models|command-api|query-api|projector|workers|launcher)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.mts', '.json'] },
  },
};
