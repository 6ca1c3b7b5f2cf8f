// The oracles module's RPCs as the komodod client calls them (layer 7): argument checks and conversion, result
// parsers. createKomodoRpc builds its `oracles*` methods from this table (through modules/registry/rpc.ts).
import { KomodoCcError } from '../../errors.js'
import type { AmountArg } from '../../amount.js'
import { oraclesUnits } from './units.js'
import type { ExactJson } from '../../rpc/json.js'
import { moduleAddressRpc, rpcMethod } from '../../rpc/method.js'
import {
  addressParam,
  amountTextParam,
  hexParam,
  intParam,
  pubkeyParam,
  textParam,
  txidParam,
} from '../../rpc/params.js'
import {
  asObject,
  badResult as bad,
  parseHexResult,
  parseTxidList,
  resultCoins as coins,
  resultString as str,
  resultTxid as txidOf,
} from '../../rpc/results.js'
import type { OraclesInfo, OraclesSamples } from './info.js'

/**
 * The oracles RPCs of the komodod client, by daemon name. `oraclesregister`'s `datafee` is read as komodo-cli
 * reads it (digits are satoshis, `0.…` is coins; a bigint is satoshis) and goes out as satoshi digits (the daemon
 * reads a non-zero integer with atol first); `oraclessamples`' `baton` is the publisher's baton address (current daemons) or a baton
 * txid (2018 daemons).
 * @example oraclesRpc.oraclesregister.toParams(oracletxid, '0.001') // [oracletxid, '100000']
 * @internal
 */
export const oraclesRpc = /* @__PURE__ */ Object.freeze({
  /**
   * `oraclesaddress [pubkey]`: the oracles module's addresses, the node's own and, with `pubkey`, that key's CC address
   * (balances in bigint satoshis).
   */
  oraclesaddress: moduleAddressRpc(['Oracles']),
  /**
   * `oraclescreate name description format`: a transaction creating an oracle (name ≤ 32 bytes, format of
   * `sSdDcCtTiIlLh`, else `ORACLE_FORMAT`); `{result, hex}`, not broadcast.
   */
  oraclescreate: rpcMethod(
    ['name', 'description', 'format'],
    (name: string, description: string, format: string) => {
      const f = textParam(format, 'format', 4096)
      if (!/^[sSdDcCtTiIlLh]+$/.test(f))
        throw new KomodoCcError('ORACLE_FORMAT', 'format must use only the characters s S d D c C t T i I l L h', {
          name: 'format',
        })
      return [textParam(name, 'name', 32), textParam(description, 'description', 4096, true), f]
    },
    parseHexResult,
  ),
  /**
   * `oraclesdata oracletxid hexstr`: a transaction publishing one record (`hexstr`, the format-encoded data as hex) as
   * the node's key; `{result, hex}`, not broadcast.
   */
  oraclesdata: rpcMethod(
    ['oracletxid', 'hexstr'],
    (oracletxid: string, hexstr: string) => [txidParam(oracletxid, 'oracletxid'), hexParam(hexstr, 'hexstr')],
    parseHexResult,
  ),
  /**
   * `oraclesfund oracletxid`: a transaction putting 10000 satoshis on the node's Oracles CC address, which
   * `oraclesregister` spends; `{result, hex}`, not broadcast.
   */
  oraclesfund: rpcMethod(['oracletxid'], (oracletxid: string) => [txidParam(oracletxid, 'oracletxid')], parseHexResult),
  /**
   * `oraclesinfo oracletxid`: the oracle's name, description, format, marker address and its publishers (`registered`:
   * baton, `lifetime`, `funds`, `datafee` in bigint satoshis).
   */
  oraclesinfo: rpcMethod(
    ['oracletxid'],
    (oracletxid: string) => [txidParam(oracletxid, 'oracletxid')],
    parseOraclesInfo,
  ),
  /** `oracleslist`: the oracletxids (display hex) of the chain's oracles. */
  oracleslist: rpcMethod([], () => [], parseTxidList),
  /**
   * `oraclesregister oracletxid datafee`: a transaction registering the node's key as a publisher at `datafee` per
   * record (AmountArg, ≥ 10000 satoshis, sent as satoshi digits); `{result, hex}`, not broadcast.
   */
  oraclesregister: rpcMethod(
    ['oracletxid', 'datafee'],
    (oracletxid: string, datafee: AmountArg) =>
      // the daemon reads a non-zero integer as satoshis (atol first), so the fee goes out as satoshi digits
      [
        txidParam(oracletxid, 'oracletxid'),
        amountTextParam(datafee, 'datafee', oraclesUnits.oraclesregister.datafee, { min: 10000n }),
      ],
    parseHexResult,
  ),
  /**
   * `oraclessamples oracletxid baton num`: up to `num` (0: no limit) data records found at a publisher's baton address
   * (2018 daemons: baton txid), each its `data` values as text and its `txid`.
   */
  oraclessamples: rpcMethod(
    ['oracletxid', 'baton', 'num'],
    (oracletxid: string, baton: string, num: number) => [
      txidParam(oracletxid, 'oracletxid'),
      batonParam(baton),
      intParam(num, 'num', 0, 0x7fffffff),
    ],
    parseOraclesSamples,
  ),
  /**
   * `oraclessubscribe oracletxid publisher amount`: a transaction paying `amount` (AmountArg, ≥ 1 satoshi) to the
   * publisher's Oracles CC address, which its records' datafees draw on; `{result, hex}`, not broadcast.
   */
  oraclessubscribe: rpcMethod(
    ['oracletxid', 'publisher', 'amount'],
    (oracletxid: string, publisher: string, amount: AmountArg) => [
      txidParam(oracletxid, 'oracletxid'),
      pubkeyParam(publisher, 'publisher'),
      amountTextParam(amount, 'amount', oraclesUnits.oraclessubscribe.amount, { min: 1n }),
    ],
    parseHexResult,
  ),
})

