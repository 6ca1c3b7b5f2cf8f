/**
 * Crypto-condition type ids as Komodo's C library numbers them (`cryptoconditions.h`); the ASN.1 CHOICE tag of a
 * condition or fulfillment of type `t` is `0xa0 | t`. RSA (3) exists in the IETF draft but is not registered in
 * Komodo, so readers reject it.
 * @example CC_TYPE.threshold // 2
 */
export const CC_TYPE = /* @__PURE__ */ Object.freeze({
  preimage: 0,
  prefix: 1,
  threshold: 2,
  rsa: 3,
  ed25519: 4,
  secp256k1: 5,
  secp256k1hash: 6,
  eval: 15,
} as const)

/** A type id of a condition kind Komodo's reader knows (RSA excluded; 6 only in Tokel's fork, see {@link CcSecp256k1Hash}). */
export type CcTypeId = 0 | 1 | 2 | 4 | 5 | 6 | 15

/** The JSON/URI names (`fpt=`) of the condition kinds, by type id. */
export type CcTypeName =
  | 'preimage-sha-256'
  | 'prefix-sha-256'
  | 'threshold-sha-256'
  | 'ed25519-sha-256'
  | 'secp256k1-sha-256'
  | 'secp256k1hash-sha-256'
  | 'eval-sha-256'

/**
 * Type id → name, as printed in the JSON and URI forms (`rsa-sha-256` is listed for the URI of foreign masks).
 * @example CC_TYPE_NAMES[5] // 'secp256k1-sha-256'
 */
export const CC_TYPE_NAMES: Readonly<Record<number, string>> = /* @__PURE__ */ Object.freeze({
  0: 'preimage-sha-256',
  1: 'prefix-sha-256',
  2: 'threshold-sha-256',
  3: 'rsa-sha-256',
  4: 'ed25519-sha-256',
  5: 'secp256k1-sha-256',
  6: 'secp256k1hash-sha-256',
  15: 'eval-sha-256',
})

/** `preimage-sha-256`: fulfilled by revealing bytes whose SHA-256 is the fingerprint. */
export type CcPreimage = { readonly type: 'preimage-sha-256'; readonly preimage: Uint8Array }

/** `prefix-sha-256`: a subcondition over `prefix || message`. Never valid in a Komodo transaction. */
export type CcPrefix = {
  readonly type: 'prefix-sha-256'
  readonly prefix: Uint8Array
  readonly maxMessageLength: number
  readonly subcondition: CcCondition
}

/** `threshold-sha-256`: `threshold` of the children must be fulfilled (children in any order; encodings sort them). */
export type CcThreshold = {
  readonly type: 'threshold-sha-256'
  readonly threshold: number
  readonly subconditions: readonly CcCondition[]
}

/** `ed25519-sha-256`: 32-byte public key, optional 64-byte signature. */
export type CcEd25519 = {
  readonly type: 'ed25519-sha-256'
  readonly publicKey: Uint8Array
  readonly signature?: Uint8Array
}

/**
 * `secp256k1-sha-256` (Komodo): 33 opaque public-key bytes (never validated when building: CCtxidaddr markers are
 * off-curve), optional 64-byte compact signature r‖s.
 */
export type CcSecp256k1 = {
  readonly type: 'secp256k1-sha-256'
  readonly publicKey: Uint8Array
  readonly signature?: Uint8Array
}

/**
 * `secp256k1hash-sha-256` (type 6, Tokel's fork only: tokel src/cryptoconditions/src/secp256k1hash.c): a key committed
 * by its 20-byte keyID (HASH160 of the 33-byte compressed key, what an R-address encodes). The fingerprint is the keyID
 * itself, not hashed again, and the condition binary carries it as a 20-byte OCTET STRING (`asnCondition`). A signed
 * node also carries the public key (which must hash to `keyId`) and a 64-byte compact signature.
 */
export type CcSecp256k1Hash = {
  readonly type: 'secp256k1hash-sha-256'
  readonly keyId: Uint8Array
  readonly publicKey?: Uint8Array
  readonly signature?: Uint8Array
}

/** `eval-sha-256` (Komodo): the code (first byte = module eval code); fingerprint = SHA-256(code). */
export type CcEval = { readonly type: 'eval-sha-256'; readonly code: Uint8Array }

/**
 * An anonymous condition: what decoding a condition binary gives (type, fingerprint, cost, subtypes only).
 * It cannot be fulfilled; it encodes back to the same condition binary. The fingerprint is 32 bytes, or 20 for type 6.
 */
export type CcAnon = {
  readonly type: 'anon'
  readonly typeId: CcTypeId
  readonly fingerprint: Uint8Array
  readonly cost: number
  readonly subtypes: number
}

/** Any condition tree node. */
export type CcCondition =
  CcPreimage | CcPrefix | CcThreshold | CcEd25519 | CcSecp256k1 | CcSecp256k1Hash | CcEval | CcAnon

/**
 * Decoder options. `lenient: true` reproduces the verdict of Komodo's C reader where it is laxer than DER
 * (see docs/cc.md); by default decoding is strict.
 */
export type CcDecodeOptions = {
  readonly lenient?: boolean
  /**
   * Accept type 6 (`secp256k1hash-sha-256`), which only Tokel's fork registers; Komodo's reader refuses it.
   * Default false.
   */
  readonly allowSecp256k1Hash?: boolean
}
