import { KomodoCcError } from '../errors.js'
import { COIN, toSatoshis } from '../amount.js'
import type { ExactJson } from './json.js'
import { checkTransactionHex } from './txcheck.js'

// Typed results of komodod's RPCs, and the readers the modules' result parsers (modules/<m>/rpc.ts) share. Amounts come
// back as bigint satoshis: the daemon prints them as "%.8f" strings
// or as JSON numbers with 8 decimals, both parsed exactly (see parseJsonExact). `raw` keeps the daemon's object.

/** `{result, hex}` of every state-changing module RPC; `hex` is checked to be one transaction. */
export type HexResult = { result: string; hex: string }

/**
 * A module's `*address` result with the key spellings of every daemon version folded together:
 * `<Name>CCAddress`/`<Name>CCaddress`, `<Name>NormalAddress`/`<Name>marker`, `myCCAddress(<Name>)`/`myCCaddress`,
 * `PubkeyCCaddress(<Name>)`/`CCaddress`. Balances are satoshis.
 */
export type ModuleAddresses = {
  result: string
  ccAddress: string
  ccBalance?: bigint
  normalAddress?: string
  normalBalance?: bigint
  ccTokensAddress?: string
  ccAssets?: string
  pubkeyCCAddress?: string
  pubkeyCCBalance?: bigint
  myCCAddress?: string
  myCCBalance?: bigint
  myAddress?: string
  myBalance?: bigint
  raw: Record<string, ExactJson>
}

/** One entry of `getaddressutxos`. */
export type AddressUtxo = {
  address: string
  txid: string
  outputIndex: number
  script: string
  satoshis: bigint
  height: number
}
/**
 * One entry of `getaddressmempool`: an output of a mempool transaction paying the address (`satoshis` ≥ 0, `index`
 * its vout) or an input spending from it (`satoshis` < 0, `index` its vin, `prevtxid`:`prevout` the spent output).
 * `timestamp`: when the transaction entered the mempool (seconds).
 */
export type AddressMempoolDelta = {
  address: string
  txid: string
  index: number
  satoshis: bigint
  timestamp: number
  prevtxid?: string
  prevout?: number
}
/**
 * One entry of `getaddressdeltas`: a confirmed output paying the address (`satoshis` ≥ 0, `index` its vout) or an
 * input spending from it (`satoshis` < 0, `index` its vin); `blockindex` is the transaction's position in its block
 * (absent from daemons that do not print it).
 */
export type AddressDelta = {
  address: string
  txid: string
  index: number
  satoshis: bigint
  height: number
  blockindex?: number
}
/** One entry of `listunspent` (`amount` in satoshis). */
export type WalletUnspent = {
  txid: string
  vout: number
  address?: string
  scriptPubKey: string
  amount: bigint
  confirmations: number
  spendable?: boolean
  generated?: boolean
  raw: Record<string, ExactJson>
}
/** `getinfo` (the fields komodo-cc reads; everything else stays in `raw`). */
export type NodeInfo = {
  version?: number
  blocks: number
  connections?: number
  name?: string
  pubkey?: string
  raw: Record<string, ExactJson>
}

const TXID_RE = /^[0-9a-fA-F]{64}$/
/** Longest amount text read (`"-92233720368.54775808"` is 21 characters). */
const MAX_AMOUNT_TEXT = 64

/** @internal Throws RPC_RESULT naming the path. @example badResult('result.name', 'is not a string') */
export function badResult(path: string, what: string): never {
  throw new KomodoCcError('RPC_RESULT', `${path} ${what}`, { path })
}

/** @internal @example asObject(result).hex */
export function asObject(v: ExactJson, path = 'result'): Record<string, ExactJson> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || typeof v === 'bigint')
    badResult(path, 'is not an object')
  return v as Record<string, ExactJson>
}

/** @internal A string field. @example resultString(o, 'name') */
export function resultString(o: Record<string, ExactJson>, key: string, path = 'result'): string {
  const v = o[key]
  if (typeof v !== 'string') badResult(`${path}.${key}`, 'is not a string')
  return v
}

