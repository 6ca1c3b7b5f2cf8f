// The rewards module's CLI part (layer 9): its `build` methods and how `rpc` reads its RPCs' parameters.
import { buildRewardsAddFunding, buildRewardsCreateFunding, buildRewardsLock, buildRewardsUnlock } from './build.js'
import { cliInt, cliMethod, cliSats } from '../../cli/build-method.js'
import type { ModuleCli } from '../../cli/module.js'

/**
 * The rewards module's CLI part.
 * @example rewardsCli.build.rewardslock!.params.map((p) => p.name) // ['name', 'fundingtxid', 'amount']
 */
export const rewardsCli: ModuleCli = /* @__PURE__ */ Object.freeze({
  build: Object.freeze({
    rewardscreatefunding: cliMethod(
      buildRewardsCreateFunding,
      [
        'name',
        'amount',
        'APR',
        { name: 'mindays', parse: (t) => cliInt(t, 'mindays') },
        { name: 'maxdays', parse: (t) => cliInt(t, 'maxdays') },
        'mindeposit',
      ],
      { optional: 4, state: '{"plans": ["<F tx hex>"…]} (optional)' },
    ),
    rewardsaddfunding: cliMethod(buildRewardsAddFunding, ['name', 'fundingtxid', 'amount'], {
      state: '{"plan": "<F tx hex>"}',
    }),
    rewardslock: cliMethod(buildRewardsLock, ['name', 'fundingtxid', 'amount'], {
      state: '{"plan": "<F tx hex>", "funding": "<plan funding sat>"}',
      stateFrom: (s) => ({ ...s, funding: cliSats(s.funding, 'funding') }),
    }),
    rewardsunlock: cliMethod(buildRewardsUnlock, ['name', 'fundingtxid', 'txid'], {
      optional: 1,
      state:
        '{"plan": "<F tx hex>", "locks": [{"tx": "<L tx hex>", "blockTime": N}], "funding": [<utxo>…], "tipTime": N}',
    }),
  }),
  rpc: Object.freeze({
    rewardsaddfunding: 'ssc',
    rewardsaddress: 's',
    rewardscreatefunding: 'scsiic',
    rewardsinfo: 's',
    rewardslist: '',
    rewardslock: 'ssc',
    rewardsunlock: 'sss',
  }),
})
