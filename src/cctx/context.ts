import { KomodoCcError } from '../errors.js'
import { bytesOrHex } from '../bytes/assert.js'
import { isSecpScalar } from '../bytes/scalar.js'
import { equalBytes } from '../bytes/utils.js'
import { pubkeyBytes } from '../address/address.js'
import { KMD, type ChainParams } from '../address/chain.js'
import { DEFAULT_TX_EXPIRY_DELTA, CC_TXFEE } from '../tx/types.js'
import { MAX_MONEY } from '../amount.js'
import type { Utxo } from './types.js'
import type { Secp256k1Backend, Signer } from '../tx/sign.js'
import { blake2bMode, type Blake2bMode } from '../hash/blake2b.js'

/**
 * What every builder needs besides the RPC's own parameters.
 * Keys: give `privateKey` (32 bytes; never logged, never in an error) or `signer` to get a signed transaction, or
 * leave both out to get the unsigned transaction with the signature hash of every input for an external signer.
 * Nothing derived from `privateKey` outlives the build: each signed build derives its public key (an EC
 * multiplication) again. To derive it once, hold a signer and pass it: `const signer = keySigner(privateKey)`, then
 * `{ pubkey: signer.publicKey, signer, … }` on every build (oracle publishers also pass `batonSigner:
 * keySigner(batonKey(privateKey))`). Keep `privateKey` beside a signer only where a key itself is needed (dice
 * entropy).
 * @example const signer = keySigner(privateKey); const ctx: BuildContext = { pubkey: signer.publicKey, utxos, height, signer }
 */
export type BuildContext = {
  /** The caller's public key (`-pubkey`): owner of change, of its CC address, and the signer of normal inputs. */
  pubkey: string | Uint8Array
  /**
   * Where change goes: a 33-byte compressed key whose P2PK output gets it. Default `pubkey`, as komodod's FinalizeCCTx
   * sends change to `mypk` (src/cc/CCtx.cpp); an HD wallet may send it to its next unused change address instead.
   */
  changePubkey?: string | Uint8Array
  /** The caller's spendable normal coins (P2PK or P2PKH of `pubkey`), in the order the node would list them. */
  utxos: readonly Utxo[]
  /** The current chain height; nExpiryHeight = height + 1 + expiryDelta, as komodod sets it. */
  height: number
  /** Default 200 (`-txexpirydelta`). */
  expiryDelta?: number
  /** The fee the daemon's builders use: 10000 sat. */
  fee?: bigint
  /** Address parameters (KMD and asset chains by default). */
  chain?: ChainParams
  /** The caller's private key, to sign. */
  privateKey?: Uint8Array
  /**
   * Signs the caller's inputs instead of a signer made from `privateKey` for this build (e.g. `keySigner(privateKey)`,
   * made once and kept by the caller). Synchronous; its `publicKey` must be `pubkey`.
   */
  signer?: Signer
  /** Signs baton inputs (oracles) instead of the baton key derived from `privateKey`; its `publicKey` is the baton pubkey. */
  batonSigner?: Signer
  /** Consensus branch id for the signature hash (Sapling by default). */
  branchId?: number
  /** The secp256k1 implementation that signs (default @noble/secp256k1; e.g. `tinySecp256k1Backend(tiny)`). */
  backend?: Secp256k1Backend
  /** Which BLAKE2b the signature hashes use (default `'auto'`: WebAssembly where available; `'js'` forces pure JS). */
  blake2b?: Blake2bMode
}

/** A context with its fields checked and defaulted. @internal */
export type CheckedContext = {
  pubkey: Uint8Array
  changePubkey: Uint8Array
  utxos: readonly Utxo[]
  expiryHeight: number
  fee: bigint
  chain: ChainParams
  privateKey?: Uint8Array
  signer?: Signer
  batonSigner?: Signer
  branchId?: number
  backend?: Secp256k1Backend
  blake2b?: Blake2bMode
}

/**
 * Validates a {@link BuildContext}.
 * @throws KomodoCcError ARG_INVALID | PUBKEY_INVALID | PRIVKEY_INVALID | INT_RANGE | AMOUNT_INVALID | AMOUNT_RANGE | BYTES_LENGTH
 * @internal
 */
