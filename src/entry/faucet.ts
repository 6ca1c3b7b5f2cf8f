// komodo-cc/faucet: the faucet module's payload codec and offline builders
export * from '../modules/faucet/index.js'
