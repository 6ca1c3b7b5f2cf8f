// The registry's list of the modules' Node-only public parts (layer 8): what a module's devnet part or demo step
// exports to the Node root (src/node.ts, `komodo-cc/node`).
export { validateGateways } from '../gateways/devnet.js'
export { oracleDataState } from '../oracles/demo.js'
