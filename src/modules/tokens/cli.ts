// The tokens module's CLI part (layer 9): its `build` methods and how `rpc` reads its RPCs' parameters.
import { buildTokenCreate, buildTokenTransfer } from './build.js'
import { cliMethod } from '../../cli/build-method.js'
import type { ModuleCli } from '../../cli/module.js'

/**
 * The tokens module's CLI part. `tokencreate` always takes 4 parameters: pass `-` (as the rewards methods do) for no
 * description or no NFT data.
 * @example Object.keys(tokensCli.build) // ['tokencreate', 'tokentransfer']
 */
export const tokensCli: ModuleCli = /* @__PURE__ */ Object.freeze({
  build: Object.freeze({
    tokencreate: cliMethod(buildTokenCreate, [
      'name',
      'supply',
      { name: 'description', omit: ['-'] },
      { name: 'data', omit: ['', '-'] },
    ]),
    tokentransfer: cliMethod(buildTokenTransfer, ['tokenid', 'destpubkey', 'amount'], {
      state: '{"create": "<token create tx hex>", "tokens": [<utxo on your token address>…]}',
    }),
  }),
  rpc: Object.freeze({
    tokenaddress: 's',
    tokenbalance: 'ss',
    tokencreate: 'scss',
    tokeninfo: 's',
    tokenlist: '',
    tokentransfer: 'ssu',
  }),
})
