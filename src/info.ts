import { KomodoCcError } from './errors.js'
import { formatCoins } from './amount.js'
import { hexToBytes } from './bytes/hex.js'
import { hash160 } from './hash/index.js'
import { hash160ToAddress } from './address/address.js'
import { KMD, chainParams, type ChainParams } from './address/chain.js'
import { parseTransaction } from './tx/codec.js'
import type { Transaction } from './tx/types.js'
import { cc1of1, encodeCondition, tokensCc1of1 } from './cc/condition.js'
import { inspectTransaction, MODULE_GLOBAL_PUBKEYS, type Inspection } from './inspect.js'
import { hexOf } from './modules/opret.js'
import { rewardsAprToPercent } from './modules/rewards/opret.js'
import type { DiceOpret } from './modules/dice/opret.js'
import type { RewardsOpret } from './modules/rewards/opret.js'
import type { OraclesOpret } from './modules/oracles/opret.js'
import type { GatewaysOpret } from './modules/gateways/opret.js'

/** A transaction given as hex, bytes or a parsed model. @example tokeninfo(createHex) // or the bytes, or parseTransaction(createHex) */
export type InfoTxInput = string | Uint8Array | Transaction

type Seen = { tx: Transaction; ins: Inspection }

function load(t: InfoTxInput, name: string): Seen {
  let tx: Transaction
  if (typeof t === 'string' || t instanceof Uint8Array) tx = parseTransaction(t)
  else if (typeof t === 'object' && t !== null && Array.isArray((t as Transaction).vout)) tx = t
  else throw new KomodoCcError('ARG_INVALID', `${name} expected a transaction as hex, bytes or a Transaction`, { path: name })
  return { tx, ins: inspectTransaction(tx) }
}

function loadAll(list: readonly InfoTxInput[] | undefined, name: string): Seen[] {
  if (list === undefined) return []
  if (!Array.isArray(list)) throw new KomodoCcError('ARG_INVALID', `${name} expected an array of transactions`, { path: name })
  return list.map((t, i) => load(t, `${name}[${i}]`))
}

/** Outpoints spent by any of the given transactions (`txid:vout`). */
function spentSet(all: readonly Seen[]): Set<string> {
  const s = new Set<string>()
  for (const { tx } of all) for (const i of tx.vin) s.add(`${i.txid}:${i.vout}`)
  return s
}

function ccScriptHex(cond: Uint8Array): string {
  return hexOf(new Uint8Array([cond.length])) + hexOf(cond) + 'cc'
}

function expectMethod(s: Seen, module: string, funcids: string, error: string): void {
  if (s.ins.module !== module || s.ins.funcid === null || !funcids.includes(s.ins.funcid) || s.ins.payload === null)
    throw new KomodoCcError('OPRET_FUNCID', error, { daemonError: error, module: s.ins.module, funcid: s.ins.funcid })
}

/**
 * Offline `tokeninfo`: the daemon's JSON for a token, from its create transaction. `supply` is the sum of the
 * create's CC outputs other than the marker (token units = satoshis), as the daemon counts valid token outputs.
 * @throws KomodoCcError OPRET_FUNCID (`tokenid isnt token creation txid`) | parser errors
 * @example tokeninfo(createHex).name // 'TOK'
 */
export function tokeninfo(createTx: InfoTxInput): { result: 'success'; tokenid: string; owner: string; name: string; supply: bigint; description: string; data?: string } {
  const s = load(createTx, 'createTx')
  expectMethod(s, 'tokens', 'c', 'tokenid isnt token creation txid')
  const r = s.ins.reading
  const out: { result: 'success'; tokenid: string; owner: string; name: string; supply: bigint; description: string; data?: string } = {
    result: 'success', tokenid: s.ins.txid, owner: r.owner as string, name: r.name as string, supply: r.supply as bigint, description: r.description as string,
  }
  if (typeof r.nftData === 'string') out.data = r.nftData
  return out
}

