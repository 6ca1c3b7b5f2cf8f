import { KomodoCcError } from '../errors.js'
import { COIN, toSatoshis } from '../amount.js'
import type { ExactJson } from './json.js'
import { checkTransactionHex } from './txcheck.js'

// Typed results of the module RPCs. Amounts come back as bigint satoshis: the daemon prints them as "%.8f" strings
// or as JSON numbers with 8 decimals, both parsed exactly (see parseJsonExact). `raw` keeps the daemon's object.

/** `{result, hex}` of every state-changing module RPC; `hex` is checked to be one transaction. */
export type HexResult = { result: string; hex: string }
/** `dicefinish`: `finished` is true when the daemon answered hex `"0"` (bet already finished; nothing to send). */
export type DiceFinishResult = { result: string; hex: string; finished: boolean }

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
  gatewaysPubkey?: string
  raw: Record<string, ExactJson>
}

/** `tokeninfo`. `supply` is in token units (1 token = 1 satoshi of the backing coin). */
export type TokenInfo = {
  result: string; tokenid: string; owner: string; name: string; supply: bigint; description: string
  data?: string; IsImported?: string; sourceChain?: string; sourceTokenId?: string
}
/** `tokenbalance`. `tokenid` is the parameter echoed as given. */
export type TokenBalance = { result: string; CCaddress: string; tokenid: string; balance: bigint }
/** `faucetinfo`. */
export type FaucetInfo = { result: string; name: string; funding: bigint }
/** `diceinfo` (`entropytxs` only on newer daemons). */
export type DiceInfo = {
  result: string; fundingtxid: string; name: string; sbits: bigint; minbet: bigint; maxbet: bigint
  maxodds: number; timeoutblocks: number; funding: bigint; entropytxs?: number
}
/** `dicestatus`: `status` is "win" | "loss" | "bet still pending" | "finalized" | "no pending bets". */
export type DiceStatus = { result: string; status: string; won?: bigint; n?: number }
/** One publisher of `oraclesinfo.registered`; amounts in satoshis. */
export type OraclePublisher = { publisher: string; baton: string; batontxid: string; lifetime: bigint; funds: bigint; datafee: bigint }
/** `oraclesinfo`. */
export type OracleInfo = { result: string; txid: string; name: string; description: string; format: string; marker: string; registered: OraclePublisher[] }
/** One sample of `oraclessamples`; `txid` is absent in the 2018 array-of-arrays form. */
export type OracleSample = { txid?: string; data: string[] }
/** `oraclessamples`. */
export type OracleSamples = { result: string; samples: OracleSample[] }
/**
 * `gatewaysinfo`. Current daemons print `M`, `N`, `pubkeys`, `wiftype`; older ones a single `pubkey`.
 * `totalsupply`/`remaining`/`issued` are satoshis.
 */
export type GatewayInfo = {
  result: string; name: string; M?: number; N?: number; pubkeys?: string[]; pubkey?: string; coin?: string; oracletxid?: string
  taddr?: number; prefix?: number; prefix2?: number; wiftype?: number; deposit?: string; tokenid?: string
  totalsupply?: bigint; remaining?: bigint; issued?: bigint
}
/** `rewardsinfo`. `APR` is percent × 10^8 (5 % = 500000000n, the on-chain unit); money in satoshis. */
export type RewardsInfo = {
  result: string; fundingtxid: string; name: string; sbits: bigint; APR: bigint; minseconds: number; maxseconds: number
  mindeposit: bigint; funding: bigint; locked: bigint
}
/** One entry of `getaddressutxos`. */
export type AddressUtxo = { address: string; txid: string; outputIndex: number; script: string; satoshis: bigint; height: number }
/** One entry of `listunspent` (`amount` in satoshis). */
export type WalletUnspent = {
  txid: string; vout: number; address?: string; scriptPubKey: string; amount: bigint; confirmations: number
  spendable?: boolean; generated?: boolean; raw: Record<string, ExactJson>
}
/** `getinfo` (the fields komodo-cc reads; everything else stays in `raw`). */
export type NodeInfo = { version?: number; blocks: number; connections?: number; name?: string; pubkey?: string; raw: Record<string, ExactJson> }

const TXID_RE = /^[0-9a-fA-F]{64}$/
/** Longest amount text read (`"-92233720368.54775808"` is 21 characters). */
const MAX_AMOUNT_TEXT = 64

