// The gateways module's RPCs as the komodod client calls them (layer 7): argument checks and conversion, result
// parsers. createKomodoRpc builds its `gateways*` methods from this table (through modules/registry/rpc.ts).
import { KomodoCcError } from '../../errors.js'
import type { AmountArg } from '../../amount.js'
import type { ExactJson } from '../../rpc/json.js'
import { moduleAddressRpc, rpcMethod } from '../../rpc/method.js'
import { amountTextParam, hexParam, intParam, pubkeyParam, textParam, txidParam } from '../../rpc/params.js'
import { gatewaysUnits } from './units.js'
import {
  asObject,
  badResult as bad,
  parseHexResult,
  parseKeyed,
  parseTxidList,
  resultCoins as coins,
  resultInt as int,
  resultOptString as optStr,
  resultString as str,
  resultTxid as txidOf,
} from '../../rpc/results.js'
import type { ModuleAddresses } from '../../rpc/results.js'
import type { GatewaysInfo } from './info.js'

/**
 * `gatewaysaddress`: the `*address` result with the gateways' own key (`GatewaysPubkey`, the global pubkey as the
 * daemons that print it spell it).
 * @example (await rpc.gatewaysaddress()).gatewaysPubkey // '03ea9c06…cb40'
 */
export type GatewaysAddresses = ModuleAddresses & { gatewaysPubkey?: string }

const gatewaysAddress = /* @__PURE__ */ moduleAddressRpc(['Gateways'])

/**
 * The gateways RPCs of the komodod client, by daemon name. `gatewaysbind` takes `pubkeys` as one key or a list
 * of N keys (sent as N parameters) and `tokensupply` in token satoshis (whole-number text or a bigint),
 * sent as satoshi digits.
 * @example gatewaysRpc.gatewaysinfo.toParams(bindtxid) // [bindtxid]
 * @internal
 */
