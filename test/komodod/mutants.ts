// Mutants of a valid CC transaction for the mutation matrix (test/komodod/mutations.test.ts): its opret payload,
// amounts, output scripts, input order, outputs and signers changed one thing at a time, then re-signed with every
// key that signed on the chain (so the mutant reaches the module validators, not just a stale signature).
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { decodeOraclesPayload, encodeOraclesPayload } from '../../src/modules/oracles/opret.js'
import { txidToInternalBytes } from '../../src/bytes/uint256.js'
import { cc1of1, tokensCc1of1 } from '../../src/cc/condition.js'
import { CC_MODULES, EVAL } from '../../src/cc/eval.js'
import { decodeFulfillment } from '../../src/cc/fulfillment.js'
import type { CcCondition } from '../../src/cc/types.js'
import { KomodoCcError } from '../../src/errors.js'
import { hash160 } from '../../src/hash/index.js'
import type { Inspection } from '../../src/inspect/index.js'
import { ccScript } from '../../src/script/cc.js'
import { ccScriptParts } from '../../src/script/classify.js'
import { getOp, opReturnPayload, opReturnScript, p2pkScript, p2pkhScript } from '../../src/script/script.js'
import { keySigner, signTransaction, type Prevout } from '../../src/tx/sign.js'
import type { Transaction, TxOutput } from '../../src/tx/types.js'

/** The matrix's columns: each mutation kind belongs to one. */
export const MUTATION_GROUPS = ['payload', 'amount', 'script', 'order', 'outputs', 'signer'] as const
export type MutationGroup = (typeof MUTATION_GROUPS)[number]

/** One mutant: signed, or the reason it could not be. */
export type Mutant = {
  group: MutationGroup
  /** The mutation's kind (`opret-funcid`, `out+1`, `cc-to-p2pk`, …) and where (`vout1`, `byte 34`, …). */
  kind: string
  where: string
  tx?: Transaction
  skipped?: string
}

/** An input's spent output, with the condition tree read from the original fulfillment for a CC input. */
export type SpentOutput = Prevout

/** A key that signs nothing on the chain: the "wrong signer", and the stranger outputs are moved to. */
export const STRANGER_KEY = hexToBytes('00'.repeat(31) + '2a')
const STRANGER = keySigner(STRANGER_KEY).publicKey

/** The module global key pairs (public knowledge: komodod's source prints both halves). */
const GLOBAL_KEYS = CC_MODULES.map((m) => hexToBytes(m.privkey))

/** The condition tree a CC input's scriptSig fulfils (signatures in it; unfulfilled siblings anonymous). */
export function inputCondition(scriptSig: Uint8Array): CcCondition | undefined {
  const op = getOp(scriptSig, 0)
  if (op === null || op.data === undefined || op.data.length < 2) return undefined
  try {
    return decodeFulfillment(op.data.subarray(0, op.data.length - 1))
  } catch {
    return undefined
  }
}

/** The prevouts of a transaction's inputs (value, script, and the CC condition from the input's own fulfillment). */
export function spentOutputs(
  tx: Transaction,
  output: (txid: string, vout: number) => TxOutput | undefined,
): SpentOutput[] {
  return tx.vin.map((i) => {
    const o = output(i.txid, i.vout)
    if (o === undefined) throw new Error(`unknown prevout ${i.txid}:${i.vout}`)
    const cc = ccScriptParts(o.script) !== null
    const condition = cc ? inputCondition(i.scriptSig) : undefined
    return { value: o.value, script: o.script, ...(condition === undefined ? {} : { condition }) }
  })
}

function clone(tx: Transaction): Transaction {
  return { ...tx, vin: tx.vin.map((i) => ({ ...i })), vout: tx.vout.map((o) => ({ ...o })) }
}

/** Signs every input with the chain's keys (the flow's, the devnet's, baton keys, module global keys). */
function resign(tx: Transaction, prevouts: readonly SpentOutput[], keys: readonly Uint8Array[]): Transaction {
  return signTransaction(tx, prevouts, [...keys, ...GLOBAL_KEYS])
}

/** The index of the opret (the last output, when it is an OP_RETURN), or -1. */
function opretIndex(tx: Transaction): number {
  const last = tx.vout.length - 1
  return last >= 0 && tx.vout[last]!.script[0] === 0x6a ? last : -1
}

/** Every bigint (and safe integer ≥ 1) in a decoded payload. */
function payloadNumbers(v: unknown, out: bigint[] = [], depth = 0): bigint[] {
  if (depth > 6) return out
  if (typeof v === 'bigint') out.push(v)
  else if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) out.push(BigInt(v))
  else if (Array.isArray(v)) for (const x of v) payloadNumbers(x, out, depth + 1)
  else if (typeof v === 'object' && v !== null && !(v instanceof Uint8Array))
    for (const x of Object.values(v)) payloadNumbers(x, out, depth + 1)
  return out
}