/**
 * Offline `faucetinfo`: `funding` = the faucet-address CC outputs above 1,000,000 sat among `txs` that no
 * transaction in `txs` spends (give the faucet's funding and get transactions; unspent is judged within the set).
 * @example faucetinfo([fundHex]).funding // '100.00000000'
 */
export function faucetinfo(txs: readonly InfoTxInput[]): { result: 'success'; name: 'Faucet'; funding: string } {
  const all = loadAll(txs, 'txs')
  const spent = spentSet(all)
  const faucet = ccScriptHex(encodeCondition(cc1of1(0xe4, MODULE_GLOBAL_PUBKEYS[0xe4]!)))
  let sum = 0n
  for (const { tx, ins } of all)
    tx.vout.forEach((o, n) => {
      if (o.value > 1_000_000n && !spent.has(`${ins.txid}:${n}`) && hexOf(o.script) === faucet) sum += o.value
    })
  return { result: 'success', name: 'Faucet', funding: formatCoins(sum) }
}

/**
 * Offline `diceinfo`: the plan from its 'F' transaction; `funding` and `entropytxs` from the plan's outputs at
 * index 0 among `[fundingTx, ...txs]` (funcids F E W L T R, ≥ 10000, at the dice global address) that no
 * transaction of the set spends.
 * @throws KomodoCcError OPRET_FUNCID (`fundingtxid isnt dice creation txid`)
 * @example diceinfo(fundHex).name // 'KMDDice'
 */
export function diceinfo(fundingTx: InfoTxInput, txs: readonly InfoTxInput[] = []): Record<string, unknown> {
  const f = load(fundingTx, 'fundingTx')
  expectMethod(f, 'dice', 'F', 'fundingtxid isnt dice creation txid')
  const plan = f.ins.payload as Extract<DiceOpret, { funcid: 'F' }>
  const all = [f, ...loadAll(txs, 'txs')]
  const spent = spentSet(all)
  const dice = ccScriptHex(encodeCondition(cc1of1(0xe6, MODULE_GLOBAL_PUBKEYS[0xe6]!)))
  let funding = 0n
  let entropytxs = 0
  for (const { tx, ins } of all) {
    if (ins.module !== 'dice' || ins.payload === null) continue
    const p = ins.payload as DiceOpret
    const fid = p.funcid === 'F' ? ins.txid : p.fundingtxid
    const o = tx.vout[0]
    if (fid !== f.ins.txid || p.sbits !== plan.sbits || !'RFEWLT'.includes(p.funcid) || o === undefined) continue
    if (o.value < 10000n || spent.has(`${ins.txid}:0`) || hexOf(o.script) !== dice) continue
    funding += o.value
    if ('EWL'.includes(p.funcid)) entropytxs++
  }
  return {
    result: 'success', fundingtxid: f.ins.txid, name: plan.name ?? '', sbits: plan.sbits, minbet: formatCoins(plan.minbet), maxbet: formatCoins(plan.maxbet),
    maxodds: plan.maxodds, timeoutblocks: plan.timeoutblocks, funding: formatCoins(funding), entropytxs,
  }
}

/**
 * Offline `rewardsinfo`: the plan from its 'F' transaction; `funding` (F/A/U outputs 0) and `locked` (L outputs 0)
 * among `[fundingTx, ...txs]` at the rewards global address, unspent within the set.
 * @throws KomodoCcError OPRET_FUNCID (`fundingtxid isnt rewards creation txid`)
 * @example rewardsinfo(createHex).APR // '5.00000000'
 */