export const gatewaysRpc = /* @__PURE__ */ Object.freeze({
  /**
   * `gatewaysaddress [pubkey]`: the gateways module's addresses, the node's own and, with `pubkey`, that key's CC
   * address (balances in bigint satoshis), and `gatewaysPubkey` when printed.
   */
  gatewaysaddress: rpcMethod(
    gatewaysAddress.params,
    (pubkey?: string) => gatewaysAddress.toParams(pubkey),
    (v): GatewaysAddresses => {
      const out: GatewaysAddresses = gatewaysAddress.parse(v)
      if (out.raw.GatewaysPubkey !== undefined) out.gatewaysPubkey = str(out.raw, 'GatewaysPubkey')
      return out
    },
  ),
  /**
   * `gatewaysbind tokenid oracletxid coin tokensupply M N pubkeys… pubtype p2shtype wiftype [taddr]`: a transaction
   * binding a token and an oracle to an external `coin`, M of N signers (N ≤ 15, as many pubkeys), the coin's address
   * prefix bytes (0..255); `tokensupply` is token satoshis (whole-number text or a bigint), sent as digits. `{result, hex}`, not broadcast.
   */
  gatewaysbind: rpcMethod(
    ['tokenid', 'oracletxid', 'coin', 'tokensupply', 'M', 'N', 'pubkeys', 'pubtype', 'p2shtype', 'wiftype', 'taddr'],
    (
      tokenid: string,
      oracletxid: string,
      coin: string,
      tokensupply: AmountArg,
      M: number,
      N: number,
      pubkeys: string | readonly string[],
      pubtype: number,
      p2shtype: number,
      wiftype: number,
      taddr?: number,
    ) => {
      const list = typeof pubkeys === 'string' ? [pubkeys] : Array.isArray(pubkeys) ? pubkeys : []
      const n = Number(intParam(N, 'N', 1, 15))
      if (list.length !== n)
        throw new KomodoCcError('ARG_INVALID', `N is ${n} but ${list.length} pubkey(s) were given`, { name: 'pubkeys' })
      const m = Number(intParam(M, 'M', 1, n))
      return [
        txidParam(tokenid, 'tokenid'),
        txidParam(oracletxid, 'oracletxid'),
        textParam(coin, 'coin', 32),
        amountTextParam(tokensupply, 'tokensupply', gatewaysUnits.gatewaysbind.tokensupply, { min: 1n }),
        String(m),
        String(n),
        ...list.map((p, i) => pubkeyParam(p, `pubkeys[${i}]`)),
        intParam(pubtype, 'pubtype', 0, 255),
        intParam(p2shtype, 'p2shtype', 0, 255),
        intParam(wiftype, 'wiftype', 0, 255),
        ...(taddr === undefined ? [] : [intParam(taddr, 'taddr', 0, 255)]),
      ]
    },
    parseHexResult,
  ),
  /**
   * `gatewaysclaim bindtxid coin deposittxid destpub amount`: a transaction releasing `amount` (AmountArg) of the
   * gateway's tokens to `destpub` for a recorded deposit; `{result, hex}`, not broadcast.
   */
  gatewaysclaim: rpcMethod(
    ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount'],
    (bindtxid: string, coin: string, deposittxid: string, destpub: string, amount: AmountArg) => [
      txidParam(bindtxid, 'bindtxid'),
      textParam(coin, 'coin', 32),
      txidParam(deposittxid, 'deposittxid'),
      pubkeyParam(destpub, 'destpub'),
      amountTextParam(amount, 'amount', gatewaysUnits.gatewaysclaim.amount, { min: 1n }),
    ],
    parseHexResult,
  ),
  /**
   * `gatewayscompletesigning withdrawtxid coin hex`: a transaction posting the fully signed external payout `hex` of a
   * withdraw; `{result, hex}`, not broadcast.
   */
  gatewayscompletesigning: rpcMethod(
    ['withdrawtxid', 'coin', 'hex'],
    (withdrawtxid: string, coin: string, hex: string) => [
      txidParam(withdrawtxid, 'withdrawtxid'),
      textParam(coin, 'coin', 32),
      hexParam(hex, 'hex'),
    ],
    parseHexResult,
  ),
  /**
   * `gatewaysdeposit bindtxid height coin cointxid claimvout deposithex proof destpub amount`: a transaction recording
   * a deposit made on the external chain (its raw hex, vout and merkle proof, checked against the oracle's samples
   * for `height`) for `destpub` to claim; `amount` is an AmountArg. `{result, hex}`, not broadcast.
   */
  gatewaysdeposit: rpcMethod(
    ['bindtxid', 'height', 'coin', 'cointxid', 'claimvout', 'deposithex', 'proof', 'destpub', 'amount'],
    (
      bindtxid: string,
      height: number,
      coin: string,
      cointxid: string,
      claimvout: number,
      deposithex: string,
      proof: string,
      destpub: string,
      amount: AmountArg,
    ) => [
      txidParam(bindtxid, 'bindtxid'),
      intParam(height, 'height', 0, 0x7fffffff),
      textParam(coin, 'coin', 32),
      txidParam(cointxid, 'cointxid'),
      intParam(claimvout, 'claimvout', 0, 0x7fffffff),
      hexParam(deposithex, 'deposithex'),
      hexParam(proof, 'proof'),
      pubkeyParam(destpub, 'destpub'),
      amountTextParam(amount, 'amount', gatewaysUnits.gatewaysdeposit.amount, { min: 1n }),
    ],
    parseHexResult,
  ),
  /**
   * `gatewaysdumpprivkey bindtxid address`: `{result, privkey}`, the node wallet's private key of `address` as WIF with
   * the bind's `wiftype`.
   */
  gatewaysdumpprivkey: rpcMethod(
    ['bindtxid', 'address'],
    (bindtxid: string, address: string) => [txidParam(bindtxid, 'bindtxid'), textParam(address, 'address', 128)],
    (v) => parseKeyed(v, 'privkey'),
  ),
  /**
   * `gatewaysexternaladdress bindtxid pubkey`: `{result, address}`, the external coin's address of `pubkey` under the
   * bind's prefixes.
   */
  gatewaysexternaladdress: rpcMethod(
    ['bindtxid', 'pubkey'],
    (bindtxid: string, pubkey: string) => [txidParam(bindtxid, 'bindtxid'), pubkeyParam(pubkey, 'pubkey')],
    (v) => parseKeyed(v, 'address'),
  ),
  /**
   * `gatewaysinfo bindtxid`: the bind's coin, token, oracle, signers (`M`, `N`, `pubkeys`, or `pubkey` on old daemons),
   * prefixes, deposit address and `totalsupply`/`remaining`/`issued` in bigint satoshis.
   */
  gatewaysinfo: rpcMethod(['bindtxid'], (bindtxid: string) => [txidParam(bindtxid, 'bindtxid')], parseGatewaysInfo),
  /** `gatewayslist`: the bindtxids (display hex) of the chain's gateways. */
  gatewayslist: rpcMethod([], () => [], parseTxidList),
  /**
   * `gatewayswithdraw bindtxid coin withdrawpub amount`: a transaction returning `amount` (AmountArg) of tokens to
   * the gateway and asking its signers to pay `withdrawpub` on the external chain; `{result, hex}`, not broadcast.
   */
  gatewayswithdraw: rpcMethod(
    ['bindtxid', 'coin', 'withdrawpub', 'amount'],
    (bindtxid: string, coin: string, withdrawpub: string, amount: AmountArg) => [
      txidParam(bindtxid, 'bindtxid'),
      textParam(coin, 'coin', 32),
      pubkeyParam(withdrawpub, 'withdrawpub'),
      amountTextParam(amount, 'amount', gatewaysUnits.gatewayswithdraw.amount, { min: 1n }),
    ],
    parseHexResult,
  ),
})

/** @internal @example parseGatewaysInfo(await send('gatewaysinfo', [bindtxid])).deposit */
export function parseGatewaysInfo(v: ExactJson): GatewaysInfo {
  const o = asObject(v)
  const out: GatewaysInfo = { result: str(o, 'result'), name: str(o, 'name') }
  for (const k of ['M', 'N', 'taddr', 'prefix', 'prefix2', 'wiftype'] as const)
    if (o[k] !== undefined) out[k] = int(o[k], `result.${k}`)
  for (const k of ['pubkey', 'coin', 'deposit'] as const) {
    const x = optStr(o, k)
    if (x !== undefined) out[k] = x
  }
  for (const k of ['oracletxid', 'tokenid'] as const) if (o[k] !== undefined) out[k] = txidOf(o[k], `result.${k}`)
  for (const k of ['totalsupply', 'remaining', 'issued'] as const)
    if (o[k] !== undefined) out[k] = coins(o[k], `result.${k}`)
  if (o.pubkeys !== undefined) {
    const pk = o.pubkeys
    if (!Array.isArray(pk) || !pk.every((x) => typeof x === 'string'))
      bad('result.pubkeys', 'is not an array of strings')
    out.pubkeys = pk as string[]
  }
  return out
}