/** @internal An optional string field. @example resultOptString(o, 'data') // undefined when absent */
export function resultOptString(o: Record<string, ExactJson>, key: string, path = 'result'): string | undefined {
  return o[key] === undefined ? undefined : resultString(o, key, path)
}

/** @internal A txid (64 hex digits). @example resultTxid(o.txid ?? null, 'result.txid') */
export function resultTxid(v: ExactJson, path: string): string {
  if (typeof v !== 'string' || !TXID_RE.test(v)) badResult(path, 'is not a txid (64 hex digits)')
  return v
}

/** @internal A safe integer. @example resultInt(o.maxodds ?? null, 'result.maxodds') */
export function resultInt(v: ExactJson, path: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) badResult(path, 'is not an integer')
  return v
}

/** @internal An unsigned integer (JSON number, big integer or digit text). @example resultU64(o.sbits ?? null, 'result.sbits') */
export function resultU64(v: ExactJson, path: string): bigint {
  if (typeof v === 'bigint') return v
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
  if (typeof v === 'string' && v.length <= 20 && /^\d+$/.test(v)) return BigInt(v)
  return badResult(path, 'is not an integer')
}

/**
 * @internal The head a plan module's `*info` result starts with: `result`, the plan's `fundingtxid`, its `name` and
 * `sbits`, in the daemon's order.
 * @example const info = { ...resultPlanHead(asObject(v)), funding: resultCoins(o.funding ?? null, 'result.funding') }
 */
export function resultPlanHead(o: Record<string, ExactJson>): {
  result: string
  fundingtxid: string
  name: string
  sbits: bigint
} {
  return {
    result: resultString(o, 'result'),
    fundingtxid: resultTxid(o.fundingtxid ?? null, 'result.fundingtxid'),
    name: resultString(o, 'name'),
    sbits: resultU64(o.sbits ?? null, 'result.sbits'),
  }
}

/** @internal A signed 64-bit integer (JSON number or big integer). @example resultI64(o.satoshis ?? null, 'result.satoshis') */
export function resultI64(v: ExactJson, path: string): bigint {
  if (typeof v === 'bigint' && v >= -(2n ** 63n) && v < 2n ** 63n) return v
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
  return badResult(path, 'is not a 64-bit integer')
}

/**
 * @internal Coins as the daemon prints them ("%.8f" text or a JSON number) → satoshis, exactly.
 * @example resultCoins('1.5', 'result.funding') // 150000000n
 */
export function resultCoins(v: ExactJson, path: string): bigint {
  try {
    if (typeof v === 'bigint') return v * COIN
    // a daemon prints at most ~30 characters; longer text is refused before any regular expression sees it
    if (typeof v === 'number' || (typeof v === 'string' && v.length <= MAX_AMOUNT_TEXT))
      return toSatoshis(v, path, { allowNegative: true })
  } catch {
    // fall through
  }
  return badResult(path, 'is not an amount of coins')
}

/** @internal `{result, hex}` with a transaction inside. @example parseHexResult(await send(method, params)) */
export function parseHexResult(v: ExactJson): HexResult {
  const o = asObject(v)
  const hex = resultString(o, 'hex')
  checkTransactionHex(hex, 'result.hex')
  return { result: typeof o.result === 'string' ? o.result : 'success', hex }
}

/** @internal array of display txids @example parseTxidList(await send(method, params)) */
export function parseTxidList(v: ExactJson): string[] {
  if (!Array.isArray(v)) badResult('result', 'is not an array of txids')
  return v.map((x, i) => resultTxid(x, `result[${i}]`))
}

/** @internal a bare txid (sendrawtransaction) @example parseTxid(await send(method, params)) */
export function parseTxid(v: ExactJson): string {
  return resultTxid(v, 'result')
}

