// Tokens v2 / assets v2 constants of Tokel's fork that more than one part uses (tokel src/cc/CCcustom.cpp, CCinclude.h,
// CCtokens.h, CCassets.h; spec tokel-v2 §1.1): global keys, markers, burn keys, the fee, and the v2 condition shapes.
import { FORK_CC_MODULES } from '../../cc/eval.js'
import {
  cc1of1,
  cc1of2,
  evalCondition,
  secp256k1Condition,
  secp256k1HashCondition,
  thresholdCondition,
} from '../../cc/condition.js'
import type { CcCondition } from '../../cc/types.js'
import { bytesOrHex } from '../../bytes/assert.js'
import { KomodoCcError } from '../../errors.js'
import { ccV2Script } from '../../script/ccv2.js'
import { bytesToHex } from '../../bytes/hex.js'

const fork = (name: string) => FORK_CC_MODULES.find((m) => m.name === name)!
/** The TokensV2 global pubkey (`CCcustom.cpp`). @example TOKENSV2_GLOBAL_PUBKEY.slice(0, 6) // '032fd2' */
export const TOKENSV2_GLOBAL_PUBKEY: string = /* @__PURE__ */ fork('TokensV2').pubkey
/** The AssetsV2 global pubkey. @example ASSETSV2_GLOBAL_PUBKEY.slice(0, 6) // '0345d2' */
export const ASSETSV2_GLOBAL_PUBKEY: string = /* @__PURE__ */ fork('AssetsV2').pubkey
/** `TOKENS_MARKER_VALUE` / `ASSETS_MARKER_AMOUNT` (sat). @example TOKENSV2_MARKER_VALUE // 10000n */
export const TOKENSV2_MARKER_VALUE = 10000n
/** The fee every v2 builder pays (all RPCs pass txfee 0 → 10000). @example TOKENSV2_TXFEE // 10000n */
export const TOKENSV2_TXFEE = 10000n
/** `CC_BURNPUBKEY` (not a curve point) and `CC_BURNPUBKEY_FIXED` (the burn key from S1 on). @example TOKENSV2_BURN_PUBKEYS.fixed.slice(-4) // 'deaa' */
export const TOKENSV2_BURN_PUBKEYS = /* @__PURE__ */ Object.freeze({
  old: '02deaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddead',
  fixed: '02deaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaddeaa',
} as const)

/** A token destination: a 33-byte pubkey (hex) or a 20-byte keyID (hex; what an R-address encodes). */
export type TokenDest = string | Uint8Array

/**
 * `MakeTokensv2CCcondMofNDest(E1, E2, M, dests)` (tokel src/cc/CCtokenutils.cpp): threshold of { eval E1, eval F5
 * unless E1 = F5, eval E2 if non-zero, M of {secp256k1(pk) | secp256k1hash(keyID)} } (spec §2.2).
 * @throws KomodoCcError BUILD_PARAMS | INT_RANGE | BYTES_LENGTH
 * @example tokensV2Condition(0xf5, 0, 1, [pk]) // 2 of {eval f5, 1 of {pk}}
 */
export function tokensV2Condition(e1: number, e2: number, m: number, dests: readonly TokenDest[]): CcCondition {
  if (!Array.isArray(dests) || dests.length < 1 || dests.length > 128)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `1..128 destinations expected, got ${Array.isArray(dests) ? dests.length : typeof dests}`,
    )
  const sigs = dests.map((d, i) => {
    const b = bytesOrHex(d, undefined, `dests[${i}]`)
    if (b.length === 33) return secp256k1Condition(b)
    if (b.length === 20) return secp256k1HashCondition(b)
    throw new KomodoCcError(
      'BUILD_PARAMS',
      `dests[${i}] expected a 33-byte pubkey or a 20-byte keyID, got ${b.length} bytes`,
    )
  })
  const children: CcCondition[] = []
  if (e1 !== 0) children.push(evalCondition(e1))
  if (e1 !== 0xf5) children.push(evalCondition(0xf5))
  if (e2 !== 0) children.push(evalCondition(e2))
  children.push(thresholdCondition(m, sigs))
  return thresholdCondition(children.length, children)
}

/** Memo of the four fixed global scripts (public, immutable; bounded: 4 entries). */
let globals: Readonly<Record<'tokensMarker' | 'assetsGlobal' | 'assetsTokens', string>> | undefined

/**
 * Hex of the fixed global v2 scripts: the TokensV2 marker CC1(F5, global) (`CZnkvW5V…`), the assets coins global
 * CC1(F6, global) (`CeKqrjLj…`), and the tokens-in-assets global TV2(F6, 0, 1, {global}) with its params (`CTYmzXTP…`).
 * @example tokensV2GlobalScripts().tokensMarker.slice(0, 6) // '3e4da2'
 */
export function tokensV2GlobalScripts(): Readonly<Record<'tokensMarker' | 'assetsGlobal' | 'assetsTokens', string>> {
  return (globals ??= Object.freeze({
    tokensMarker: bytesToHex(ccV2Script(cc1of1(0xf5, TOKENSV2_GLOBAL_PUBKEY), { subver: 0 })),
    assetsGlobal: bytesToHex(ccV2Script(cc1of1(0xf6, ASSETSV2_GLOBAL_PUBKEY), { subver: 0 })),
    assetsTokens: bytesToHex(ccV2Script(tokensV2Condition(0xf6, 0, 1, [ASSETSV2_GLOBAL_PUBKEY]), { subver: 0 })),
  }))
}

/** The order marker CC1of2(F6, origpk, AssetsV2 global), sub-version 0, no params. @example assetsV2MarkerScript(pk) */
export function assetsV2MarkerScript(origpubkey: string): Uint8Array {
  return ccV2Script(cc1of2(0xf6, origpubkey, ASSETSV2_GLOBAL_PUBKEY), { subver: 0 })
}
