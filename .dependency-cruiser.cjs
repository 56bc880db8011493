/**
 * The shape of the code, as ARCHITECTURE.md describes it in words. `npm run lint:deps` checks it and
 * `npm test` runs that first. An exception is named here with its reason, never left unexplained.
 */

/** BFF layers, lowest first: a folder may import its own layer's shared code and any layer below, never above. */
const BFF_LAYERS = [
  ['domain'],
  ['upstream'],
  ['store', 'platform', 'chain'],
  ['audit', 'events'],
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
  'payments', 'users', 'ads', 'system', 'rewards', 'approvals', 'refunds', 'batches',
  'reconciliation', 'wallet', 'incomplete', 'staff', 'overview', 'webhooks', 'notifications', 'public-api', 'metrics',
];

const anyOf = (names) => `^bff/src/(${names.join('|')})/`;

/** A rule that no module matching `from` imports a module matching `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

function layerRules() {
  const all = [...BFF_LAYERS, ...BFF_CAPABILITIES.map((capability) => [capability]), ['app', 'doctor']];
  return all.flatMap((layer, index) => {
    const above = all.slice(index + 1).flat();
    const aboveForRoutes = above.filter((name) => !ADAPTERS.includes(name));
    const peers = layer.length > 1 ? layer : [];
    return [
      forbid(`bff-layer-${layer.join('-')}`, `${layer.join(', ')} may not import ${above.join(', ')}`, { path: anyOf(layer), pathNot: '-routes\\.ts$' }, { path: anyOf(above) }),
      ...(aboveForRoutes.length > 0
        ? [forbid(`bff-layer-${layer.join('-')}-routes`, `route modules of ${layer.join(', ')} may use http/ and guards/, and nothing else of ${aboveForRoutes.join(', ')}`, { path: `${anyOf(layer)}.*-routes\\.ts$` }, { path: anyOf(aboveForRoutes) })]
        : []),
      ...peers.map((peer) => {
        const others = peers.filter((other) => other !== peer);
        return forbid(`bff-peer-${peer}`, `${peer} shares its layer with ${others.join(', ')} and imports none of them`, { path: anyOf([peer]) }, { path: anyOf(others) });
      }),
    ];
  });
}

module.exports = {
  forbidden: [
    forbid('no-circular', 'no import cycles, type-only ones included', {}, { circular: true }),
    forbid('spa-feature-to-feature', 'an SPA feature imports no other feature: shared UI goes to components/, shared display to display/, composition to app/', { path: '^dashboard/src/features/([^/]+)/' }, { path: '^dashboard/src/features/', pathNot: '^dashboard/src/features/$1/' }),
    forbid('spa-shared-to-feature', 'components/, lib/ and display/ import no feature and not the app shell', { path: '^dashboard/src/(components|lib|display)/' }, { path: '^dashboard/src/(features|app)/' }),
    forbid('spa-to-bff', 'the SPA sees the BFF only through its one public types module', { path: '^dashboard/' }, { path: '^bff/', pathNot: '^bff/src/public-types\\.ts$' }),
    forbid('spa-types-only-from-bff', 'what the SPA takes from the BFF is types (import type); a value both need lives in common/', { path: '^dashboard/' }, { path: '^bff/', dependencyTypesNot: ['type-only'] }),
    forbid('common-and-emulator-stand-alone', 'common/ and emulator/ import nothing of bff/ or dashboard/', { path: '^(common|emulator)/' }, { path: '^(bff|dashboard)/' }),
    forbid('prom-client-only-in-metrics', 'only metrics/ knows the metrics library: the other parts report through the observer interfaces their own folders declare', { path: '^(bff|common|emulator|dashboard)/', pathNot: '^bff/src/metrics/' }, { path: 'node_modules/prom-client/' }),
    forbid('emulator-only-from-server', 'only the process entry starts the emulator (sandbox mode); the rest of the BFF only sees a URL and a key', { path: '^bff/', pathNot: '^bff/src/app/server\\.ts$' }, { path: '^emulator/' }),
    // The BFF's root holds shared utilities (clock, config, logger, …): they import no folder of the BFF.
    // public-types.ts is no utility but the BFF's face to the SPA: type-only re-exports from any folder.
    forbid('bff-root-utilities', 'the utilities at bff/src/ root sit below every folder of the BFF', { path: '^bff/src/[^/]+\\.ts$', pathNot: '^bff/src/public-types\\.ts$' }, { path: '^bff/src/[^/]+/' }),
    ...layerRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
