// Which outputs are tokens of a tokenid (komodod's IsTokensvout and TokensExactAmounts, spec 3.6), as pure functions
// over a transaction lookup: the devnet's validator and RPCs look up its in-memory chain, the resolvers look up what
// a StateReader has verified (./inputs.ts). One implementation of the rule for both.
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { equalBytes } from '../../bytes/utils.js'
import { cc1of1, tokensCc1of1, tokensCc1of2 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { decodeFulfillment } from '../../cc/fulfillment.js'
import type { CcCondition } from '../../cc/types.js'
import { hash160 } from '../../hash/index.js'
import { ccScript } from '../../script/cc.js'
import { classifyScript } from '../../script/classify.js'
import { getOp } from '../../script/script.js'
import type { Transaction } from '../../tx/types.js'
import { opretPayload } from '../opret.js'
import { decodeTokensPayload, nftData, TOKENS_BLOB_ID, type TokensOpret } from './opret.js'

const TOKENS = /* @__PURE__ */ ccModule('Tokens')
const ZERO_TXID = '0'.repeat(64)

/**
 * A transaction by display txid, as the token rules read their history: the transaction, or null when the chain
 * does not have it (the daemon's `myGetTransaction` failing). Synchronous: an async caller looks up what it has
 * fetched and fetches what was asked for and missing (./inputs.ts).
 * @example const lookup: TxLookup = (txid) => chain.txs.get(txid)?.tx ?? null
 */
export type TxLookup = (txid: string) => Transaction | null

/**
 * The tokens opret of a transaction's last output as komodod's `DecodeTokenOpRet` reads it for consensus (strict,
 * except that a lone blob-id byte at the end of a transfer is dropped, as the daemon drops it), or null (no
 * transaction, no opret, not a tokens payload).
 * @example tokensOpretOf(tx)?.funcid // 't'
 */
export function tokensOpretOf(tx: Transaction | null | undefined): TokensOpret | null {
  const last = tx?.vout[tx.vout.length - 1]
  if (last === undefined || last.script[0] !== 0x6a) return null
  try {
    return decodeTokensPayload(opretPayload(last.script, { allowTrailingScript: true }), true)
  } catch {
    return null
  }
}

/** `IsPayToCryptoCondition`: a push of 1..75 bytes, then OP_CHECKCRYPTOCONDITION. */
function isCc(s: Uint8Array): boolean {
  return s.length > 2 && s[0]! >= 1 && s[0]! <= 75 && s[1 + s[0]!] === 0xcc
}

/** The fulfillment of a CC input's scriptSig (one push: fulfillment ‖ hash type), or null. */
function fulfillmentOf(scriptSig: Uint8Array): CcCondition | null {
  const op = getOp(scriptSig, 0)
  if (op === null || op.data === undefined || op.data.length < 2) return null
  try {
    return decodeFulfillment(op.data.subarray(0, op.data.length - 1))
  } catch {
    return null
  }
}

/** Tokens' `ismyvin`: the input's fulfillment names eval code 0xf2 (a one-byte eval code). */
function isTokensFulfillment(f: CcCondition): boolean {
  const walk = (c: CcCondition): boolean =>
    (c.type === 'eval-sha-256' && c.code.length === 1 && c.code[0] === EVAL.TOKENS) ||
    (c.type === 'threshold-sha-256' && c.subconditions.some(walk)) ||
    (c.type === 'prefix-sha-256' && walk(c.subcondition))
  return walk(f)
}

/** `ExtractTokensCCVinPubkeys`: per token input, the first signing secp256k1 key of its fulfillment (depth first). */
function tokenVinPubkeys(tx: Transaction): string[] {
  const out: string[] = []
  for (const i of tx.vin) {
    const f = fulfillmentOf(i.scriptSig)
    if (f === null || !isTokensFulfillment(f)) continue
    const first = (c: CcCondition): Uint8Array | null => {
      if (c.type === 'secp256k1-sha-256' && c.signature !== undefined) return c.publicKey
      if (c.type === 'threshold-sha-256') {
        for (const s of c.subconditions) {
          const k = first(s)
          if (k !== null) return k
        }
      }
      if (c.type === 'prefix-sha-256') return first(c.subcondition)
      return null
    }
    const k = first(f)
    if (k !== null) out.push(bytesToHex(k))
  }
  return out
}

/** The token inputs of a transaction (their fulfillments name eval 0xf2), as outpoints. */
function tokenVins(tx: Transaction): { txid: string; vout: number }[] {
  return tx.vin.filter((i) => {
    const f = fulfillmentOf(i.scriptSig)
    return f !== null && isTokensFulfillment(f)
  })
}

/** `IsCCInput`: the scriptSig is a CC fulfillment. */
function isCcInput(scriptSig: Uint8Array): boolean {
  return fulfillmentOf(scriptSig) !== null
}

const markerHex = (): string => bytesToHex(ccScript(cc1of1(EVAL.TOKENS, TOKENS.pubkey)))

/**
 * The NFT eval code of a token (`GetNonfungibleData(tokenid)`'s first byte) from its create transaction, or null
 * for a fungible token (or a create the chain does not have).
 * @example createNftEvalCode(createTx) // null, or 0xf7 for an NFT whose data starts f7
 */
export function createNftEvalCode(create: Transaction | null): number | null {
  const p = tokensOpretOf(create)
  if (p === null || p.funcid !== 'c' || p.evalCode !== EVAL.TOKENS) return null
  const data = nftData(p)
  return data === null || data.length < 2 ? null : Number.parseInt(data.slice(0, 2), 16)
}

/**
 * `TotalPubkeyNormalInputs`: what a transaction's normal (non-CC) inputs spend from outputs of `pubkey` (P2PK of it,
 * or P2PKH of its hash). Inputs whose source the lookup does not have count nothing.
 */
function pubkeyNormalInputs(tx: Transaction, pubkeyHex: string, lookup: TxLookup): bigint {
  const pk = hexToBytes(pubkeyHex)
  const h = hash160(pk)
  let sum = 0n
  for (const i of tx.vin) {
    if (isCcInput(i.scriptSig)) continue
    const o = lookup(i.txid)?.vout[i.vout]
    if (o === undefined) continue
    const c = classifyScript(o.script)
    if (
      (c.type === 'pubkey' && c.pubkeys !== undefined && equalBytes(c.pubkeys[0]!, pk)) ||
      (c.type === 'pubkeyhash' && equalBytes(c.hashes[0]!.hash, h))
    )
      sum += o.value
  }
  return sum
}

/**
 * The scripts a 't' transaction's outputs may take to count as tokens (`IsTokensvout`'s test vouts): built from the
 * opret's pubkeys and the keys that signed its token inputs (the Tokens global key filtered out of both), with the
 * eval codes of the token (NFT) and of the opret's first module blob (id below 0x80).
 */
function transferScripts(
  p: Extract<TokensOpret, { funcid: 't'; evalCode: 0xf2 }>,
  tx: Transaction,
  nft: number | null,
): Set<string> {
  const notGlobal = (k: string): boolean => k.toLowerCase() !== TOKENS.pubkey
  const opretKeys = p.pubkeys.filter(notGlobal)
  const vinKeys = tokenVinPubkeys(tx).filter(notGlobal)
  const extra = p.blobs.find((b) => b.id < TOKENS_BLOB_ID.burn)
  const fungible = nft === null || nft === 0 // the daemon's `evalCodeNonfungible == 0`
  let e1: number = nft ?? EVAL.TOKENS
  let e2 = extra !== undefined && extra.data.length >= 2 ? Number.parseInt(extra.data.slice(0, 2), 16) : 0
  if (e1 === EVAL.TOKENS && e2 !== 0) {
    e1 = e2
    e2 = 0
  }
  const conds: (() => CcCondition)[] = []
  if (opretKeys.length >= 1) {
    const [k0, k1] = opretKeys as [string, string | undefined]
    conds.push(() => tokensCc1of1(e1, k0, e2))
    if (e2 !== 0) conds.push(() => tokensCc1of1(e2, k0, e1))
    if (k1 !== undefined) {
      conds.push(() => tokensCc1of2(e1, k0, k1, e2))
      conds.push(() => tokensCc1of1(e1, k1, e2))
      if (e2 !== 0) {
        conds.push(() => tokensCc1of2(e2, k0, k1, e1))
        conds.push(() => tokensCc1of1(e2, k1, e1))
      }
    }
    for (const k of k1 === undefined ? [k0] : [k0, k1]) {
      if (fungible) conds.push(() => cc1of1(EVAL.TOKENS, k))
      if (e1 !== 0) conds.push(() => tokensCc1of1(e1, k))
      if (e2 !== 0) conds.push(() => tokensCc1of1(e2, k))
    }
  }
  for (const k of vinKeys) {
    if (fungible) conds.push(() => cc1of1(EVAL.TOKENS, k))
    conds.push(() => tokensCc1of1(e1, k, e2))
    if (e2 !== 0) conds.push(() => tokensCc1of1(e2, k, e1))
  }
  const out = new Set<string>()
  for (const c of conds) {
    try {
      out.add(bytesToHex(ccScript(c())))
    } catch {
      // a key that is not 33 bytes builds no condition: no output can match it
    }
  }
  return out
}

/**
 * `IsTokensvout(goDeeper = false)` for every output of one transaction at once: a function from an output index to
 * its token units for `tokenid` (0 when it is not a valid token output of that token).
 */
function shallowUnits(tx: Transaction, txid: string, tokenid: string, lookup: TxLookup): (vout: number) => bigint {
  const none = (): bigint => 0n
  if (tokenid === ZERO_TXID) return none
  const p = tokensOpretOf(tx)
  if (p === null || p.evalCode !== EVAL.TOKENS) return none
  const n = tx.vout.length
  const inRange = (v: number): boolean => Number.isInteger(v) && v >= 0 && v < n - 1 && isCc(tx.vout[v]!.script)
  if (p.funcid === 'c') {
    if (txid !== tokenid) return none
    const marker = markerHex()
    let ccOutputs = 0n
    for (const o of tx.vout) if (isCc(o.script) && bytesToHex(o.script) !== marker) ccOutputs += o.value
    let paid: boolean | undefined
    return (v) => {
      if (!inRange(v)) return 0n
      paid ??= pubkeyNormalInputs(tx, p.origpubkey, lookup) >= ccOutputs
      return paid && bytesToHex(tx.vout[v]!.script) !== marker ? tx.vout[v]!.value : 0n
    }
  }
  if (p.tokenid !== tokenid) return none
  let scripts: Set<string> | undefined
  return (v) => {
    if (!inRange(v)) return 0n
    scripts ??= transferScripts(p, tx, createNftEvalCode(lookup(tokenid)))
    return scripts.has(bytesToHex(tx.vout[v]!.script)) ? tx.vout[v]!.value : 0n
  }
}

/**
 * `TokensExactAmounts`: the token units a transaction's token inputs spend (each source output judged by
 * {@link tokenVoutUnits}, `deep` as given) and the units its outputs hold (judged shallowly). `complete` is false when
 * the lookup lacks the source of a token input (the daemon then refuses the transaction's balance).
 * @example const { inputs, outputs } = tokenAmounts(tx, txid, tokenid, lookup); inputs === outputs
 */
export function tokenAmounts(
  tx: Transaction,
  txid: string,
  tokenid: string,
  lookup: TxLookup,
  deep = false,
): { inputs: bigint; outputs: bigint; complete: boolean } {
  let inputs = 0n
  let complete = true
  for (const i of tokenVins(tx)) {
    const src = lookup(i.txid)
    if (src === null) {
      complete = false
      continue
    }
    inputs += tokenVoutUnits(src, i.txid, i.vout, tokenid, lookup, deep)
  }
  const outputs = tokenOutputUnits(tx, txid, tokenid, lookup).reduce((s, u) => s + u, 0n)
  return { inputs, outputs, complete }
}

/**
 * The token units of each output of `tx` for `tokenid` (`IsTokensvout(goDeeper = false)` for every output; the opret
 * and any output that is not a valid token output count 0), computed once for the whole transaction.
 * @example tokenOutputUnits(createTx, tokenid, tokenid, lookup) // [0n, 1000n, 0n, 0n]: marker, supply, change, opret
 */
export function tokenOutputUnits(tx: Transaction, txid: string, tokenid: string, lookup: TxLookup): bigint[] {
  const units = shallowUnits(tx, txid, tokenid, lookup)
  return tx.vout.map((_, v) => units(v))
}

/**
 * `IsTokensvout`: the token units output `vout` of `tx` (display txid `txid`) holds for `tokenid`, or 0 when it is
 * not a valid token output of that token (spec 3.6). With `deep` (the daemon's `goDeeper`, what its input gatherer
 * and its validator's inputs use) the transaction must also balance its token inputs and outputs, unless it is the
 * token's create. Fungible and NFT tokens; imports ('i') are not recognised.
 * @example tokenVoutUnits(tx, txid, 1, tokenid, (id) => chain.txs.get(id)?.tx ?? null, true) // 1000n
 */
export function tokenVoutUnits(
  tx: Transaction,
  txid: string,
  vout: number,
  tokenid: string,
  lookup: TxLookup,
  deep = false,
): bigint {
  const o = tx.vout[vout]
  if (o === undefined || vout >= tx.vout.length - 1 || !isCc(o.script)) return 0n
  if (deep) {
    const a = tokenAmounts(tx, txid, tokenid, lookup, false)
    if ((!a.complete || a.inputs !== a.outputs) && txid !== tokenid) return 0n
  }
  return shallowUnits(tx, txid, tokenid, lookup)(vout)
}