function bad(path: string, what: string): never {
  throw new KomodoCcError('RPC_RESULT', `${path} ${what}`, { path })
}

/** @internal @example asObject(result).hex */
export function asObject(v: ExactJson, path = 'result'): Record<string, ExactJson> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || typeof v === 'bigint') bad(path, 'is not an object')
  return v as Record<string, ExactJson>
}

function str(o: Record<string, ExactJson>, key: string, path = 'result'): string {
  const v = o[key]
  if (typeof v !== 'string') bad(`${path}.${key}`, 'is not a string')
  return v
}

function optStr(o: Record<string, ExactJson>, key: string, path = 'result'): string | undefined {
  return o[key] === undefined ? undefined : str(o, key, path)
}

function txidOf(v: ExactJson, path: string): string {
  if (typeof v !== 'string' || !TXID_RE.test(v)) bad(path, 'is not a txid (64 hex digits)')
  return v
}

function int(v: ExactJson, path: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) bad(path, 'is not an integer')
  return v
}

function u64(v: ExactJson, path: string): bigint {
  if (typeof v === 'bigint') return v
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
  if (typeof v === 'string' && v.length <= 20 && /^\d+$/.test(v)) return BigInt(v)
  return bad(path, 'is not an integer')
}

/** Coins as the daemon prints them ("%.8f" text or a JSON number) → satoshis, exactly. */
function coins(v: ExactJson, path: string): bigint {
  try {
    if (typeof v === 'bigint') return v * COIN
    // a daemon prints at most ~30 characters; longer text is refused before any regular expression sees it
    if (typeof v === 'number' || (typeof v === 'string' && v.length <= MAX_AMOUNT_TEXT)) return toSatoshis(v, path, { allowNegative: true })
  } catch {
    // fall through
  }
  return bad(path, 'is not an amount of coins')
}

/** @internal `{result, hex}` with a transaction inside. @example parseHexResult(await send(method, params)) */
export function parseHexResult(v: ExactJson): HexResult {
  const o = asObject(v)
  const hex = str(o, 'hex')
  checkTransactionHex(hex, 'result.hex')
  return { result: typeof o.result === 'string' ? o.result : 'success', hex }
}

/** @internal @example parseDiceFinish(await send(method, params)) */
export function parseDiceFinish(v: ExactJson): DiceFinishResult {
  const o = asObject(v)
  const hex = str(o, 'hex')
  const result = typeof o.result === 'string' ? o.result : 'success'
  if (hex === '0') return { result, hex, finished: true }
  checkTransactionHex(hex, 'result.hex')
  return { result, hex, finished: false }
}

/** @internal array of display txids @example parseTxidList(await send(method, params)) */
export function parseTxidList(v: ExactJson): string[] {
  if (!Array.isArray(v)) bad('result', 'is not an array of txids')
  return v.map((x, i) => txidOf(x, `result[${i}]`))
}

/** @internal a bare txid (sendrawtransaction) @example parseTxid(await send(method, params)) */
export function parseTxid(v: ExactJson): string {
  return txidOf(v, 'result')
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
    if (typeof x !== 'string') bad(`result.${keys[0]}`, 'is not a string')
    return x
  }
  const b = (keys: string[]): bigint | undefined => {
    const x = pick(...keys)
    return x === undefined ? undefined : coins(x, `result.${keys[0]}`)
  }
  const ccAddress = s(keysFor((n) => [`${n}CCAddress`, `${n}CCaddress`]))
  if (ccAddress === undefined) bad('result', `has no ${names[0]}CCAddress`)
  const out: ModuleAddresses = { result: typeof o.result === 'string' ? o.result : 'success', ccAddress, raw: o }
  const set = <K extends keyof ModuleAddresses>(k: K, x: ModuleAddresses[K] | undefined): void => { if (x !== undefined) out[k] = x }
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
  set('gatewaysPubkey', s(['GatewaysPubkey']))
  return out
}

/** @internal @example parseTokenInfo(await send(method, params)) */
export function parseTokenInfo(v: ExactJson): TokenInfo {
  const o = asObject(v)
  const sup = o.supply
  // Current daemons print supply as a JSON integer of token units; an old docs page shows "%.8f" coin text.
  const supply = typeof sup === 'string' && sup.includes('.') ? coins(sup, 'result.supply') : u64(sup ?? null, 'result.supply')
  const out: TokenInfo = {
    result: str(o, 'result'), tokenid: txidOf(o.tokenid ?? null, 'result.tokenid'), owner: str(o, 'owner'), name: str(o, 'name'),
    supply, description: str(o, 'description'),
  }
  for (const k of ['data', 'IsImported', 'sourceChain', 'sourceTokenId'] as const) {
    const x = optStr(o, k)
    if (x !== undefined) out[k] = x
  }
  return out
}

