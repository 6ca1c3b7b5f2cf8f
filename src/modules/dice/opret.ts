import { EVAL } from '../../cc/eval.js'
import { KomodoCcError } from '../../errors.js'
import {
  FieldReader,
  FieldWriter,
  assertPayloadObject,
  badFuncid,
  decodeFields,
  encodeFuncid,
  opretPayload,
  opretScript,
  checkName,
  printableNameAt,
  type OpretDecodeOptions,
} from '../opret.js'

/**
 * `dicefund` ('F', 42 bytes): `e6 46 sbits:u64le minbet:i64le maxbet:i64le maxodds:i64le timeoutblocks:i64le`.
 * `name` is the plan name recovered from `sbits` when it is printable ASCII, else null (ignored when encoding,
 * but if given it must match `sbits`).
 * @example (decodeDiceOpret(script) as DiceFundingOpret).maxodds
 */
export type DiceFundingOpret = {
  funcid: 'F'
  sbits: bigint
  name: string | null
  minbet: bigint
  maxbet: bigint
  maxodds: bigint
  timeoutblocks: bigint
}

/**
 * The 106-byte form `e6 funcid sbits:u64le fundingtxid:u256 hash:u256 proof:u256` for
 * 'E' (`diceaddfunds`: hash = house commitment), 'B' (`dicebet`: hash = bettor entropy),
 * 'W'/'L' (`dicefinish` win/loss: hash = new commitment, proof = revealed house entropy), 'T' (timeout: both zero).
 * `hash` and `proof` are hex of the 32 bytes exactly as stored (hash outputs, not txids); `fundingtxid` is display hex.
 * @example (decodeDiceOpret(script) as DiceEntropyOpret).hash
 */
export type DiceEntropyOpret = {
  funcid: 'E' | 'B' | 'W' | 'L' | 'T'
  sbits: bigint
  name: string | null
  fundingtxid: string
  hash: string
  proof: string
}

/**
 * 'R' (`dicefinish` refund): `hash` = the house entropy already revealed, `oldbettxid` = the other bet (display hex).
 * @example (decodeDiceOpret(script) as DiceRefundOpret).oldbettxid
 */
export type DiceRefundOpret = {
  funcid: 'R'
  sbits: bigint
  name: string | null
  fundingtxid: string
  hash: string
  oldbettxid: string
}

/** Every dice opret payload. @example const p: DiceOpret = decodeDiceOpret(script) */
export type DiceOpret = DiceFundingOpret | DiceEntropyOpret | DiceRefundOpret

/**
 * Encodes a dice payload as an opret script.
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | INT_RANGE | BYTES_LENGTH | HEX_INVALID
 * @example
 * bytesToHex(encodeDiceOpret({ funcid: 'F', sbits: sbits('DICE'), name: 'DICE', minbet: 100000000n,
 *   maxbet: 10000000000n, maxodds: 10n, timeoutblocks: 5n })) // '6a2ae6464449434500…'
 */
export function encodeDiceOpret(payload: DiceOpret): Uint8Array {
  return opretScript(encodeDicePayload(payload))
}

/** The bare payload of {@link encodeDiceOpret}. @example encodeDicePayload(p).length // 42 or 106 */
export function encodeDicePayload(payload: DiceOpret): Uint8Array {
  const p = assertPayloadObject(payload, 'dice')
  const f = p.funcid
  const w = new FieldWriter(f === 'F' ? 42 : 106)
  encodeFuncid(w, EVAL.DICE, f, 'dice', 'FEBWLTR')
  w.u64f(p.sbits, 'sbits')
  checkName(p.name, p.sbits as bigint)
  if (f === 'F') {
    w.i64f(p.minbet, 'minbet')
      .i64f(p.maxbet, 'maxbet')
      .i64f(p.maxodds, 'maxodds')
      .i64f(p.timeoutblocks, 'timeoutblocks')
  } else {
    w.txid(p.fundingtxid, 'fundingtxid').raw32(p.hash, 'hash')
    if (f === 'R') w.txid(p.oldbettxid, 'oldbettxid')
    else w.raw32(p.proof, 'proof')
  }
  return w.finish()
}

/**
 * Decodes a dice opret script or payload strictly: eval 0xe6, funcid F (42 bytes) or E B W L T R (106 bytes),
 * every byte consumed — as the daemon's `DecodeDiceOpRet`, which is equally exact.
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | READ_PAST_END | TRAILING_BYTES
 * @example decodeDiceOpret(script).funcid // 'B'
 */
export function decodeDiceOpret(scriptOrBytes: Uint8Array | string, options: OpretDecodeOptions = {}): DiceOpret {
  return decodeDicePayload(opretPayload(scriptOrBytes, options))
}

/** Decodes bare dice payload bytes. @internal */
export function decodeDicePayload(payload: Uint8Array): DiceOpret {
  return decodeFields(payload, 'dice', (r: FieldReader): DiceOpret => {
    r.evalCode(EVAL.DICE)
    const f = r.funcid()
    if (!'FEBWLTR'.includes(f) || f === '') badFuncid('dice', f, 'F E B W L T R')
    const at = r.pos
    const sbits = r.u64f('sbits')
    const name = printableNameAt(r.data, at)
    if (f === 'F') {
      const minbet = r.i64f('minbet')
      const maxbet = r.i64f('maxbet')
      const maxodds = r.i64f('maxodds')
      const timeoutblocks = r.i64f('timeoutblocks')
      r.done()
      return { funcid: 'F', sbits, name, minbet, maxbet, maxodds, timeoutblocks }
    }
    const fundingtxid = r.txid('fundingtxid')
    const hash = r.raw32('hash')
    if (f === 'R') {
      const oldbettxid = r.txid('oldbettxid')
      r.done()
      return { funcid: 'R', sbits, name, fundingtxid, hash, oldbettxid }
    }
    const proof = r.raw32('proof')
    r.done()
    return { funcid: f as DiceEntropyOpret['funcid'], sbits, name, fundingtxid, hash, proof }
  })
}

/**
 * The odds of a dice bet, read from its vout 2 value (`10000 + odds` satoshis), or null if not a valid odds value.
 * @example diceOddsFromValue(10007n) // 7
 */
export function diceOddsFromValue(vout2Value: bigint): number | null {
  if (typeof vout2Value !== 'bigint' || vout2Value <= 10000n || vout2Value > 10000n + 9999n) return null
  return Number(vout2Value - 10000n)
}
