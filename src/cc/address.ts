import { ccPrefixEnd } from '../script/cc.js'
import { getPublicKey } from '@noble/secp256k1'
import { KomodoCcError } from '../errors.js'
import { assertBytes, bytesOrHex } from '../bytes/assert.js'
import { isSecpScalar } from '../bytes/scalar.js'
import { bytesToHex } from '../bytes/hex.js'
import { txidToInternalBytes } from '../bytes/uint256.js'
import { hash160, sha256 } from '../hash/index.js'
import { sha256Into } from '../hash/sha256.js'
import { base58Encode } from '../address/base58.js'
import { hash160ToAddress, p2pkhAddress } from '../address/address.js'
import { KMD, chainParams, type ChainParams } from '../address/chain.js'
import { cc1of1, cc1of2, encodeCondition, evalCondition, pubkey33, tokensCc1of1, tokensCc1of2 } from './condition.js'
import { ccModule, ORACLES_CC, type CcModule } from './eval.js'
import { ripemd160Of32 } from '../hash/ripemd32.js'
import type { CcCondition } from './types.js'

/**
 * CC address of any condition: base58check(pubtype, HASH160(`<push condition> cc`)) — the vData tail is never part
 * of it. Version 60 (`R…`) on KMD and every asset chain; the chain's `cctype` where it has one (TOKEL: `C…`).
 * @throws KomodoCcError (from encoding) | SCRIPT_INVALID | CHAIN_PARAMS
 * @example ccAddressOf(cc1of1(0xe4, faucetGlobalPubkey)) // 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC'
 */
export function ccAddressOf(cond: CcCondition | Uint8Array, chain: ChainParams | string = KMD): string {
  const c = cond instanceof Uint8Array ? cond : encodeCondition(cond)
  if (c.length < 1 || c.length > 75)
    throw new KomodoCcError(
      'SCRIPT_INVALID',
      `the condition push must be a direct push of 1..75 bytes, got ${c.length}`,
      { length: c.length },
    )
  const sub = new Uint8Array(c.length + 2)
  sub[0] = c.length
  sub.set(c, 1)
  sub[c.length + 1] = 0xcc
  return hash160ToAddress(hash160(sub), 'cc', chain === KMD ? KMD : chainParams(chain))
}

/**
 * Address of a CC scriptPubKey (with or without its vData tail): HASH160 of the part up to `cc`. Only the condition
 * push and `cc` are checked; use `isCcScript`/`parseCcScript` (src/script/cc.ts) to validate the tail as komodod does.
 * @throws KomodoCcError SCRIPT_INVALID when not a CC script
 * @example ccScriptAddress(hexToBytes('2ea22c8020618e…0401cc120401f2…75')) // 'RNu9B7SFRedJ2Qi68L9ajdYxNkV9zE6xpk'
 */
export function ccScriptAddress(script: Uint8Array, chain: ChainParams | string = KMD): string {
  assertBytes(script, undefined, 'script')
  const end = ccPrefixEnd(script)
  if (end < 0)
    throw new KomodoCcError(
      'SCRIPT_INVALID',
      'not a CC scriptPubKey (direct push of the condition, then OP_CHECKCRYPTOCONDITION)',
    )
  return hash160ToAddress(hash160(script.subarray(0, end)), 'cc', chain === KMD ? KMD : chainParams(chain))
}

// ---------------------------------------------------------------------------------------------------------------
// the 1-of-1 fast path: fixed DER around three SHA-256 fingerprints, one HASH160, one base58check