/** @internal @example parseModuleAddresses(await send(method, params)) */
export function parseModuleAddresses(v: ExactJson, names: readonly string[]): ModuleAddresses {
  const o = asObject(v)
  const pick = (...keys: string[]): ExactJson | undefined => {
    for (const k of keys) if (o[k] !== undefined) return o[k]
    return undefined
  }
  const keysFor = (f: (n: string) => string[]): string[] => names.flatMap(f)
  const s = (keys: string[]): string | undefined => {
    const x = pick(...keys)
    if (x === undefined) return undefined
    if (typeof x !== 'string') badResult(`result.${keys[0]}`, 'is not a string')
    return x
  }
  const b = (keys: string[]): bigint | undefined => {
    const x = pick(...keys)
    return x === undefined ? undefined : resultCoins(x, `result.${keys[0]}`)
  }
  const ccAddress = s(keysFor((n) => [`${n}CCAddress`, `${n}CCaddress`]))
  if (ccAddress === undefined) badResult('result', `has no ${names[0]}CCAddress`)
  const out: ModuleAddresses = { result: typeof o.result === 'string' ? o.result : 'success', ccAddress, raw: o }
  const set = <K extends keyof ModuleAddresses>(k: K, x: ModuleAddresses[K] | undefined): void => {
    if (x !== undefined) out[k] = x
  }
  set('ccBalance', b(keysFor((n) => [`${n}CCBalance`])))
  set('normalAddress', s(keysFor((n) => [`${n}NormalAddress`, `${n}marker`])))
  set('normalBalance', b(keysFor((n) => [`${n}NormalBalance`])))
  set('ccTokensAddress', s(keysFor((n) => [`${n}CCTokensAddress`])))
  set('ccAssets', s(keysFor((n) => [`${n}CCassets`])))
  set('pubkeyCCAddress', s([...keysFor((n) => [`PubkeyCCaddress(${n})`]), 'CCaddress']))
  set('pubkeyCCBalance', b(keysFor((n) => [`PubkeyCCbalance(${n})`])))
  set('myCCAddress', s([...keysFor((n) => [`myCCAddress(${n})`, `myCCaddress(${n})`]), 'myCCaddress', 'myCCAddress']))
  set('myCCBalance', b(keysFor((n) => [`myCCbalance(${n})`])))
  set('myAddress', s(['myaddress']))
  set('myBalance', b(['mybalance']))
  return out
}

/** @internal `{result, <key>}` results (an address, a private key) @example parseKeyed(await send(method, params)) */
export function parseKeyed<K extends string>(v: ExactJson, key: K): { result: string } & Record<K, string> {
  const o = asObject(v)
  return { result: resultString(o, 'result'), [key]: resultString(o, key) } as { result: string } & Record<K, string>
}

/** @internal @example parseAddressUtxos(await send(method, params)) */
export function parseAddressUtxos(v: ExactJson): AddressUtxo[] {
  if (!Array.isArray(v)) badResult('result', 'is not an array')
  return v.map((x, i) => {
    const p = `result[${i}]`
    const e = asObject(x, p)
    const script = resultString(e, 'script', p)
    if (!/^([0-9a-fA-F]{2})*$/.test(script)) badResult(`${p}.script`, 'is not hex')
    const satoshis = resultU64(e.satoshis ?? null, `${p}.satoshis`)
    return {
      address: resultString(e, 'address', p),
      txid: resultTxid(e.txid ?? null, `${p}.txid`),
      outputIndex: resultInt(e.outputIndex ?? null, `${p}.outputIndex`),
      script,
      satoshis,
      height: resultInt(e.height ?? null, `${p}.height`),
    }
  })
}

