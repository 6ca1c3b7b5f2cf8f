// Kept so that `../info.js` imports of the CLI keep working until it loops over the registry (issue 17, next
// step). Each module's offline `*info` lives in its folder (src/modules/<module>/info.ts).
export { tokeninfo } from './modules/tokens/info.js'
export { faucetinfo } from './modules/faucet/info.js'
export { diceinfo } from './modules/dice/info.js'
export { oraclesinfo } from './modules/oracles/info.js'
export { gatewaysinfo } from './modules/gateways/info.js'
export { rewardsinfo } from './modules/rewards/info.js'
export type { InfoTxInput } from './modules/offline-info.js'
