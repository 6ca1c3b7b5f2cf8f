// The rewards module, described once for the registry.
import { EVAL } from '../../cc/eval.js'
import { globalKeysOf, type ModuleDescriptor } from '../descriptor.js'
import { decodeRewardsOpret, type RewardsOpret } from './opret.js'
import { rewardsInspector, type RewardsReading } from './inspect.js'
import { rewardsinfo } from './info.js'

/**
 * The rewards module (eval 0xe5).
 * @example rewardsModule.methods.map((m) => m.name) // ['rewardscreatefunding', 'rewardsaddfunding', 'rewardslock', 'rewardsunlock']
 * @internal
 */
export const rewardsModule: ModuleDescriptor<'rewards', RewardsOpret, RewardsReading> = /* @__PURE__ */ Object.freeze({
  name: 'rewards',
  evalCode: EVAL.REWARDS,
  opretEvals: Object.freeze([EVAL.REWARDS]),
  globalKeys: globalKeysOf(EVAL.REWARDS),
  methods: Object.freeze([
    {
      name: 'rewardscreatefunding',
      funcids: 'F',
      params: ['name', 'amount', 'APR', 'mindays', 'maxdays', 'mindeposit'],
    },
    { name: 'rewardsaddfunding', funcids: 'A', params: ['name', 'fundingtxid', 'amount'] },
    { name: 'rewardslock', funcids: 'L', params: ['name', 'fundingtxid', 'amount'] },
    { name: 'rewardsunlock', funcids: 'U', params: ['name', 'fundingtxid', 'txid'] },
  ]),
  info: Object.freeze({ rewardsinfo }),
  decode: decodeRewardsOpret,
  inspect: rewardsInspector,
})