export function rewardsinfo(fundingTx: InfoTxInput, txs: readonly InfoTxInput[] = []): Record<string, unknown> {
  const f = load(fundingTx, 'fundingTx')
  expectMethod(f, 'rewards', 'F', 'fundingtxid isnt rewards creation txid')
  const plan = f.ins.payload as Extract<RewardsOpret, { funcid: 'F' }>
  const all = [f, ...loadAll(txs, 'txs')]
  const spent = spentSet(all)
  const addr = ccScriptHex(encodeCondition(cc1of1(0xe5, MODULE_GLOBAL_PUBKEYS[0xe5]!)))
  let funding = 0n
  let locked = 0n
  for (const { tx, ins } of all) {
    if (ins.module !== 'rewards' || ins.payload === null) continue
    const p = ins.payload as RewardsOpret
    const fid = p.funcid === 'F' ? ins.txid : p.fundingtxid
    const o = tx.vout[0]
    if (fid !== f.ins.txid || o === undefined || spent.has(`${ins.txid}:0`) || hexOf(o.script) !== addr) continue
    if (p.funcid === 'L') locked += o.value
    else funding += o.value
  }
  return {
    result: 'success', fundingtxid: f.ins.txid, name: plan.name ?? '', sbits: plan.sbits, APR: rewardsAprToPercent(plan.APR),
    minseconds: plan.minseconds, maxseconds: plan.maxseconds, mindeposit: formatCoins(plan.mindeposit), funding: formatCoins(funding), locked: formatCoins(locked),
  }
}

/**
 * Offline `oraclesinfo`: from the create transaction and the oracle's register / subscribe / data transactions.
 * Per publisher (ascending pubkey bytes): the latest register in `txs` order gives `baton` (its vout 1 address)
 * and `datafee`; `batontxid` is the register or data transaction whose baton (vout 1) no transaction of the set
 * spends (zeros if none); `lifetime` counts only self-subscriptions, as the daemon does (its opret carries the
 * subscriber); `funds` sums unspent 'S'/'D' outputs ≥ 10000 on the publisher's CC address.
 * @throws KomodoCcError OPRET_FUNCID (`invalid oracletxid …`)
 * @example oraclesinfo(createHex, [registerHex]).registered[0].datafee // '0.01000000'
 */
export function oraclesinfo(createTx: InfoTxInput, txs: readonly InfoTxInput[] = [], options: { chain?: ChainParams | string } = {}): Record<string, unknown> {
  const chain = options.chain === undefined ? KMD : chainParams(options.chain)
  const c = load(createTx, 'createTx')
  expectMethod(c, 'oracles', 'C', `invalid oracletxid ${'0'.repeat(64)}`)
  const oracletxid = c.ins.txid
  const create = c.ins.payload as Extract<OraclesOpret, { funcid: 'C' }>
  const all = loadAll(txs, 'txs').filter((s) => s.ins.module === 'oracles' && s.ins.payload !== null && 'oracletxid' in s.ins.payload && s.ins.payload.oracletxid === oracletxid)
  const spent = spentSet(all)
  const markerPk = new Uint8Array(33)
  markerPk[0] = 2
  markerPk.set(hexToBytes(oracletxid).reverse(), 1)
  const marker = hash160ToAddress(hash160(markerPk), 'p2pkh', chain)
  const registers = new Map<string, Seen>()
  for (const s of all) if (s.ins.funcid === 'R') registers.set((s.ins.payload as { pubkey: string }).pubkey, s)
  const publishers = [...registers.keys()].sort()
  const registered = publishers.map((pk) => {
    const reg = registers.get(pk)!
    const fee = (reg.ins.payload as Extract<OraclesOpret, { funcid: 'R' }>).datafee
    const batonScript = reg.tx.vout[1] === undefined ? null : hexOf(reg.tx.vout[1].script)
    let batontxid = '0'.repeat(64)
    for (const s of all) {
      const p = s.ins.payload as OraclesOpret
      if ((p.funcid === 'R' || p.funcid === 'D') && p.pubkey === pk && s.tx.vout[1]?.value === 10000n && !spent.has(`${s.ins.txid}:1`) && (batonScript === null || hexOf(s.tx.vout[1].script) === batonScript)) batontxid = s.ins.txid
    }
    const myCc = ccScriptHex(encodeCondition(cc1of1(0xec, pk)))
    let lifetime = 0n
    let funds = 0n
    for (const s of all) {
      const p = s.ins.payload as OraclesOpret
      const o = s.tx.vout[0]
      if (o === undefined || hexOf(o.script) !== myCc) continue
      if (p.funcid === 'S' && p.pubkey === pk) lifetime += o.value
      if ((p.funcid === 'S' || p.funcid === 'D') && o.value >= 10000n && !spent.has(`${s.ins.txid}:0`)) funds += o.value
    }
    return { publisher: pk, baton: reg.ins.outputs[1]?.address ?? null, batontxid, lifetime: formatCoins(lifetime), funds: formatCoins(funds), datafee: formatCoins(fee) }
  })
  return { result: 'success', txid: oracletxid, name: create.name, description: create.description, format: create.format, marker, registered }
}

