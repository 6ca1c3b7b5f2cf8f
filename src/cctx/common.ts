import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import { equalBytes } from '../bytes/utils.js'
import { classifyScript } from '../script/classify.js'
import { ccScript } from '../script/cc.js'
import { hash160 } from '../hash/index.js'
import { parseTransaction, serializeTransaction, txid as txidOf, txidOfBytes } from '../tx/codec.js'
import type { Transaction } from '../tx/types.js'
import type { CcCondition } from '../cc/types.js'
import { selectNormalInputs } from './select.js'
import { OutpointSet } from './outpoints.js'
import { MAX_MONEY, amountArg, type AmountUnit } from '../amount.js'
import { checkUtxo, daemonRefusal, type CheckedContext } from './context.js'
import type { InputPlan, Utxo } from './types.js'

/** A transaction given as state: parsed, or raw hex/bytes. */
export type TxLike = Transaction | string | Uint8Array

/** Parses a state transaction and checks it is `expectedTxid` (display hex). @internal */
export function stateTx(tx: TxLike, expectedTxid: string, name: string): Transaction {
  const parsed = typeof tx === 'string' || tx instanceof Uint8Array ? parseTransaction(tx) : tx
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as Transaction).vout))
    throw new KomodoCcError('BUILD_STATE', `${name} expected a transaction (parsed, hex or bytes)`)
  // bytes: parsing is strict and serialization its exact inverse, so the txid is the hash of the bytes given
  const id =
    typeof tx === 'string' ? txidOfHex(tx, parsed) : tx instanceof Uint8Array ? txidOfBytes(tx) : txidOfParsed(parsed)
  if (id !== expectedTxid.toLowerCase())
    throw new KomodoCcError('BUILD_STATE', `${name} is transaction ${id}, not ${expectedTxid}`, {
      expected: expectedTxid,
      got: id,
    })
  return parsed
}

// Builders are handed the same state transaction (oracle, plan, create…) on every build. Its txid is remembered:
// per parsed object, reused only while the object still serializes to the same bytes (a comparison instead of a
// SHA256d); per hex string (immutable) in a small bounded map.
const TXIDS = /* @__PURE__ */ new WeakMap<Transaction, { raw: Uint8Array; id: string }>()
const HEX_TXIDS = /* @__PURE__ */ new Map<string, string>()
const HEX_TXIDS_MAX = 64

/**
 * The txid of a state transaction, remembered per parsed object and reused only while the object still
 * serializes to the same bytes (one serialization and a comparison instead of a SHA256d). For builders that scan
 * many state transactions on every build (dice plan transactions).
 * @internal
 * @example txidOfParsed(parseTransaction(hex)) === txid(parseTransaction(hex)) // true
 */
export function txidOfParsed(tx: Transaction): string {
  const raw = serializeTransaction(tx)
  const hit = TXIDS.get(tx)
  if (hit !== undefined && equalBytes(hit.raw, raw)) return hit.id
  const id = txidOfBytes(raw)
  TXIDS.set(tx, { raw, id })
  return id
}

function txidOfHex(hex: string, parsed: Transaction): string {
  let id = HEX_TXIDS.get(hex)
  if (id !== undefined) return id
  id = txidOf(parsed)
  if (HEX_TXIDS.size >= HEX_TXIDS_MAX) HEX_TXIDS.delete(HEX_TXIDS.keys().next().value!)
  HEX_TXIDS.set(hex, id)
  return id
}

/** Checks a display txid parameter (the daemon silently zeroes malformed ones; we refuse them). @internal */
export function txidParam(v: unknown, name: string): string {
  if (typeof v !== 'string' || !/^[0-9a-fA-F]{64}$/.test(v))
    throw new KomodoCcError('BUILD_PARAMS', `${name} expected a txid as 64 hex characters (display order)`, {
      name,
      daemonError: `invalid ${name}`,
    })
  return v.toLowerCase()
}

/**
 * Plans the caller's normal inputs: selects coins for `total` as `AddNormalinputs` does (at most `maxInputs`) and
 * classifies each as P2PK or P2PKH of the caller. Coins of other scripts are refused.
 * @internal
 */
