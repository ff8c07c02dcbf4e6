/**
 * The layers of ARCHITECTURE.md, checked by `npm run lint:layers` (part of `npm test`):
 *   src → machines → contract, server → contract, never back; machines touch only xstate and contract.
 * dependency-cruiser reads TypeScript through Babel; scripts/layers/keepTypeImports.cjs keeps type-only
 * imports visible, since a type import across layers breaks them too. (Browser globals in machines/
 * are kept out by machines/tsconfig.json, which has no DOM in scope.)
 */
module.exports = {
  forbidden: [
    {
      name: 'machines-are-pure',
      comment: 'machines/ imports only xstate, contract/ and itself: effects are supplied in src/system.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { pathNot: ['^machines/', '^contract/', '^node_modules/xstate/'] },
    },
    {
      name: 'contract-stands-alone',
      comment: 'contract/ is shared by both sides and depends on neither (only zod, date-fns and tlds).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', '^node_modules/(zod|date-fns|tlds)/'] },
    },
    {
      name: 'server-is-not-the-client',
      comment: 'server/ implements the contract; it never reaches into the storefront or its machines.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|machines)/' },
    },
    {
      name: 'client-is-not-the-server',
      comment: 'The storefront talks to the API over HTTP, through the contract only.',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { path: '^server/' },
    },
    {
      name: 'config-is-a-leaf',
      comment: 'src/config.ts holds the settings every layer reads; it reads only the contract.',
      severity: 'error',
      from: { path: '^src/config\\.ts$' },
      to: { pathNot: ['^contract/', '^node_modules/'] },
    },
    {
      name: 'lower-layers-of-src',
      comment: 'lib/, api/ and ui/ are used by features, routes and the system, never the other way.',
      severity: 'error',
      from: { path: '^src/(lib|api|ui)/' },
      to: { path: '^src/(features|routes|system)/' },
    },
    {
      name: 'api-speaks-the-contract',
      comment:
        'src/api answers the wire types of contract/ as Results; src/system maps them to what the machines expect.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^machines/' },
    },
    {
      name: 'system-below-features',
      comment:
        'Features read and drive the app through src/system; the assembly point never imports a feature.',
      severity: 'error',
      from: { path: '^src/system/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'features-below-routes',
      comment: 'Routes render features; a feature never imports a route.',
      severity: 'error',
      from: { path: '^src/(features|system)/' },
      to: { path: '^src/routes/' },
    },
    {
      name: 'no-test-code-in-the-product',
      severity: 'error',
      from: { path: '^(src|machines|contract|server)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other cannot be understood (or loaded) one at a time.',
      severity: 'error',
      from: { path: '^(src|machines|contract|server)/' },
      to: { circular: true },
    },
  ],
  options: {
    babelConfig: { fileName: 'scripts/layers/babel.config.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['routeTree\\.gen\\.ts$'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