function le64(v: bigint): Uint8Array {
  const out = new Uint8Array(8)
  for (let i = 0; i < 8; i++) out[i] = Number((BigInt.asUintN(64, v) >> BigInt(8 * i)) & 0xffn)
  return out
}

function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}

/** The CC output rebuilt with another eval code or key, when the inspector identified its key; else null. */
function rebuiltCc(
  script: Uint8Array,
  info: Inspection['outputs'][number]['cc'],
  change: 'eval' | 'pubkey',
): Uint8Array | null {
  if (info === undefined || info.pubkey === null || info.evalCodes === null) return null
  const parts = ccScriptParts(script)!
  const tail = script.subarray(parts.ccSubScriptEnd)
  const pk = change === 'pubkey' ? STRANGER : hexToBytes(info.pubkey)
  let cond: CcCondition
  if (info.condition === 'cc1of1') {
    const ev = info.evalCodes[0]!
    cond = cc1of1(change === 'eval' ? otherEval(ev) : ev, pk)
  } else if (info.condition === 'tokens1of1') {
    const module = info.evalCodes.find((e) => e !== EVAL.TOKENS) ?? EVAL.TOKENS
    const ev2 = info.evalCodes.filter((e) => e !== EVAL.TOKENS && e !== module)[0] ?? 0
    cond = tokensCc1of1(change === 'eval' ? otherEval(module) : module, pk, ev2)
  } else return null
  const head = ccScript(cond)
  const out = new Uint8Array(head.length + tail.length)
  out.set(head)
  out.set(tail, head.length)
  return out
}

/** Another module's eval code (the next one in komodod's table of the six). */
function otherEval(ev: number): number {
  const six = [EVAL.TOKENS, EVAL.FAUCET, EVAL.REWARDS, EVAL.DICE, EVAL.ORACLES, EVAL.GATEWAYS] as number[]
  const i = six.indexOf(ev)
  return six[(i + 1) % six.length]!
}

/**
 * Every mutant of `tx` (which spends `prevouts`), re-signed with `keys`. `knownTxids` are txids an opret may embed
 * (display hex): a byte of each one found in the payload is changed.
 */