/** Fixed bytes with zeroed holes: `parts` are byte runs or hole sizes. */
function template(...parts: Array<number[] | number>): Uint8Array {
  const bytes: number[] = []
  for (const p of parts) {
    if (typeof p === 'number') for (let i = 0; i < p; i++) bytes.push(0)
    else bytes.push(...p)
  }
  return Uint8Array.from(bytes)
}
// secp256k1 fingerprint contents: 30 23 80 21 <pk33>
const SECP = /* @__PURE__ */ template([0x30, 0x23, 0x80, 0x21], 33)
// inner threshold contents: 30 2e 80 01 01 a1 29 | a5 27 80 20 <fp 32> 81 03 02 00 00
const INNER = /* @__PURE__ */ template(
  [0x30, 0x2e, 0x80, 0x01, 0x01, 0xa1, 0x29, 0xa5, 0x27, 0x80, 0x20],
  32,
  [0x81, 0x03, 0x02, 0x00, 0x00],
)
// outer threshold contents: 30 5b 80 01 02 a1 56 | a2 2b 80 20 <fp 32> 81 03 02 04 00 82 02 02 04 | <eval condition 41>
const OUTER = /* @__PURE__ */ template(
  [0x30, 0x5b, 0x80, 0x01, 0x02, 0xa1, 0x56, 0xa2, 0x2b, 0x80, 0x20],
  32,
  [0x81, 0x03, 0x02, 0x04, 0x00, 0x82, 0x02, 0x02, 0x04],
  41,
)
// script: 2e a2 2c 80 20 <fp 32> 81 03 12 0c 00 82 03 00 04 01 cc
const SCRIPT = /* @__PURE__ */ template(
  [0x2e, 0xa2, 0x2c, 0x80, 0x20],
  32,
  [0x81, 0x03, 0x12, 0x0c, 0x00, 0x82, 0x03, 0x00, 0x04, 0x01, 0xcc],
)
const SCRIPT_HASH = /* @__PURE__ */ new Uint8Array(32)
// version 60 ‖ hash160 ‖ checksum
const ADDR = /* @__PURE__ */ new Uint8Array(25)
const ADDR21 = /* @__PURE__ */ new Uint8Array(ADDR.buffer, 0, 21)
const CHECK = /* @__PURE__ */ new Uint8Array(32)
const EVAL_CONDITIONS: (Uint8Array | undefined)[] = []
let outerEval = -1

/**
 * The module 1-of-1 CC address `CC1(evalCode, pubkey)` — what `myCCAddress(…)`/`PubkeyCCaddress(…)` print. Fast path:
 * the DER around the three fingerprints is fixed per eval code, so only the pubkey-dependent hashes run
 * (byte-identical to `ccAddressOf(cc1of1(evalCode, pubkey))`, checked by tests). Pubkey: 33 opaque bytes.
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID
 * @example ccAddress(0xe4, '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12') // 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC'
 */
export function ccAddress(evalCode: number, pubkey: string | Uint8Array, chain: ChainParams | string = KMD): string {
  if (!Number.isInteger(evalCode) || evalCode < 0 || evalCode > 255) evalCondition(evalCode) // throws INT_RANGE
  const pk =
    typeof pubkey !== 'string' && pubkey instanceof Uint8Array && pubkey.length === 33
      ? pubkey
      : pubkey33(pubkey, 'pubkey')
  SECP.set(pk, 4)
  sha256Into(SECP, INNER, 11)
  sha256Into(INNER, OUTER, 11)
  if (outerEval !== evalCode) {
    let ev = EVAL_CONDITIONS[evalCode]
    if (ev === undefined) ev = EVAL_CONDITIONS[evalCode] = encodeCondition(evalCondition(evalCode))
    OUTER.set(ev, 52)
    outerEval = evalCode
  }
  sha256Into(OUTER, SCRIPT, 5)
  sha256Into(SCRIPT, SCRIPT_HASH, 0)
  ripemd160Of32(SCRIPT_HASH, 0, ADDR, 1)
  if (chain !== KMD) return hash160ToAddress(ADDR.slice(1, 21), 'cc', chainParams(chain))
  ADDR[0] = 60
  sha256Into(ADDR21, CHECK, 0)
  sha256Into(CHECK, CHECK, 0)
  ADDR[21] = CHECK[0]!
  ADDR[22] = CHECK[1]!
  ADDR[23] = CHECK[2]!
  ADDR[24] = CHECK[3]!
  return base58Encode(ADDR)
}

/**
 * The 1-of-2 CC address `CC1of2(evalCode, pk1, pk2)` (key order does not matter).
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID
 * @example ccAddress1of2(0xe4, pk1, pk2) === ccAddress1of2(0xe4, pk2, pk1) // true
 */
