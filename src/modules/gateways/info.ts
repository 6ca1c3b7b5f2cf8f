// Offline `gatewaysinfo`.
import { formatCoins } from '../../amount.js'
import { hexToBytes } from '../../bytes/hex.js'
import { hash160 } from '../../hash/index.js'
import { hash160ToAddress } from '../../address/address.js'
import { KMD, type ChainParams } from '../../address/chain.js'
import { encodeCondition, tokensCc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { hexOf } from '../opret.js'
import {
  ccScriptHex,
  expectFuncid,
  infoTx,
  infoTxs,
  spentSet,
  type InfoAmount,
  type InfoForm,
  type InfoMaybe,
  type InfoTxInput,
} from '../offline-info.js'
import { decodeGatewaysPayload, type GatewaysOpret } from './opret.js'

/**
 * `gatewaysinfo`: the RPC client's result (`GatewaysInfo`: `totalsupply`/`remaining`/`issued` in satoshis) and the
 * offline `gatewaysinfo`'s (`GatewaysInfo<'offline'>`: as the daemon prints them; `deposit` null when the bind's
 * keys make no address). Current daemons print `M`, `N`, `pubkeys`, `wiftype`; older ones a single `pubkey`.
 * @example const info: GatewaysInfo = await rpc.gatewaysinfo(bindtxid)
 */
export type GatewaysInfo<F extends InfoForm = 'rpc'> = {
  result: string
  name: string
  M?: number
  N?: number
  pubkeys?: string[]
  pubkey?: string
  coin?: string
  oracletxid?: string
  taddr?: number
  prefix?: number
  prefix2?: number
  wiftype?: number
  deposit?: InfoMaybe<F, string>
  tokenid?: string
  totalsupply?: InfoAmount<F>
  remaining?: InfoAmount<F>
  issued?: InfoAmount<F>
}

/**
 * Offline `gatewaysinfo`: from the bind transaction (and, for `remaining`, the gateway's token transactions:
 * unspent outputs at the gateway token address among `txs`). Current binds print `M`, `N`, `pubkeys`, `wiftype`;
 * the 2019 layout found in the docs prints the older key set with a single `pubkey`.
 * `deposit` is the M-of-N P2SH address (N > 1) or the first pubkey's address (N = 1), with the bind's prefixes.
 * @throws KomodoCcError OPRET_FUNCID (`invalid bindtxid …`)
 * @example gatewaysinfo(bindHex).deposit // 'RXEXoa1nRmKhMbuZovpcYwQMsicwzccZBp'
 */
export function gatewaysinfo(bindTx: InfoTxInput, txs: readonly InfoTxInput[] = []): GatewaysInfo<'offline'> {
  const b = infoTx(bindTx, 'bindTx', decodeGatewaysPayload)
  expectFuncid(b, 'gateways', 'B', `invalid bindtxid ${'0'.repeat(64)}`)
  const p = b.payload as Extract<GatewaysOpret, { funcid: 'B' }>
  const legacy = 'layout' in p
  const prefixes: ChainParams = {
    name: 'bind',
    pubtype: p.prefix,
    p2shtype: p.prefix2,
    wiftype: legacy ? 188 : (p as { wiftype: number }).wiftype,
  }
  const kmdStyle = p.prefix === 60 && p.prefix2 === 85
  let deposit: string | null = null
  if (p.N === 1 && p.pubkeys.length >= 1)
    deposit = hash160ToAddress(hash160(hexToBytes(p.pubkeys[0]!)), 'p2pkh', prefixes)
  else if (p.N > 1 && p.pubkeys.length === p.N && p.M >= 1 && p.M <= 16 && p.N <= 16) {
    const parts: number[] = [0x50 + p.M]
    for (const k of p.pubkeys) parts.push(k.length / 2, ...hexToBytes(k))
    parts.push(0x50 + p.N, 0xae)
    deposit = hash160ToAddress(hash160(new Uint8Array(parts)), 'p2sh', kmdStyle ? KMD : prefixes)
  }
  const all = [b, ...infoTxs(txs, 'txs', decodeGatewaysPayload)]
  const spent = spentSet(all)
  const tokenAddr = ccScriptHex(encodeCondition(tokensCc1of1(EVAL.GATEWAYS, ccModule(EVAL.GATEWAYS).pubkey)))
  let remaining = 0n
  for (const { tx, txid } of all)
    tx.vout.forEach((o, n) => {
      if (!spent.has(`${txid}:${n}`) && hexOf(o.script) === tokenAddr) remaining += o.value
    })
  const common = { coin: p.coin, oracletxid: p.oracletxid, taddr: p.taddr, prefix: p.prefix, prefix2: p.prefix2 }
  const tail = {
    deposit,
    tokenid: p.tokenid,
    totalsupply: formatCoins(p.totalsupply),
    remaining: formatCoins(remaining),
    issued: formatCoins(p.totalsupply - remaining),
  }
  if (legacy) return { result: 'success', name: 'Gateways', pubkey: p.pubkeys[0] ?? '', ...common, ...tail }
  if (p.M > p.N || p.N === 0) return { result: 'success', name: 'Gateways' }
  return {
    result: 'success',
    name: 'Gateways',
    M: p.M,
    N: p.N,
    pubkeys: p.pubkeys,
    ...common,
    wiftype: (p as { wiftype: number }).wiftype,
    ...tail,
  }
}
