import { KomodoCcError } from '../errors.js'
import { bytesToHex, hexToBytes } from '../bytes/hex.js'
import type { CcModule } from '../cc/eval.js'
import { batonKey } from '../cc/address.js'
import { pubkeyBytes } from '../address/address.js'
import { ccScriptParts } from '../script/classify.js'
import { pushData } from '../script/script.js'
import { createOverwinterSighasher } from '../tx/sighash.js'
import { serializeTransaction, txidOfBytes } from '../tx/codec.js'
import { keySigner, signSpending, nobleSecp256k1, type Prevout, type Signer, type SpendKinds } from '../tx/sign.js'
import type { Transaction } from '../tx/types.js'
import type { CheckedContext } from './context.js'
import type { FinalizedTx } from './finalize.js'
import type { KeyRole } from './types.js'

/** One input of a built transaction and what signs it (for an external signer: sign `sighash` with that key). */
export type BuiltInput = {
  txid: string
  vout: number
  satoshis: bigint
  /** The spent output's script (scriptPubKey). */
  script: Uint8Array
  kind: 'p2pk' | 'p2pkh' | 'cc'
  /** caller = the context's key; global = the module's published key; baton = the publisher's baton key */
  role: KeyRole
  /** The SIGHASH_ALL signature hash of this input (hex). */
  sighash: string
}

/**
 * What every builder returns. What the transaction does is the inspector's reading, asked for by the caller:
 * `inspectBuild(result)` (src/inspect-build.ts), i.e. `inspectTransaction(result.tx, { prevouts:
 * result.inputs.map((i) => ({ value: i.satoshis })) })`.
 */
export type BuildResult = {
  /** Raw transaction hex: signed when the context had the private key, otherwise unsigned (empty scriptSigs). */
  hex: string
  /** Display txid of `hex` (it changes once an unsigned transaction is signed). */
  txid: string
  tx: Transaction
  signed: boolean
  /** Inputs minus outputs. */
  fee: bigint
  /** Every input, in transaction order, with its signing role and signature hash (computed on first access when signed). */
  readonly inputs: BuiltInput[]
}

/**
 * Signs a finalized transaction with the context's key or signer (and, where FinalizeCCTx would, the module's global
 * key or the baton key derived from the caller's key, or `context.batonSigner`), or returns it unsigned with each
 * input's sighash. Every key and public key it derives lives only in this call.
 * @internal used by every module builder
 */