export function normalInputs(
  ctx: CheckedContext,
  total: bigint,
  maxInputs: number,
  daemonError: string,
  options: { threshold?: boolean } = {},
): InputPlan[] {
  let pkHash: Uint8Array | undefined // hashed only when a P2PKH coin is offered
  const usable = ctx.utxos.filter((u, i) => {
    checkUtxo(u, `context.utxos[${i}]`)
    if (isP2pkOf(u.script, ctx.pubkey)) return true
    const c = classifyScript(u.script)
    return (
      (c.type === 'pubkey' && c.pubkeys !== undefined && equalBytes(c.pubkeys[0]!, ctx.pubkey)) ||
      (c.type === 'pubkeyhash' && equalBytes(c.hashes[0]!.hash, (pkHash ??= hash160(ctx.pubkey))))
    )
  })
  const chosen = selectNormalInputs(usable, total, maxInputs, 'context.utxos', options)
  if (chosen === null) {
    const seen = new OutpointSet()
    const have = usable.reduce((s, u) => (seen.take(u, 'context.utxos') ? s + u.satoshis : s), 0n)
    throw daemonRefusal(
      daemonError,
      { needed: String(total), available: String(have), maxInputs },
      'INSUFFICIENT_FUNDS',
    )
  }
  return chosen.map(
    (utxo) =>
      ({
        kind: isP2pkOf(utxo.script, ctx.pubkey) || classifyScript(utxo.script).type === 'pubkey' ? 'p2pk' : 'p2pkh',
        utxo,
        role: 'caller',
      }) as InputPlan,
  )
}

/**
 * `script` is exactly `<33-byte push of pubkey> OP_CHECKSIG`: what `classifyScript` calls a 'pubkey' script with
 * `pubkeys[0]` = `pubkey` (33 bytes), without hashing the key for an address nobody reads. Any other form (other
 * push opcodes, 65-byte keys, P2PKH) is left to `classifyScript`.
 */
function isP2pkOf(script: Uint8Array, pubkey: Uint8Array): boolean {
  if (script.length !== 35 || script[0] !== 33 || script[34] !== 0xac || pubkey.length !== 33) return false
  for (let i = 0; i < 33; i++) if (script[i + 1] !== pubkey[i]) return false
  return true
}

/**
 * A CC input plan after checking that the UTXO's script is `condition`'s. `known`: `ccScript(condition)` when the
 * caller already has it (saves encoding the condition again); it is only read.
 * @internal
 */
export function ccInput(
  utxo: Utxo,
  condition: CcCondition,
  evalCode: number,
  role: InputPlan['role'],
  name: string,
  known?: Uint8Array,
): InputPlan {
  checkUtxo(utxo, name)
  const script = known ?? ccScript(condition)
  if (!equalBytes(utxo.script, script))
    throw new KomodoCcError(
      'BUILD_STATE',
      `${name} is not locked by the expected condition (${bytesToHex(script).slice(0, 16)}…)`,
      { name },
    )
  return { kind: 'cc', utxo, role, condition, evalCode }
}

/**
 * An amount parameter of a module method, read as its unit says ({@link amountArg}: a string as komodo-cli reads it,
 * a bigint in the smallest unit, a JS number refused), at most MAX_MONEY as the RPC's `AmountFromValue` requires;
 * negative amounts pass, for the builder's own refusal with the daemon's text.
 * @throws KomodoCcError AMOUNT_INVALID | AMOUNT_RANGE
 * @internal
 * @example amountParam('1.5', 'amount', 'coins') // 150000000n
 */
export function amountParam(v: unknown, name: string, unit: AmountUnit): bigint {
  return amountArg(v, name, unit, { allowNegative: true, max: MAX_MONEY })
}

/**
 * A satoshi count the builder already holds as a bigint (token units, a datafee) checked against MAX_MONEY.
 * @throws KomodoCcError AMOUNT_RANGE
 * @internal
 * @example moneyParam(1000n, 'amount') // 1000n
 */
export function moneyParam(v: bigint, name: string): bigint {
  if (v > MAX_MONEY)
    throw new KomodoCcError('AMOUNT_RANGE', `${name} ${v} is above MAX_MONEY (${MAX_MONEY})`, {
      name,
      got: String(v),
      max: String(MAX_MONEY),
    })
  return v
}

/** Bytes from hex or bytes, for hex-string RPC parameters. @internal */
export function hexParam(v: unknown, name: string): Uint8Array {
  if (v instanceof Uint8Array) return v
  if (typeof v === 'string') return hexToBytes(v, name)
  throw new KomodoCcError('BUILD_PARAMS', `${name} expected hex or bytes`, { name })
}
