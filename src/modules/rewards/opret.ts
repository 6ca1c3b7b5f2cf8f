import { EVAL } from '../../cc/eval.js'
import { KomodoCcError } from '../../errors.js'
import {
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
 * `rewardscreatefunding` ('F', 42 bytes): `e5 46 sbits:u64le APR:u64le minseconds:u64le maxseconds:u64le mindeposit:u64le`.
 * `APR` is percent × 10^8 (5% = 500000000n; see {@link rewardsAprFromPercent}), times are seconds, `mindeposit`
 * satoshis. `name` as for dice.
 * @example rewardsAprToPercent((decodeRewardsOpret(script) as RewardsFundingOpret).APR) // '5.00000000'
 */
export type RewardsFundingOpret = {
  funcid: 'F'
  sbits: bigint
  name: string | null
  APR: bigint
  minseconds: bigint
  maxseconds: bigint
  mindeposit: bigint
}

/**
 * 'A' (`rewardsaddfunding`), 'L' (`rewardslock`), 'U' (`rewardsunlock`): `e5 funcid sbits:u64le fundingtxid:u256`.
 * @example (decodeRewardsOpret(script) as RewardsPlanOpret).fundingtxid
 */
export type RewardsPlanOpret = {
  funcid: 'A' | 'L' | 'U'
  sbits: bigint
  name: string | null
  fundingtxid: string
}

/** Every rewards opret payload. @example const p: RewardsOpret = decodeRewardsOpret(script) */
export type RewardsOpret = RewardsFundingOpret | RewardsPlanOpret

/**
 * Encodes a rewards payload as an opret script.
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | INT_RANGE | BYTES_LENGTH | HEX_INVALID
 * @example bytesToHex(encodeRewardsOpret({ funcid: 'L', sbits: sbits('FREE'), name: 'FREE', fundingtxid })).slice(0, 8) // '6a2ae54c'
 */
export function encodeRewardsOpret(payload: RewardsOpret): Uint8Array {
  return opretScript(encodeRewardsPayload(payload))
}

/** The bare payload of {@link encodeRewardsOpret}. @example encodeRewardsPayload(p).length // 42 */
export function encodeRewardsPayload(payload: RewardsOpret): Uint8Array {
  const p = assertPayloadObject(payload, 'rewards')
  const w = new FieldWriter(42)
  const f = encodeFuncid(w, EVAL.REWARDS, p.funcid, 'rewards', 'FALU')
  w.u64f(p.sbits, 'sbits')
  checkName(p.name, p.sbits as bigint)
  if (f === 'F')
    w.u64f(p.APR, 'APR')
      .u64f(p.minseconds, 'minseconds')
      .u64f(p.maxseconds, 'maxseconds')
      .u64f(p.mindeposit, 'mindeposit')
  else w.txid(p.fundingtxid, 'fundingtxid')
  return w.finish()
}

/**
 * Decodes a rewards opret script or payload strictly: eval 0xe5, funcid F A L U, 42 bytes exactly (as the daemon).
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | READ_PAST_END | TRAILING_BYTES
 * @example decodeRewardsOpret(script).funcid // 'U'
 */
export function decodeRewardsOpret(scriptOrBytes: Uint8Array | string, options: OpretDecodeOptions = {}): RewardsOpret {
  return decodeRewardsPayload(opretPayload(scriptOrBytes, options))
}

/** Decodes bare rewards payload bytes. @internal */
export function decodeRewardsPayload(payload: Uint8Array): RewardsOpret {
  return decodeFields(payload, 'rewards', (r): RewardsOpret => {
    r.evalCode(EVAL.REWARDS)
    const f = r.funcid()
    if (f.length !== 1 || !'FALU'.includes(f)) badFuncid('rewards', f, 'F A L U')
    const at = r.pos
    const sbits = r.u64f('sbits')
    const name = printableNameAt(r.data, at)
    if (f === 'F') {
      const APR = r.u64f('APR')
      const minseconds = r.u64f('minseconds')
      const maxseconds = r.u64f('maxseconds')
      const mindeposit = r.u64f('mindeposit')
      r.done()
      return { funcid: 'F', sbits, name, APR, minseconds, maxseconds, mindeposit }
    }
    const fundingtxid = r.txid('fundingtxid')
    r.done()
    return { funcid: f as 'A' | 'L' | 'U', sbits, name, fundingtxid }
  })
}

const APR_SCALE = 100_000_000n
const DAY = 86400n

/**
 * APR percent as exact decimal text (≤ 8 places) → the stored value (percent × 10^8). Unlike the daemon's
 * `atof(x) * COIN` (no rounding fudge: "0.29" → 28999999) this is exact; compare with {@link rewardsAprToPercent}.
 * @throws KomodoCcError AMOUNT_INVALID
 * @example rewardsAprFromPercent('5') // 500000000n
 */
export function rewardsAprFromPercent(percent: string): bigint {
  const m = typeof percent === 'string' ? /^(\d{1,11})(?:\.(\d{1,8}))?$/.exec(percent) : null
  if (m === null)
    throw new KomodoCcError(
      'AMOUNT_INVALID',
      `APR percent ${JSON.stringify(percent)} is not a plain decimal with at most 8 places`,
      { path: 'APR' },
    )
  return BigInt(m[1]!) * APR_SCALE + BigInt((m[2] ?? '').padEnd(8, '0'))
}

/**
 * Stored APR → the `rewardsinfo` text (`%.8f` of APR / 10^8).
 * @example rewardsAprToPercent(500000000n) // '5.00000000'
 */
export function rewardsAprToPercent(apr: bigint): string {
  if (typeof apr !== 'bigint' || apr < 0n)
    throw new KomodoCcError('INT_RANGE', 'APR expected a non-negative bigint', { path: 'APR' })
  return `${apr / APR_SCALE}.${(apr % APR_SCALE).toString().padStart(8, '0')}`
}

/** Whole days (the RPC's `mindays`/`maxdays`) → stored seconds. @example rewardsDaysToSeconds(60) // 5184000n */
export function rewardsDaysToSeconds(days: number | bigint): bigint {
  const d = typeof days === 'bigint' ? days : Number.isInteger(days) ? BigInt(days) : -1n
  if (d < 0n)
    throw new KomodoCcError('INT_RANGE', `days expected a non-negative integer, got ${String(days)}`, { path: 'days' })
  return d * DAY
}

/** Stored seconds → days (fractional when not a whole number of days). @example rewardsSecondsToDays(86400n) // 1 */
export function rewardsSecondsToDays(seconds: bigint): number {
  if (typeof seconds !== 'bigint')
    throw new KomodoCcError('INT_RANGE', 'seconds expected a bigint', { path: 'seconds' })
  return Number(seconds) / 86400
}
