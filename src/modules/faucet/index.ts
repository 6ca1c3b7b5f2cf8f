export { encodeFaucetOpret, decodeFaucetOpret, encodeFaucetPayload, type FaucetOpret, type FaucetGetOpret } from './opret.js'
export * from './build.js'
