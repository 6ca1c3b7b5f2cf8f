export { encodeFaucetOpret, decodeFaucetOpret, encodeFaucetPayload, type FaucetOpret, type FaucetGetOpret } from './opret.js'