/** @internal @example parseTokenBalance(await send(method, params)) */
export function parseTokenBalance(v: ExactJson): TokenBalance {
  const o = asObject(v)
  return { result: str(o, 'result'), CCaddress: str(o, 'CCaddress'), tokenid: str(o, 'tokenid'), balance: u64(o.balance ?? null, 'result.balance') }
}

/** @internal @example parseFaucetInfo(await send(method, params)) */
export function parseFaucetInfo(v: ExactJson): FaucetInfo {
  const o = asObject(v)
  return { result: str(o, 'result'), name: str(o, 'name'), funding: coins(o.funding ?? null, 'result.funding') }
}

/** @internal @example parseDiceInfo(await send(method, params)) */
export function parseDiceInfo(v: ExactJson): DiceInfo {
  const o = asObject(v)
  const out: DiceInfo = {
    result: str(o, 'result'), fundingtxid: txidOf(o.fundingtxid ?? null, 'result.fundingtxid'), name: str(o, 'name'),
    sbits: u64(o.sbits ?? null, 'result.sbits'), minbet: coins(o.minbet ?? null, 'result.minbet'), maxbet: coins(o.maxbet ?? null, 'result.maxbet'),
    maxodds: int(o.maxodds ?? null, 'result.maxodds'), timeoutblocks: int(o.timeoutblocks ?? null, 'result.timeoutblocks'),
    funding: coins(o.funding ?? null, 'result.funding'),
  }
  if (o.entropytxs !== undefined) out.entropytxs = int(o.entropytxs, 'result.entropytxs')
  return out
}

/** @internal @example parseDiceStatus(await send(method, params)) */
export function parseDiceStatus(v: ExactJson): DiceStatus {
  const o = asObject(v)
  const out: DiceStatus = { result: str(o, 'result'), status: str(o, 'status') }
  if (o.won !== undefined) out.won = coins(o.won, 'result.won')
  if (o.n !== undefined) out.n = int(o.n, 'result.n')
  return out
}

/** @internal @example parseOracleInfo(await send(method, params)) */
export function parseOracleInfo(v: ExactJson): OracleInfo {
  const o = asObject(v)
  const reg = o.registered ?? []
  if (!Array.isArray(reg)) bad('result.registered', 'is not an array')
  return {
    result: str(o, 'result'), txid: txidOf(o.txid ?? null, 'result.txid'), name: str(o, 'name'), description: str(o, 'description'),
    format: str(o, 'format'), marker: str(o, 'marker'),
    registered: reg.map((r, i) => {
      const p = `result.registered[${i}]`
      const e = asObject(r, p)
      return {
        publisher: str(e, 'publisher', p), baton: str(e, 'baton', p), batontxid: txidOf(e.batontxid ?? null, `${p}.batontxid`),
        lifetime: coins(e.lifetime ?? null, `${p}.lifetime`), funds: coins(e.funds ?? null, `${p}.funds`), datafee: coins(e.datafee ?? null, `${p}.datafee`),
      }
    }),
  }
}