export function makeMutants(
  tx: Transaction,
  prevouts: readonly SpentOutput[],
  inspection: Inspection,
  keys: readonly Uint8Array[],
  knownTxids: readonly string[],
): Mutant[] {
  const out: Mutant[] = []
  const add = (group: MutationGroup, kind: string, where: string, edit: (t: Transaction, p: SpentOutput[]) => void) => {
    const t = clone(tx)
    const p = [...prevouts]
    try {
      edit(t, p)
      out.push({ group, kind, where, tx: resign(t, p, keys) })
    } catch (e) {
      if (e instanceof KomodoCcError && (e.code === 'SIGNER_FAILED' || e.code === 'BUILD_INPUTS'))
        out.push({ group, kind, where, skipped: `${e.code}: ${e.message}` })
      else throw e
    }
  }
  const op = opretIndex(tx)
  const payload = op < 0 ? null : opReturnPayload(tx.vout[op]!.script)
  const setPayload = (t: Transaction, edit: (b: Uint8Array) => Uint8Array) => {
    t.vout[op] = {
      value: t.vout[op]!.value,
      script: opReturnScript(edit(payload!.slice()), { maxScriptSize: 1 << 20 }),
    }
  }

  // ---- payload bytes
  if (payload !== null && payload.length >= 2) {
    add('payload', 'opret-eval', 'byte 0', (t) => setPayload(t, (b) => ((b[0] = otherEval(b[0]!)), b)))
    add('payload', 'opret-funcid', 'byte 1 +1', (t) => setPayload(t, (b) => ((b[1] = (b[1]! + 1) & 0xff), b)))
    add('payload', 'opret-funcid', 'byte 1 case', (t) => setPayload(t, (b) => ((b[1] = b[1]! ^ 0x20), b)))
    const seen = new Set<number>()
    for (const id of knownTxids) {
      const at = indexOfBytes(payload, txidToInternalBytes(id), 2)
      if (at < 0 || seen.has(at)) continue
      seen.add(at)
      add('payload', 'opret-txid', `byte ${at}`, (t) => setPayload(t, (b) => ((b[at] = b[at]! ^ 0x01), b)))
    }
    const amounts = new Set<number>()
    for (const v of payloadNumbers(inspection.payload)) {
      if (v < 256n) continue // small numbers (heights, counts) are everywhere: only real amounts
      const at = indexOfBytes(payload, le64(v), 2)
      if (at < 0 || amounts.has(at)) continue
      amounts.add(at)
      add('payload', 'opret-amount', `byte ${at}`, (t) => setPayload(t, (b) => ((b[at] = b[at]! ^ 0x01), b)))
    }
    // fields re-encoded whole (the devnet once closed komodod's gaps here with rules of its own)
    if (payload[0] === EVAL.ORACLES && (payload[1] === 0x52 || payload[1] === 0x44)) {
      const o = decodeOraclesPayload(payload)
      if (o.funcid === 'R')
        add('payload', 'opret-pubkey', 'R names another key', (t) =>
          setPayload(t, () => encodeOraclesPayload({ ...o, pubkey: bytesToHex(STRANGER) })),
        )
      if (o.funcid === 'D' && o.data.length >= 4) {
        add('payload', 'opret-data', 'record one byte short', (t) =>
          setPayload(t, () => encodeOraclesPayload({ ...o, data: o.data.slice(0, -2) })),
        )
        add('payload', 'opret-data', 'record byte changed', (t) =>
          setPayload(t, () =>
            encodeOraclesPayload({ ...o, data: o.data.slice(0, -2) + (o.data.endsWith('00') ? '01' : '00') }),
          ),
        )
      }
    }
    add('payload', 'opret-trailing', 'byte appended', (t) => setPayload(t, (b) => Uint8Array.from([...b, 0])))
    add('payload', 'opret-truncated', 'last byte dropped', (t) => setPayload(t, (b) => b.slice(0, -1)))
  }

  // ---- amounts
  const valued = tx.vout.map((_, n) => n).filter((n) => n !== op)
  const ccOuts = valued.filter((n) => ccScriptParts(tx.vout[n]!.script) !== null)
  const firstCc = ccOuts[0] ?? valued[0]
  if (firstCc !== undefined) {
    add('amount', 'out+1', `vout${firstCc}`, (t) => (t.vout[firstCc]!.value += 1n))
    if (tx.vout[firstCc]!.value > 0n) add('amount', 'out-1', `vout${firstCc}`, (t) => (t.vout[firstCc]!.value -= 1n))
    const other = valued.find((n) => n !== firstCc)
    if (other !== undefined && tx.vout[firstCc]!.value > 0n)
      add('amount', 'value-moved', `vout${firstCc}→vout${other}`, (t) => {
        t.vout[firstCc]!.value -= 1n
        t.vout[other]!.value += 1n
      })
    // each other CC output (a baton, a marker) one satoshi lighter, the change one heavier
    const change = valued
      .filter((n) => ccScriptParts(tx.vout[n]!.script) === null)
      .sort((a, b) => (tx.vout[b]!.value > tx.vout[a]!.value ? 1 : -1))[0]
    for (const n of ccOuts.slice(1))
      if (tx.vout[n]!.value > 0n && change !== undefined)
        add('amount', 'value-moved', `vout${n}→vout${change}`, (t) => {
          t.vout[n]!.value -= 1n
          t.vout[change]!.value += 1n
        })
    const second = ccOuts[1]
    if (second !== undefined && tx.vout[second]!.value > 0n)
      add('amount', 'value-moved', `vout${second}→vout${firstCc}`, (t) => {
        t.vout[second]!.value -= 1n
        t.vout[firstCc]!.value += 1n
      })
  }

  // ---- output scripts
  for (const n of valued) {
    const o = tx.vout[n]!
    const info = inspection.outputs[n]
    if (ccScriptParts(o.script) !== null) {
      add('script', 'cc-to-p2pk', `vout${n}`, (t) => (t.vout[n]!.script = p2pkScript(STRANGER)))
      for (const change of ['eval', 'pubkey'] as const) {
        const s = rebuiltCc(o.script, info?.cc, change)
        if (s === null)
          out.push({
            group: 'script',
            kind: `cc-other-${change}`,
            where: `vout${n}`,
            skipped: 'key of the CC output not identified',
          })
        else add('script', `cc-other-${change}`, `vout${n}`, (t) => (t.vout[n]!.script = s))
      }
    } else if (info?.kind === 'p2pk')
      add('script', 'normal-key', `vout${n}`, (t) => (t.vout[n]!.script = p2pkScript(STRANGER)))
    else if (info?.kind === 'p2pkh')
      add('script', 'normal-key', `vout${n}`, (t) => (t.vout[n]!.script = p2pkhScript(hash160(STRANGER))))
  }

  // ---- order
  if (tx.vin.length >= 2)
    add('order', 'inputs-swapped', 'vin0↔vin1', (t, p) => {
      ;[t.vin[0], t.vin[1]] = [t.vin[1]!, t.vin[0]!]
      ;[p[0], p[1]] = [p[1]!, p[0]!]
    })
  if (valued.length >= 2)
    add('order', 'outputs-swapped', `vout${valued[0]}↔vout${valued[1]}`, (t) => {
      const [a, b] = [valued[0]!, valued[1]!]
      ;[t.vout[a], t.vout[b]] = [t.vout[b]!, t.vout[a]!]
    })

  // ---- missing or extra outputs
  for (let n = 0; n < tx.vout.length; n++)
    if (tx.vout.length > 1) add('outputs', 'output-missing', `vout${n}`, (t) => t.vout.splice(n, 1))
  // extras come out of the largest normal output (the change), so the fee stays as it was
  const change = valued
    .filter((n) => ccScriptParts(tx.vout[n]!.script) === null)
    .sort((a, b) => (tx.vout[b]!.value > tx.vout[a]!.value ? 1 : -1))[0]
  const at = op < 0 ? tx.vout.length : op
  const extra = (kind: string, script: Uint8Array) =>
    add('outputs', kind, `vout${at}`, (t) => {
      if (change === undefined || tx.vout[change]!.value < 20_000n)
        throw new KomodoCcError('BUILD_INPUTS', 'no change output of 20000 sat or more to pay an extra output from')
      t.vout[change]!.value -= 10_000n
      t.vout.splice(at, 0, { value: 10_000n, script })
    })
  extra('output-extra-normal', p2pkScript(STRANGER))
  // a 1-satoshi output: consensus-valid, below komodod's dust threshold (relay policy, IsStandardTx)
  add('outputs', 'output-extra-dust', `vout${at}`, (t) => {
    if (change === undefined || tx.vout[change]!.value < 20_000n)
      throw new KomodoCcError('BUILD_INPUTS', 'no change output of 20000 sat or more to pay an extra output from')
    t.vout[change]!.value -= 1n
    t.vout.splice(at, 0, { value: 1n, script: p2pkScript(STRANGER) })
  })
  const module =
    inspection.evalCode ?? ccOuts.map((n) => inspection.outputs[n]?.cc?.evalCodes?.[0]).find((e) => e !== undefined)
  const global = CC_MODULES.find((m) => m.evalCode === module)
  if (global !== undefined) extra('output-extra-cc', ccScript(cc1of1(global.evalCode, global.pubkey)))

  // ---- wrong signer: the input signed with a key that is not the one its output names
  for (let n = 0; n < tx.vin.length; n++) {
    out.push(wrongSigner(tx, prevouts, keys, n))
  }
  return out
}