export function ccAddress1of2(
  evalCode: number,
  pk1: string | Uint8Array,
  pk2: string | Uint8Array,
  chain: ChainParams | string = KMD,
): string {
  return ccAddressOf(cc1of2(evalCode, pk1, pk2), chain)
}

/**
 * Token CC address `MakeTokensCCcond1(evalCode, evalCode2, pubkey)`: with evalCode 0xf2 and no second code it is the
 * plain tokens 1-of-1 address; otherwise the 3- or 4-eval shape (e.g. `FaucetCCTokensAddress`).
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID
 * @example tokensCcAddress(0xe4, faucetGlobalPubkey) // 'RKaT8VfRSsu4qWL2kfW3PCzejrzJxi1TcJ'
 */
export function tokensCcAddress(
  evalCode: number,
  pubkey: string | Uint8Array,
  evalCode2 = 0,
  chain: ChainParams | string = KMD,
): string {
  return ccAddressOf(tokensCc1of1(evalCode, pubkey, evalCode2), chain)
}

/**
 * Token 1-of-2 CC address `MakeTokensCCcond1of2(evalCode, evalCode2, pk1, pk2)`.
 * @throws KomodoCcError INT_RANGE | PUBKEY_INVALID | HEX_INVALID
 * @example tokensCcAddress1of2(0xf1, pk1, pk2)
 */
export function tokensCcAddress1of2(
  evalCode: number,
  pk1: string | Uint8Array,
  pk2: string | Uint8Array,
  evalCode2 = 0,
  chain: ChainParams | string = KMD,
): string {
  return ccAddressOf(tokensCc1of2(evalCode, pk1, pk2, evalCode2), chain)
}

// ---------------------------------------------------------------------------------------------------------------
// txid markers, module globals, oracle baton

/**
 * `CCtxidaddr`'s pseudo-pubkey: `02 ‖` the txid's 32 internal-order bytes (the reverse of its display hex). Often
 * not a curve point; use it as opaque bytes (P2PK marker outputs, 1-of-1 conditions).
 * @throws KomodoCcError HEX_INVALID | BYTES_LENGTH
 * @example bytesToHex(txidPubkey('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'))
 * // '02ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100'
 */
export function txidPubkey(txid: string): Uint8Array {
  const internal = txidToInternalBytes(txid)
  const out = new Uint8Array(33)
  out[0] = 2
  out.set(internal, 1)
  return out
}

/**
 * `CCtxidaddr(txid)`: the normal (P2PK) address of {@link txidPubkey} — the oracle marker address, the gateways
 * deposit/withdraw txid markers.
 * @throws KomodoCcError HEX_INVALID | BYTES_LENGTH
 * @example txidAddress('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff') // 'RBNNNDU4ViCtvyEAKDMqB83Av4PnVDBNj9'
 */
export function txidAddress(txid: string, chain: ChainParams | string = KMD): string {
  return p2pkhAddress(txidPubkey(txid), chain)
}

/** The module's addresses as the `…address` RPCs print them. */
export type ModuleGlobalAddresses = {
  /** CC1(eval, global pubkey): the module's unspendable CC address. */
  ccAddress: string
  /** P2PK address of the global pubkey (also the module's "marker" address). */
  normalAddress: string
  /** TokensCC1(eval, 0, global pubkey): `<Name>CCTokensAddress` (for Tokens itself, its plain CC address). */
  ccTokensAddress: string
  /** CC1of2(eval, global pubkey, global pubkey): the "CC1of2" self-pair. */
  ccSelfPairAddress: string
}

/**
 * Global (unspendable) CC, normal, tokens and self-pair addresses of a module, computed from its published pubkey.
 * @throws KomodoCcError ARG_INVALID for an unknown module
 * @example moduleGlobalAddresses('faucet').ccTokensAddress // 'RKaT8VfRSsu4qWL2kfW3PCzejrzJxi1TcJ'
 */
export function moduleGlobalAddresses(module: string | number | CcModule): ModuleGlobalAddresses {
  const mod = typeof module === 'object' ? module : ccModule(module)
  return {
    ccAddress: ccAddress(mod.evalCode, mod.pubkey),
    normalAddress: p2pkhAddress(mod.pubkey),
    ccTokensAddress: tokensCcAddress(mod.evalCode, mod.pubkey),
    ccSelfPairAddress: ccAddress1of2(mod.evalCode, mod.pubkey, mod.pubkey),
  }
}