/** Current daemons take the publisher's baton address; 2018 daemons took a baton txid. Both are accepted. */
function batonParam(v: unknown): string {
  if (typeof v === 'string' && /^[0-9a-fA-F]{64}$/.test(v)) return v
  return addressParam(v, 'baton')
}

/** @internal @example parseOraclesInfo(await send('oraclesinfo', [oracletxid])).registered */
export function parseOraclesInfo(v: ExactJson): OraclesInfo {
  const o = asObject(v)
  const reg = o.registered ?? []
  if (!Array.isArray(reg)) bad('result.registered', 'is not an array')
  return {
    result: str(o, 'result'),
    txid: txidOf(o.txid ?? null, 'result.txid'),
    name: str(o, 'name'),
    description: str(o, 'description'),
    format: str(o, 'format'),
    marker: str(o, 'marker'),
    registered: reg.map((r, i) => {
      const p = `result.registered[${i}]`
      const e = asObject(r, p)
      return {
        publisher: str(e, 'publisher', p),
        baton: str(e, 'baton', p),
        batontxid: txidOf(e.batontxid ?? null, `${p}.batontxid`),
        lifetime: coins(e.lifetime ?? null, `${p}.lifetime`),
        funds: coins(e.funds ?? null, `${p}.funds`),
        datafee: coins(e.datafee ?? null, `${p}.datafee`),
      }
    }),
  }
}

/** @internal both the current `{txid, data}` and the 2018 `[[...]]` sample forms @example parseOraclesSamples(await send('oraclessamples', params)).samples */
export function parseOraclesSamples(v: ExactJson): OraclesSamples {
  const o = asObject(v)
  const s = o.samples
  if (!Array.isArray(s)) bad('result.samples', 'is not an array')
  const strings = (x: ExactJson, p: string): string[] => {
    if (!Array.isArray(x) || !x.every((y) => typeof y === 'string')) bad(p, 'is not an array of strings')
    return x as string[]
  }
  return {
    result: str(o, 'result'),
    samples: s.map((x, i) => {
      const p = `result.samples[${i}]`
      if (Array.isArray(x)) return { data: strings(x, p) }
      const e = asObject(x, p)
      return { txid: txidOf(e.txid ?? null, `${p}.txid`), data: strings(e.data ?? null, `${p}.data`) }
    }),
  }
}
