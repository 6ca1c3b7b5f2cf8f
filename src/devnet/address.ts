// The `<module>address` RPC of every module, driven by the module's descriptor (layer 8; names no module).
import { KomodoCcError } from '../errors.js'
import { p2pkhAddress } from '../address/address.js'
import { ccAddress } from '../cc/address.js'
import { ccModule, type CcModule } from '../cc/eval.js'
import { moduleAddressInfo } from '../cc/moduleaddress.js'
import type { ModuleDescriptor } from '../modules/descriptor.js'
import { coins, str, type Method } from './node.js'

/**
 * The devnet's `<module>address [pubkey]` RPC for a module: the daemon's keys in
 * the daemon's order (`moduleAddressInfo` of the module's eval code and global key), with the balances of the
 * module's CC and normal addresses, of the wallet's CC address in the module and of the wallet's normal address
 * read from the chain. A `pubkey` that is not 33-byte hex is ignored, as the daemon does.
 * @throws KomodoCcError ARG_INVALID when the descriptor has no global key for its eval code
 * @example for (const { module, devnet } of IO_MODULES) methods[devnet.addressRpc] = moduleAddressMethod(module, devnet.addressRpc)
 */
export function moduleAddressMethod(module: Pick<ModuleDescriptor, 'evalCode' | 'globalKeys'>, rpc: string): Method {
  const pubkey = module.globalKeys[module.evalCode]
  if (pubkey === undefined)
    throw new KomodoCcError(
      'ARG_INVALID',
      `the descriptor of eval 0x${module.evalCode.toString(16)} has no global key for it`,
      { evalCode: module.evalCode },
    )
  // the daemon's display name of the module (`<Name>CCAddress`) from the eval-code table; the key from the descriptor
  const cc: CcModule = Object.freeze({ ...ccModule(module.evalCode), pubkey })
  const name = cc.name
  return {
    min: 0,
    max: 1,
    usage: `${rpc} [pubkey]\n`,
    run: (n, p) => {
      const pk = p[0] === undefined ? undefined : str(p[0])
      const info = moduleAddressInfo(cc, {
        mypubkey: n.wallet.pubkey,
        ...(pk !== undefined && /^0[23][0-9a-fA-F]{64}$/.test(pk) ? { pubkey: pk } : {}),
      })
      const bal = (a: string): number => coins(n.chain.addressCoins(a).reduce((s, c) => s + c.value, 0n))
      info[`${name}CCBalance`] = bal(String(info[`${name}CCAddress`]))
      info[`${name}NormalBalance`] = bal(String(info[`${name}NormalAddress`]))
      info[`myCCbalance(${name})`] = bal(ccAddress(module.evalCode, n.wallet.pubkey))
      info.mybalance = bal(p2pkhAddress(n.wallet.pubkey))
      return info
    },
  }
}