export function checkContext(ctx: BuildContext): CheckedContext {
  if (typeof ctx !== 'object' || ctx === null)
    throw new KomodoCcError('ARG_INVALID', 'build context expected an object')
  const pubkey = pubkeyBytes(ctx.pubkey, 'context.pubkey')
  if (pubkey.length !== 33)
    throw new KomodoCcError('PUBKEY_INVALID', 'context.pubkey must be a 33-byte compressed key', {
      name: 'context.pubkey',
    })
  if (!Number.isInteger(ctx.height) || ctx.height < 0)
    throw new KomodoCcError('INT_RANGE', `context.height expected a non-negative integer, got ${String(ctx.height)}`)
  const delta = ctx.expiryDelta ?? DEFAULT_TX_EXPIRY_DELTA
  if (!Number.isInteger(delta) || delta < 0)
    throw new KomodoCcError('INT_RANGE', `context.expiryDelta expected a non-negative integer, got ${String(delta)}`)
  if (!Array.isArray(ctx.utxos))
    throw new KomodoCcError('ARG_INVALID', 'context.utxos expected an array of unspent outputs')
  ctx.utxos.forEach((u, i) => checkUtxo(u, `context.utxos[${i}]`))
  const fee = ctx.fee ?? CC_TXFEE
  if (typeof fee !== 'bigint')
    throw new KomodoCcError('AMOUNT_INVALID', 'context.fee expected a non-negative bigint of satoshis')
  if (fee < 0n || fee > MAX_MONEY)
    throw new KomodoCcError('AMOUNT_RANGE', `context.fee ${fee} sat is outside 0..MAX_MONEY`, {
      name: 'context.fee',
      got: String(fee),
    })
  let changePubkey = pubkey
  if (ctx.changePubkey !== undefined) {
    changePubkey = pubkeyBytes(ctx.changePubkey, 'context.changePubkey')
    if (changePubkey.length !== 33)
      throw new KomodoCcError('PUBKEY_INVALID', 'context.changePubkey must be a 33-byte compressed key', {
        name: 'context.changePubkey',
      })
  }
  const out: CheckedContext = {
    pubkey,
    changePubkey,
    utxos: ctx.utxos,
    expiryHeight: ctx.height + 1 + delta,
    fee,
    chain: ctx.chain ?? KMD,
  }
  if (ctx.privateKey !== undefined) {
    out.privateKey = bytesOrHex(ctx.privateKey, 32, 'context.privateKey')
    if (!isSecpScalar(out.privateKey))
      throw new KomodoCcError('PRIVKEY_INVALID', 'context.privateKey is not a valid secp256k1 private key (1..n-1)', {
        name: 'context.privateKey',
      })
  }
  if (ctx.signer !== undefined) {
    out.signer = checkSigner(ctx.signer, 'context.signer')
    if (!equalBytes(out.signer.publicKey, pubkey))
      throw new KomodoCcError('ARG_INVALID', 'context.signer.publicKey is not context.pubkey', {
        name: 'context.signer',
      })
  }
  if (ctx.batonSigner !== undefined) out.batonSigner = checkSigner(ctx.batonSigner, 'context.batonSigner')
  if (ctx.branchId !== undefined) out.branchId = ctx.branchId
  if (ctx.backend !== undefined) {
    if (
      typeof ctx.backend !== 'object' ||
      ctx.backend === null ||
      typeof ctx.backend.sign !== 'function' ||
      typeof ctx.backend.getPublicKey !== 'function'
    )
      throw new KomodoCcError(
        'ARG_INVALID',
        'context.backend expected a Secp256k1Backend (nobleSecp256k1 or tinySecp256k1Backend(…))',
      )
    out.backend = ctx.backend
  }
  if (ctx.blake2b !== undefined) out.blake2b = blake2bMode(ctx.blake2b, 'context.blake2b')
  return out
}

function checkSigner(s: Signer, name: string): Signer {
  if (
    typeof s !== 'object' ||
    s === null ||
    !(s.publicKey instanceof Uint8Array) ||
    s.publicKey.length !== 33 ||
    typeof s.sign !== 'function'
  )
    throw new KomodoCcError(
      'ARG_INVALID',
      `${name} expected a Signer { publicKey: 33 bytes, sign(digest) } (e.g. keySigner(privateKey))`,
      { name },
    )
  return s
}

/** Checks one UTXO's shape, and its value against 0..MAX_MONEY. @throws KomodoCcError ARG_INVALID | AMOUNT_RANGE @internal */
export function checkUtxo(u: unknown, name: string): Utxo {
  const o = u as Utxo
  if (
    typeof o !== 'object' ||
    o === null ||
    typeof o.txid !== 'string' ||
    !/^[0-9a-fA-F]{64}$/.test(o.txid) ||
    !Number.isInteger(o.vout) ||
    o.vout < 0 ||
    typeof o.satoshis !== 'bigint' ||
    !(o.script instanceof Uint8Array)
  )
    throw new KomodoCcError(
      'ARG_INVALID',
      `${name} expected { txid: display hex, vout, satoshis: bigint, script: Uint8Array }`,
      { name },
    )
  if (o.satoshis < 0n || o.satoshis > MAX_MONEY)
    throw new KomodoCcError(
      'AMOUNT_RANGE',
      `${name}.satoshis ${o.satoshis} is outside 0..MAX_MONEY: no such output can exist`,
      { name, got: String(o.satoshis) },
    )
  return o
}

/** A builder refusal carrying the daemon's own message in `details.daemonError`. @internal */
export function daemonRefusal(
  daemonError: string,
  details: Record<string, unknown> = {},
  code: 'BUILD_PARAMS' | 'BUILD_INPUTS' | 'BUILD_STATE' | 'INSUFFICIENT_FUNDS' = 'BUILD_PARAMS',
): KomodoCcError {
  return new KomodoCcError(code, daemonError, { ...details, daemonError })
}