/** secp256k1 group order n. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/**
 * The Oracles baton private key of a publisher (`OracleBatonPk`): `priv XOR K`, K = the Oracles private-key constant
 * (byte-identical to Gateways'); if that is not a valid key (0 or ≥ n), `+ priv mod n` as the daemon does.
 * The result is a secret: never log it.
 * @throws KomodoCcError BYTES_TYPE | BYTES_LENGTH | PRIVKEY_INVALID
 * @example bytesToHex(batonKey(hexToBytes('00'.repeat(31) + '01'))) // 'f74b5ba2…048f85be'
 */
export function batonKey(privateKey: Uint8Array): Uint8Array {
  const priv = assertBytes(privateKey, 32, 'privateKey')
  if (!isSecpScalar(priv))
    throw new KomodoCcError('PRIVKEY_INVALID', 'privateKey must be a secp256k1 private key, 1 ≤ k < n')
  const k = (oraclesKey ??= bytesOrHex(ORACLES_CC.privkey, 32, 'oracles key'))
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = priv[i]! ^ k[i]!
  if (!isSecpScalar(out)) {
    let v = (toBig(out) + toBig(priv)) % N
    if (v === 0n) throw new KomodoCcError('PRIVKEY_INVALID', 'baton key derivation gave zero')
    for (let i = 31; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn)
  }
  return out
}

/** The Oracles module's published private key (the baton key's mask), decoded on first use. */
let oraclesKey: Uint8Array | undefined

/**
 * The baton pubkey of a publisher from its private key: compressed(batonKey(priv)·G).
 * @throws KomodoCcError BYTES_LENGTH | PRIVKEY_INVALID
 * @example bytesToHex(batonPubkey(priv1)) // '031df7f6218960fb6ec9abd5edc09cbfd37b3dcb712bfd02b9ff1c054de79d7aac'
 */
export function batonPubkey(privateKey: Uint8Array): Uint8Array {
  const k = batonKey(privateKey)
  try {
    return getPublicKey(k, true)
  } catch {
    throw new KomodoCcError('PRIVKEY_INVALID', 'baton key is not a valid secp256k1 private key')
  }
}

/**
 * Baton address from the baton pubkey (as observers see it in `oraclesinfo`): CC1(0xec, batonPubkey).
 * @throws KomodoCcError PUBKEY_INVALID | HEX_INVALID
 * @example batonAddress('031df7f6218960fb6ec9abd5edc09cbfd37b3dcb712bfd02b9ff1c054de79d7aac') // 'RJWaXxTLFP8KDkNB41KmWL7i9r9JBfu6Hz'
 */
export function batonAddress(batonPubkeyOrHex: string | Uint8Array, chain: ChainParams | string = KMD): string {
  return ccAddress(0xec, batonPubkeyOrHex, chain)
}

/**
 * The global key pair of a cclib module (`CClib_initcp`): eval 0x10 uses the published cclib key; for e > 0x10 the
 * private key is SHA-256 applied (e − 0x10) times to it. The private key is public knowledge (module globals).
 * @throws KomodoCcError INT_RANGE for codes outside 0x10..0x7f
 * @example bytesToHex(cclibGlobalKey(0x11).pubkey) // '0223b2b9d35fb6383bbbc0dd6668825c91713bc21081b9ce33df3d7edbafa88305'
 */
export function cclibGlobalKey(evalCode: number): { privkey: Uint8Array; pubkey: Uint8Array } {
  if (!Number.isInteger(evalCode) || evalCode < 0x10 || evalCode > 0x7f)
    throw new KomodoCcError('INT_RANGE', `cclib eval code expected 0x10..0x7f, got ${evalCode}`, { got: evalCode })
  let priv = bytesOrHex(ccModule('CClib').privkey, 32, 'cclib key')
  for (let i = 0x10; i < evalCode; i++) priv = sha256(priv)
  return { privkey: priv, pubkey: getPublicKey(priv, true) }
}

function toBig(b: Uint8Array): bigint {
  return BigInt('0x' + bytesToHex(b))
}
