// Kept so that `../inspect.js` imports of the CLI, the RPC flow, the devnet and BuildResult keep working while
// they move onto the registry (issue 17, next step). The inspector lives in src/inspect/.
/** @deprecated internal path: import from `./inspect/index.js`. */
export * from './inspect/index.js'