/** @internal @example parseAddressMempool(await send('getaddressmempool', [{ addresses: [a] }])) */
export function parseAddressMempool(v: ExactJson): AddressMempoolDelta[] {
  if (!Array.isArray(v)) badResult('result', 'is not an array')
  return v.map((x, i) => {
    const p = `result[${i}]`
    const e = asObject(x, p)
    const out: AddressMempoolDelta = {
      address: resultString(e, 'address', p),
      txid: resultTxid(e.txid ?? null, `${p}.txid`),
      index: resultInt(e.index ?? null, `${p}.index`),
      satoshis: resultI64(e.satoshis ?? null, `${p}.satoshis`),
      timestamp: resultInt(e.timestamp ?? null, `${p}.timestamp`),
    }
    if (out.index < 0) badResult(`${p}.index`, 'is negative')
    if (e.prevtxid !== undefined) out.prevtxid = resultTxid(e.prevtxid, `${p}.prevtxid`)
    if (e.prevout !== undefined) out.prevout = resultInt(e.prevout, `${p}.prevout`)
    if ((out.prevtxid === undefined) !== (out.prevout === undefined))
      badResult(p, 'names only one of prevtxid and prevout')
    if (out.prevout !== undefined && out.prevout < 0) badResult(`${p}.prevout`, 'is negative')
    return out
  })
}

/** @internal @example parseAddressDeltas(await send('getaddressdeltas', [{ addresses: [a] }])) */
export function parseAddressDeltas(v: ExactJson): AddressDelta[] {
  if (!Array.isArray(v)) badResult('result', 'is not an array')
  return v.map((x, i) => {
    const p = `result[${i}]`
    const e = asObject(x, p)
    const out: AddressDelta = {
      address: resultString(e, 'address', p),
      txid: resultTxid(e.txid ?? null, `${p}.txid`),
      index: resultInt(e.index ?? null, `${p}.index`),
      satoshis: resultI64(e.satoshis ?? null, `${p}.satoshis`),
      height: resultInt(e.height ?? null, `${p}.height`),
    }
    if (out.index < 0) badResult(`${p}.index`, 'is negative')
    if (out.height < 0) badResult(`${p}.height`, 'is negative')
    if (e.blockindex !== undefined) out.blockindex = resultInt(e.blockindex, `${p}.blockindex`)
    return out
  })
}

/** @internal @example parseListUnspent(await send(method, params)) */
export function parseListUnspent(v: ExactJson): WalletUnspent[] {
  if (!Array.isArray(v)) badResult('result', 'is not an array')
  return v.map((x, i) => {
    const p = `result[${i}]`
    const e = asObject(x, p)
    const out: WalletUnspent = {
      txid: resultTxid(e.txid ?? null, `${p}.txid`),
      vout: resultInt(e.vout ?? null, `${p}.vout`),
      scriptPubKey: resultString(e, 'scriptPubKey', p),
      amount:
        e.satoshis !== undefined
          ? resultU64(e.satoshis, `${p}.satoshis`)
          : resultCoins(e.amount ?? null, `${p}.amount`),
      confirmations: resultInt(e.confirmations ?? null, `${p}.confirmations`),
      raw: e,
    }
    const address = resultOptString(e, 'address', p)
    if (address !== undefined) out.address = address
    if (typeof e.spendable === 'boolean') out.spendable = e.spendable
    if (typeof e.generated === 'boolean') out.generated = e.generated
    return out
  })
}

/** @internal @example parseNodeInfo(await send(method, params)) */
export function parseNodeInfo(v: ExactJson): NodeInfo {
  const o = asObject(v)
  const out: NodeInfo = { blocks: resultInt(o.blocks ?? null, 'result.blocks'), raw: o }
  if (o.version !== undefined) out.version = resultInt(o.version, 'result.version')
  if (o.connections !== undefined) out.connections = resultInt(o.connections, 'result.connections')
  const name = resultOptString(o, 'name')
  if (name !== undefined) out.name = name
  const pubkey = resultOptString(o, 'pubkey')
  if (pubkey !== undefined) out.pubkey = pubkey
  return out
}

/** @internal @example parseInt32(await send(method, params)) */
export function parseInt32(v: ExactJson): number {
  return resultInt(v, 'result')
}

/** @internal a hex string result (getrawtransaction, gettxoutproof) @example parseHexString(await send(method, params)) */
export function parseHexString(v: ExactJson): string {
  if (typeof v !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(v)) badResult('result', 'is not a hex string')
  return v
}