/**
 * Offline `gatewaysinfo`: from the bind transaction (and, for `remaining`, the gateway's token transactions:
 * unspent outputs at the gateway token address among `txs`). Current binds print `M`, `N`, `pubkeys`, `wiftype`;
 * the 2019 layout found in the docs prints the older key set with a single `pubkey`.
 * `deposit` is the M-of-N P2SH address (N > 1) or the first pubkey's address (N = 1), with the bind's prefixes.
 * @throws KomodoCcError OPRET_FUNCID (`invalid bindtxid …`)
 * @example gatewaysinfo(bindHex).deposit // 'RXEXoa1nRmKhMbuZovpcYwQMsicwzccZBp'
 */
export function gatewaysinfo(bindTx: InfoTxInput, txs: readonly InfoTxInput[] = []): Record<string, unknown> {
  const b = load(bindTx, 'bindTx')
  expectMethod(b, 'gateways', 'B', `invalid bindtxid ${'0'.repeat(64)}`)
  const p = b.ins.payload as Extract<GatewaysOpret, { funcid: 'B' }>
  const legacy = 'layout' in p
  const prefixes: ChainParams = { name: 'bind', pubtype: p.prefix, p2shtype: p.prefix2, wiftype: legacy ? 188 : (p as { wiftype: number }).wiftype }
  const kmdStyle = p.prefix === 60 && p.prefix2 === 85
  let deposit: string | null = null
  if (p.N === 1 && p.pubkeys.length >= 1) deposit = hash160ToAddress(hash160(hexToBytes(p.pubkeys[0]!)), 'p2pkh', prefixes)
  else if (p.N > 1 && p.pubkeys.length === p.N && p.M >= 1 && p.M <= 16 && p.N <= 16) {
    const parts: number[] = [0x50 + p.M]
    for (const k of p.pubkeys) parts.push(k.length / 2, ...hexToBytes(k))
    parts.push(0x50 + p.N, 0xae)
    deposit = hash160ToAddress(hash160(new Uint8Array(parts)), 'p2sh', kmdStyle ? KMD : prefixes)
  }
  const all = [b, ...loadAll(txs, 'txs')]
  const spent = spentSet(all)
  const tokenAddr = ccScriptHex(encodeCondition(tokensCc1of1(0xf1, MODULE_GLOBAL_PUBKEYS[0xf1]!)))
  let remaining = 0n
  for (const { tx, ins } of all)
    tx.vout.forEach((o, n) => {
      if (!spent.has(`${ins.txid}:${n}`) && hexOf(o.script) === tokenAddr) remaining += o.value
    })
  const common = { coin: p.coin, oracletxid: p.oracletxid, taddr: p.taddr, prefix: p.prefix, prefix2: p.prefix2 }
  const tail = { deposit, tokenid: p.tokenid, totalsupply: formatCoins(p.totalsupply), remaining: formatCoins(remaining), issued: formatCoins(p.totalsupply - remaining) }
  if (legacy) return { result: 'success', name: 'Gateways', pubkey: p.pubkeys[0] ?? '', ...common, ...tail }
  if (p.M > p.N || p.N === 0) return { result: 'success', name: 'Gateways' }
  return { result: 'success', name: 'Gateways', M: p.M, N: p.N, pubkeys: p.pubkeys, ...common, wiftype: (p as { wiftype: number }).wiftype, ...tail }
}
