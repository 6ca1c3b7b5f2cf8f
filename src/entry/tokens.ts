// komodo-cc/tokens: the tokens module's payload codec and offline builders
export * from '../modules/tokens/index.js'