/** @internal both the current `{txid, data}` and the 2018 `[[...]]` sample forms @example parseOracleSamples(await send(method, params)) */
export function parseOracleSamples(v: ExactJson): OracleSamples {
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

/** @internal @example parseGatewayInfo(await send(method, params)) */
export function parseGatewayInfo(v: ExactJson): GatewayInfo {
  const o = asObject(v)
  const out: GatewayInfo = { result: str(o, 'result'), name: str(o, 'name') }
  for (const k of ['M', 'N', 'taddr', 'prefix', 'prefix2', 'wiftype'] as const) if (o[k] !== undefined) out[k] = int(o[k], `result.${k}`)
  for (const k of ['pubkey', 'coin', 'deposit'] as const) { const x = optStr(o, k); if (x !== undefined) out[k] = x }
  for (const k of ['oracletxid', 'tokenid'] as const) if (o[k] !== undefined) out[k] = txidOf(o[k], `result.${k}`)
  for (const k of ['totalsupply', 'remaining', 'issued'] as const) if (o[k] !== undefined) out[k] = coins(o[k], `result.${k}`)
  if (o.pubkeys !== undefined) {
    const pk = o.pubkeys
    if (!Array.isArray(pk) || !pk.every((x) => typeof x === 'string')) bad('result.pubkeys', 'is not an array of strings')
    out.pubkeys = pk as string[]
  }
  return out
}

/** @internal @example parseRewardsInfo(await send(method, params)) */
export function parseRewardsInfo(v: ExactJson): RewardsInfo {
  const o = asObject(v)
  return {
    result: str(o, 'result'), fundingtxid: txidOf(o.fundingtxid ?? null, 'result.fundingtxid'), name: str(o, 'name'),
    sbits: u64(o.sbits ?? null, 'result.sbits'), APR: coins(o.APR ?? null, 'result.APR'),
    minseconds: int(o.minseconds ?? null, 'result.minseconds'), maxseconds: int(o.maxseconds ?? null, 'result.maxseconds'),
    mindeposit: coins(o.mindeposit ?? null, 'result.mindeposit'), funding: coins(o.funding ?? null, 'result.funding'), locked: coins(o.locked ?? null, 'result.locked'),
  }
}

/** @internal `{result, <key>}` results such as gatewaysexternaladdress / gatewaysdumpprivkey @example parseKeyed(await send(method, params)) */
export function parseKeyed<K extends string>(v: ExactJson, key: K): { result: string } & Record<K, string> {
  const o = asObject(v)
  return { result: str(o, 'result'), [key]: str(o, key) } as { result: string } & Record<K, string>
}

/** @internal @example parseAddressUtxos(await send(method, params)) */
export function parseAddressUtxos(v: ExactJson): AddressUtxo[] {
  if (!Array.isArray(v)) bad('result', 'is not an array')
  return v.map((x, i) => {
    const p = `result[${i}]`
    const e = asObject(x, p)
    const script = str(e, 'script', p)
    if (!/^([0-9a-fA-F]{2})*$/.test(script)) bad(`${p}.script`, 'is not hex')
    const satoshis = u64(e.satoshis ?? null, `${p}.satoshis`)
    return { address: str(e, 'address', p), txid: txidOf(e.txid ?? null, `${p}.txid`), outputIndex: int(e.outputIndex ?? null, `${p}.outputIndex`), script, satoshis, height: int(e.height ?? null, `${p}.height`) }
  })
}

/** @internal @example parseListUnspent(await send(method, params)) */
export function parseListUnspent(v: ExactJson): WalletUnspent[] {
  if (!Array.isArray(v)) bad('result', 'is not an array')
  return v.map((x, i) => {
    const p = `result[${i}]`
    const e = asObject(x, p)
    const out: WalletUnspent = {
      txid: txidOf(e.txid ?? null, `${p}.txid`), vout: int(e.vout ?? null, `${p}.vout`), scriptPubKey: str(e, 'scriptPubKey', p),
      amount: e.satoshis !== undefined ? u64(e.satoshis, `${p}.satoshis`) : coins(e.amount ?? null, `${p}.amount`),
      confirmations: int(e.confirmations ?? null, `${p}.confirmations`), raw: e,
    }
    const address = optStr(e, 'address', p)
    if (address !== undefined) out.address = address
    if (typeof e.spendable === 'boolean') out.spendable = e.spendable
    if (typeof e.generated === 'boolean') out.generated = e.generated
    return out
  })
}

/** @internal @example parseNodeInfo(await send(method, params)) */
export function parseNodeInfo(v: ExactJson): NodeInfo {
  const o = asObject(v)
  const out: NodeInfo = { blocks: int(o.blocks ?? null, 'result.blocks'), raw: o }
  if (o.version !== undefined) out.version = int(o.version, 'result.version')
  if (o.connections !== undefined) out.connections = int(o.connections, 'result.connections')
  const name = optStr(o, 'name')
  if (name !== undefined) out.name = name
  const pubkey = optStr(o, 'pubkey')
  if (pubkey !== undefined) out.pubkey = pubkey
  return out
}

/** @internal @example parseInt32(await send(method, params)) */
export function parseInt32(v: ExactJson): number {
  return int(v, 'result')
}

/** @internal a hex string result (getrawtransaction, gettxoutproof) @example parseHexString(await send(method, params)) */
export function parseHexString(v: ExactJson): string {
  if (typeof v !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(v)) bad('result', 'is not a hex string')
  return v
}