/** Input `n` signed by {@link STRANGER_KEY} (over its own output script), every other input signed as before. */
function wrongSigner(
  tx: Transaction,
  prevouts: readonly SpentOutput[],
  keys: readonly Uint8Array[],
  n: number,
): Mutant {
  const base: Mutant = { group: 'signer', kind: 'wrong-signer', where: `vin${n}` }
  const p = prevouts[n]!
  let fake: SpentOutput
  if (p.condition !== undefined) {
    const cond = swapKeys(p.condition)
    if (cond === null) return { ...base, skipped: 'no secp256k1 signer in the fulfillment' }
    fake = { value: p.value, script: ccScript(cond), condition: cond }
  } else fake = { value: p.value, script: p2pkScript(STRANGER) }
  try {
    const signed = resign(clone(tx), prevouts, keys)
    const forged = signTransaction(
      clone(tx),
      prevouts.map((q, k) => (k === n ? fake : q)),
      [STRANGER_KEY],
      { inputs: [n] },
    )
    signed.vin[n] = { ...signed.vin[n]!, scriptSig: forged.vin[n]!.scriptSig }
    return { ...base, tx: signed }
  } catch (e) {
    if (e instanceof KomodoCcError) return { ...base, skipped: `${e.code}: ${e.message}` }
    throw e
  }
}

/** The tree with every signed secp256k1 node's key replaced by the stranger's (null when none is signed). */
function swapKeys(c: CcCondition): CcCondition | null {
  let found = false
  const walk = (x: CcCondition): CcCondition => {
    if (x.type === 'secp256k1-sha-256' && x.signature !== undefined) {
      found = true
      return { type: 'secp256k1-sha-256', publicKey: STRANGER }
    }
    if (x.type === 'threshold-sha-256') return { ...x, subconditions: x.subconditions.map(walk) }
    return x
  }
  const out = walk(c)
  return found ? out : null
}
