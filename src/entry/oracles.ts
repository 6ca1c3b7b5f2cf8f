// komodo-cc/oracles: the oracle data codec, and the oracles module's payloads and builders
export * from '../oracles/index.js'
export * from '../modules/oracles/index.js'
