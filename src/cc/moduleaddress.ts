import { KomodoCcError } from '../errors.js'
import { p2pkhAddress } from '../address/address.js'
import { ccAddress, tokensCcAddress } from './address.js'
import { ccModule, EVAL, type CcModule } from './eval.js'
import { pubkey33 } from './condition.js'

/** Options of {@link moduleAddressInfo}. */
export type ModuleAddressOptions = {
  /** The RPC's optional `pubkey` argument: adds `PubkeyCCaddress(<Name>)` (current format) or `CCaddress` (legacy). */
  pubkey?: string | Uint8Array
  /** The node's `-pubkey` (the `my…` keys); without it those keys are left out. */
  mypubkey?: string | Uint8Array
  /**
   * `'current'` (default): Komodo master's keys (`<Name>CCAddress`, balances, `<Name>CCTokensAddress`, …).
   * `'legacy'`: the 2018 spelling (`<Name>CCaddress`, `<Name>marker`, `GatewaysPubkey`, `<Name>CCassets`,
   * `CCaddress`, `myCCaddress`, `myaddress`) seen in older documentation.
   */
  format?: 'current' | 'legacy'
  /** Balances to print (chain state is not known offline; default 0, which `PubkeyCCbalance` always is anyway). */
  balances?: { cc?: number; normal?: number; pubkeyCc?: number; myCc?: number; my?: number }
}

const GATEWAYS_PUBKEY = '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'

/**
 * Offline equivalent of `tokenaddress`, `faucetaddress`, `diceaddress`, `oraclesaddress`, `gatewaysaddress`,
 * `rewardsaddress` (any module of the constants table): the same keys, in the daemon's order, with the same
 * addresses. Balances are not chain-aware (see `balances`).
 * @throws KomodoCcError ARG_INVALID (unknown module, format) | PUBKEY_INVALID | HEX_INVALID
 * @example moduleAddressInfo('faucet', { pubkey: '03336ca9…62a8' })['PubkeyCCaddress(Faucet)'] // 'RReGLfH2MTrkeLSepkVy5vnQPE29g7KofS'
 */
export function moduleAddressInfo(
  module: string | number | CcModule,
  opts: ModuleAddressOptions = {},
): Record<string, string | number> {
  const mod = typeof module === 'object' ? module : ccModule(module)
  const format = opts.format ?? 'current'
  if (format !== 'current' && format !== 'legacy')
    throw new KomodoCcError('ARG_INVALID', `format expected 'current' or 'legacy', got ${String(format)}`)
  const pk = opts.pubkey === undefined ? undefined : pubkey33(opts.pubkey, 'pubkey')
  const my = opts.mypubkey === undefined ? undefined : pubkey33(opts.mypubkey, 'mypubkey')
  const bal = opts.balances ?? {}
  const name = mod.name
  const out: Record<string, string | number> = { result: 'success' }
  if (format === 'legacy') {
    out[`${name}CCaddress`] = ccAddress(mod.evalCode, mod.pubkey)
    out[`${name}marker`] = p2pkhAddress(mod.pubkey)
    out.GatewaysPubkey = GATEWAYS_PUBKEY
    if (my !== undefined) out[`${name}CCassets`] = ccAddress(EVAL.ASSETS, my)
    if (pk !== undefined) out.CCaddress = ccAddress(mod.evalCode, pk)
    if (my !== undefined) {
      out.myCCaddress = ccAddress(mod.evalCode, my)
      out.myaddress = p2pkhAddress(my)
    }
    return out
  }
  out[`${name}CCAddress`] = ccAddress(mod.evalCode, mod.pubkey)
  out[`${name}CCBalance`] = bal.cc ?? 0
  out[`${name}NormalAddress`] = p2pkhAddress(mod.pubkey)
  out[`${name}NormalBalance`] = bal.normal ?? 0
  if (mod.evalCode === EVAL.GATEWAYS) out.GatewaysPubkey = GATEWAYS_PUBKEY
  if (mod.evalCode !== EVAL.TOKENS) out[`${name}CCTokensAddress`] = tokensCcAddress(mod.evalCode, mod.pubkey)
  if (pk !== undefined) {
    out[`PubkeyCCaddress(${name})`] = ccAddress(mod.evalCode, pk)
    out[`PubkeyCCbalance(${name})`] = bal.pubkeyCc ?? 0
  }
  if (my !== undefined) {
    out[`myCCAddress(${name})`] = ccAddress(mod.evalCode, my)
    out[`myCCbalance(${name})`] = bal.myCc ?? 0
    out.myaddress = p2pkhAddress(my)
    out.mybalance = bal.my ?? 0
  }
  return out
}
