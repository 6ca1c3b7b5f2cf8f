import { KomodoCcError } from '../errors.js'
import { bytesToHex } from '../bytes/hex.js'
import { hexToBytes } from '../bytes/hex.js'
import { ccModule } from '../cc/eval.js'
import { batonKey } from '../cc/address.js'
import { ccScriptParts } from '../script/classify.js'
import { createSighasher } from '../tx/sighash.js'
import { serializeTransaction, txidOfBytes } from '../tx/codec.js'
import { signTransaction, nobleSecp256k1, type Prevout, type Secp256k1Backend, type Signer } from '../tx/sign.js'
import { equalBytes } from '../bytes/utils.js'
import { pubkeyBytes } from '../address/address.js'
import type { Transaction } from '../tx/types.js'
import { inspectTransaction, type Inspection } from '../inspect.js'
import type { CheckedContext } from './context.js'
import type { FinalizedTx } from './finalize.js'
import type { KeyRole } from './types.js'

/** One input of a built transaction and what signs it (for an external signer: sign `sighash` with that key). */
export type BuiltInput = {
  txid: string
  vout: number
  satoshis: bigint
  kind: 'p2pk' | 'p2pkh' | 'cc'
  /** caller = the context's key; global = the module's published key; baton = the publisher's baton key */
  role: KeyRole
  /** The SIGHASH_ALL signature hash of this input (hex). */
  sighash: string
}

/** What every builder returns. */
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
  /** What the transaction does, read back from its bytes by `inspectTransaction` (computed on first access). */
  readonly inspection: Inspection
}

/**
 * Signs a finalized transaction with the context's key (and, where FinalizeCCTx would, the module's global key or the
 * baton key derived from the caller's key), or returns it unsigned with each input's sighash.
 * @internal used by every module builder
 */
export function completeBuild(fin: FinalizedTx, ctx: CheckedContext, evalCode: number): BuildResult {
  const prevouts: Prevout[] = fin.plans.map((p) => (p.kind === 'cc' ? { value: p.utxo.satoshis, script: p.utxo.script, condition: p.condition } : { value: p.utxo.satoshis, script: p.utxo.script }))
  // Each input's sighash; signTransaction computes its own, so a signed build only pays for these when read.
  const describeInputs = (): BuiltInput[] => {
    const hasher = createSighasher(fin.tx)
    return fin.plans.map((p, i) => {
      const cc = ccScriptParts(p.utxo.script)
      const scriptCode = cc === null ? p.utxo.script : p.utxo.script.subarray(0, cc.ccSubScriptEnd)
      const digest = hasher(i, { scriptCode, value: p.utxo.satoshis, branchId: ctx.branchId })
      return { txid: p.utxo.txid, vout: p.utxo.vout, satoshis: p.utxo.satoshis, kind: p.kind, role: p.role, sighash: bytesToHex(digest) }
    })
  }
  let tx = fin.tx
  let signed = false
  if (ctx.privateKey !== undefined) {
    const backend = ctx.backend ?? nobleSecp256k1
    const keys: Signer[] = [signerFor(ctx.privateKey, backend)]
    if (fin.plans.some((p) => p.role === 'global')) {
      const g = globalKeys(evalCode)
      keys.push(knownSigner(g.priv, g.pub, backend))
    }
    if (fin.plans.some((p) => p.role === 'baton')) keys.push(batonSignerFor(ctx.privateKey, backend))
    try {
      tx = signTransaction(fin.tx, prevouts, keys, { ...(ctx.branchId === undefined ? {} : { branchId: ctx.branchId }), ...(ctx.backend === undefined ? {} : { backend: ctx.backend }) })
    } catch (e) {
      if (e instanceof KomodoCcError && e.code === 'SIGNER_FAILED')
        throw new KomodoCcError('SIGNER_FAILED', `${e.message.slice(e.code.length + 2)}: is context.privateKey the key of context.pubkey?`, e.details)
      throw e
    }
    signed = true
  }
  const raw = serializeTransaction(tx)
  let inspection: Inspection | undefined
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
    get inspection(): Inspection {
      return (inspection ??= inspectTransaction(tx, { prevouts: prevouts.map((p) => ({ value: p.value })) }))
    },
  }
}

// Public keys of the caller's key and its baton key, per private-key object: deriving one is an EC multiplication,
// more than the rest of a build. The entry keeps a copy of the key so that an array mutated in place is re-derived.
type Derived = { copy: Uint8Array; pub: Uint8Array; batonKey?: Uint8Array; batonPub?: Uint8Array }
const DERIVED = /* @__PURE__ */ new WeakMap<Uint8Array, Derived>()

function derived(priv: Uint8Array, backend: Secp256k1Backend): Derived {
  let d = DERIVED.get(priv)
  if (d === undefined || !equalBytes(d.copy, priv)) {
    d = { copy: priv.slice(), pub: backend.getPublicKey(priv) }
    DERIVED.set(priv, d)
  }
  return d
}

function knownSigner(priv: Uint8Array, publicKey: Uint8Array, backend: Secp256k1Backend): Signer {
  const key = priv.slice()
  return { publicKey, sign: (digest: Uint8Array) => backend.sign(digest, key) }
}

function signerFor(priv: Uint8Array, backend: Secp256k1Backend): Signer {
  return knownSigner(priv, derived(priv, backend).pub, backend)
}

/** The baton key pair of a caller's private key, remembered in its entry above. */
function batonOf(priv: Uint8Array, backend: Secp256k1Backend): { key: Uint8Array; pub: Uint8Array } {
  const d = derived(priv, backend)
  const key = (d.batonKey ??= batonKey(priv))
  return { key, pub: (d.batonPub ??= backend.getPublicKey(key)) }
}

function batonSignerFor(priv: Uint8Array, backend: Secp256k1Backend): Signer {
  const b = batonOf(priv, backend)
  return knownSigner(b.key, b.pub, backend)
}

/**
 * The publisher's baton pubkey from its private key, remembered per key array like the signing keys (an EC
 * multiplication otherwise, on every oracle build that is not given `state.batonPubkey`). A copy: callers may keep it.
 * @internal
 */
export function callerBatonPubkey(priv: Uint8Array, backend: Secp256k1Backend = nobleSecp256k1): Uint8Array {
  return batonOf(priv, backend).pub.slice()
}

// The published key pair of a module (signs its global-address inputs), decoded once per eval code.
const GLOBAL_KEYS = /* @__PURE__ */ new Map<number, { priv: Uint8Array; pub: Uint8Array }>()

function globalKeys(evalCode: number): { priv: Uint8Array; pub: Uint8Array } {
  let g = GLOBAL_KEYS.get(evalCode)
  if (g === undefined) {
    const m = ccModule(evalCode)
    g = { priv: hexToBytes(m.privkey), pub: pubkeyBytes(m.pubkey) }
    GLOBAL_KEYS.set(evalCode, g)
  }
  return g
}