export function completeBuild(
  fin: FinalizedTx,
  ctx: CheckedContext,
  module: CcModule,
  ccv2: SpendKinds['v2'] = null,
): BuildResult {
  // what this module's transactions spend: a v1 module's never spend a CC v2 output (its bundle holds no v2 decoder);
  // Tokel's v2 modules pass parseCcV2Script
  const kinds: SpendKinds = { v2: ccv2, sighasher: createOverwinterSighasher }
  const prevouts: Prevout[] = fin.plans.map((p) =>
    p.kind === 'cc'
      ? { value: p.utxo.satoshis, script: p.utxo.script, condition: p.condition }
      : { value: p.utxo.satoshis, script: p.utxo.script },
  )
  // Each input's sighash; signTransaction computes its own, so a signed build only pays for these when read.
  const describeInputs = (): BuiltInput[] => {
    const hasher = createOverwinterSighasher(fin.tx, { blake2b: ctx.blake2b })
    return fin.plans.map((p, i) => {
      // a CC v2 output signs its v1 condition script (Tokel FinalizeCCV2Tx)
      const v2 = ccv2 === null ? null : ccv2(p.utxo.script)
      const cc = v2 === null ? ccScriptParts(p.utxo.script) : null
      const scriptCode =
        v2 !== null
          ? Uint8Array.of(...pushData(v2.condition), 0xcc)
          : cc === null
            ? p.utxo.script
            : p.utxo.script.subarray(0, cc.ccSubScriptEnd)
      const digest = hasher(i, { scriptCode, value: p.utxo.satoshis, branchId: ctx.branchId })
      return {
        txid: p.utxo.txid,
        vout: p.utxo.vout,
        satoshis: p.utxo.satoshis,
        script: p.utxo.script.slice(),
        kind: p.kind,
        role: p.role,
        sighash: bytesToHex(digest),
      }
    })
  }
  let tx = fin.tx
  let signed = false
  const caller = callerSigner(ctx)
  if (caller !== undefined) {
    const backend = ctx.backend ?? nobleSecp256k1
    const keys: Signer[] = [caller]
    if (fin.plans.some((p) => p.role === 'global')) {
      // the module's published key pair (public knowledge: both halves are in komodod's source), decoded for this build
      const m = module
      const key = hexToBytes(m.privkey)
      keys.push({ publicKey: pubkeyBytes(m.pubkey), sign: (digest: Uint8Array) => backend.sign(digest, key) })
    }
    if (fin.plans.some((p) => p.role === 'baton')) keys.push(batonSignerOf(ctx))
    try {
      tx = signSpending(
        fin.tx,
        prevouts,
        keys,
        {
          ...(ctx.branchId === undefined ? {} : { branchId: ctx.branchId }),
          ...(ctx.backend === undefined ? {} : { backend: ctx.backend }),
          ...(ctx.blake2b === undefined ? {} : { blake2b: ctx.blake2b }),
        },
        kinds,
      )
    } catch (e) {
      if (e instanceof KomodoCcError && e.code === 'SIGNER_FAILED')
        throw new KomodoCcError(
          'SIGNER_FAILED',
          `${e.message.slice(e.code.length + 2)}: is context.privateKey (or context.signer) the key of context.pubkey?`,
          e.details,
        )
      throw e
    }
    signed = true
  }
  const raw = serializeTransaction(tx)
  let inputs: BuiltInput[] | undefined = signed ? undefined : describeInputs()
  return {
    hex: bytesToHex(raw),
    txid: txidOfBytes(raw), // the txid of the bytes just serialized (one serialization, not two)
    tx,
    signed,
    fee: fin.fee,
    get inputs(): BuiltInput[] {
      return (inputs ??= describeInputs())
    },
  }
}

/**
 * The signer of the caller's inputs: `context.signer` as given (its public key is not derived again), else one over
 * `context.privateKey` made for this build (its public key derived now, dropped with the build). Undefined: unsigned.
 */
function callerSigner(ctx: CheckedContext): Signer | undefined {
  if (ctx.signer !== undefined) return ctx.signer
  return ctx.privateKey === undefined ? undefined : keySigner(ctx.privateKey, ctx.backend ?? nobleSecp256k1)
}

/** The signer of baton inputs: `context.batonSigner` as given, else one over the baton key of `context.privateKey`. */
function batonSignerOf(ctx: CheckedContext): Signer {
  if (ctx.batonSigner !== undefined) return ctx.batonSigner
  if (ctx.privateKey === undefined)
    throw new KomodoCcError(
      'SIGNER_FAILED',
      'a baton input is signed with the baton key: give context.privateKey or context.batonSigner',
    )
  return keySigner(batonKey(ctx.privateKey), ctx.backend ?? nobleSecp256k1)
}

/**
 * The publisher's baton signer for one build: `context.batonSigner` as given, else one over the baton key of
 * `context.privateKey` (its public key derived now: an EC multiplication on every build not given
 * `state.batonPubkey`; nothing is remembered). Undefined when the context has neither. A builder that needs the baton
 * pubkey takes it from here and hands the signer on as the context's `batonSigner`, so one build derives it once.
 * @internal
 * @example callerBatonSigner(checkContext({ pubkey, utxos: [], height: 1, privateKey }))?.publicKey.length // 33
 */
export function callerBatonSigner(ctx: CheckedContext): Signer | undefined {
  if (ctx.batonSigner !== undefined) return ctx.batonSigner
  if (ctx.privateKey === undefined) return undefined
  return keySigner(batonKey(ctx.privateKey), ctx.backend ?? nobleSecp256k1)
}
