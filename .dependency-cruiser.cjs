/**
 * The shape of the code, as ARCHITECTURE.md describes it in words. `npm run lint:deps` checks it and
 * `npm test` runs that first. An exception is named here with its reason, never left unexplained.
 */

/** BFF layers, lowest first: a folder may import its own layer's shared code and any layer below, never above. */
const BFF_LAYERS = [
  ['domain'],
  ['upstream'],
  ['store', 'platform', 'chain'],
  ['audit'],
  ['auth'],
  ['http'],
  ['guards'],
];

/** Route modules are the HTTP adapter of their folder: they may use http/ and guards/ whatever layer the folder is in. */
const ADAPTERS = ['http', 'guards'];

/**
 * BFF capabilities, in the order they may depend on each other: each may import those before it, never
 * those after it (a lower one that needs a higher one's work declares an interface the higher one implements).
 */
const BFF_CAPABILITIES = [
  'payments', 'users', 'ads', 'system', 'rewards', 'approvals', 'batches',
  'reconciliation', 'wallet', 'incomplete', 'staff', 'overview',
];

const folder = (name) => `^bff/src/${name}/`;
const anyOf = (names) => `^bff/src/(${names.join('|')})/`;

function layerRules() {
  const capabilityLayer = BFF_CAPABILITIES;
  const all = [...BFF_LAYERS, ...capabilityLayer.map((c) => [c]), ['app']];
  const rules = [];
  all.forEach((layer, index) => {
    const above = all.slice(index + 1).flat();
    const peers = layer.length > 1 ? layer : [];
    const aboveForRoutes = above.filter((name) => !ADAPTERS.includes(name));
    rules.push({
      name: `bff-layer-${layer.join('-')}`,
      comment: `${layer.join(', ')} may not import ${above.join(', ')} (ARCHITECTURE.md, "The BFF's layers")`,
      severity: 'error',
      from: { path: anyOf(layer), pathNot: '-routes\\.ts$' },
      to: { path: anyOf(above) },
    });
    if (aboveForRoutes.length > 0) {
      rules.push({
        name: `bff-layer-${layer.join('-')}-routes`,
        comment: `route modules of ${layer.join(', ')} may use http/ and guards/, and import nothing else of ${aboveForRoutes.join(', ')}`,
        severity: 'error',
        from: { path: `${anyOf(layer)}.*-routes\\.ts$` },
        to: { path: anyOf(aboveForRoutes) },
      });
    }
    for (const peer of peers) {
      rules.push({
        name: `bff-peer-${peer}`,
        comment: `${peer} shares its layer with ${peers.filter((p) => p !== peer).join(', ')} and imports none of them`,
        severity: 'error',
        from: { path: folder(peer) },
        to: { path: anyOf(peers.filter((p) => p !== peer)) },
      });
    }
  });
  // The BFF's root holds shared utilities (clock, config, logger, …): they import no folder of the BFF.
  // public-types.ts is no utility but the BFF's face to the SPA: type-only re-exports from any folder.
  rules.push({
    name: 'bff-root-utilities',
    comment: 'the utilities at bff/src/ root sit below every folder of the BFF',
    severity: 'error',
    from: { path: '^bff/src/[^/]+\\.ts$', pathNot: '^bff/src/public-types\\.ts$' },
    to: { path: '^bff/src/[^/]+/' },
  });
  return rules;
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycles, type-only ones included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'spa-feature-to-feature',
      comment: 'an SPA feature imports no other feature: shared UI goes to components/, shared display to display/, composition to app/',
      severity: 'error',
      from: { path: '^dashboard/src/features/([^/]+)/' },
      to: { path: '^dashboard/src/features/', pathNot: '^dashboard/src/features/$1/' },
    },
    {
      name: 'spa-shared-to-feature',
      comment: 'components/, lib/ and display/ import no feature and not the app shell',
      severity: 'error',
      from: { path: '^dashboard/src/(components|lib|display)/' },
      to: { path: '^dashboard/src/(features|app)/' },
    },
    {
      name: 'spa-to-bff',
      comment: 'the SPA sees the BFF only through its one public types module',
      severity: 'error',
      from: { path: '^dashboard/' },
      to: { path: '^bff/', pathNot: '^bff/src/public-types\\.ts$' },
    },
    {
      name: 'common-and-emulator-stand-alone',
      comment: 'common/ and emulator/ import nothing of bff/ or dashboard/',
      severity: 'error',
      from: { path: '^(common|emulator)/' },
      to: { path: '^(bff|dashboard)/' },
    },
    {
      name: 'emulator-only-from-server',
      comment: 'only the process entry starts the emulator (sandbox mode); the rest of the BFF only sees a URL and a key',
      severity: 'error',
      from: { path: '^bff/', pathNot: '^bff/src/app/server\\.ts$' },
      to: { path: '^emulator/' },
    },
    ...layerRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
