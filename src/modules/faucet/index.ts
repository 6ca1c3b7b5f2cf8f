export { encodeFaucetOpret, decodeFaucetOpret, encodeFaucetPayload, type FaucetOpret, type FaucetGetOpret, type FaucetLegacyGetOpret } from './opret.js'
export * from './build.js'
