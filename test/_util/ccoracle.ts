// komodod's own validators (tools/komodod-oracle, built into .ccoracle/ccoracle) as the tests' judge: a transaction, or
// a whole devnet chain, run through komodod's CheckTransaction, contextual checks, IsStandardTx and CC validators.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChainSnapshot } from '../../src/devnet/chain.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The oracle's path: `KOMODO_CC_CCORACLE`, else `.ccoracle/ccoracle` at the repository's root. */
export const CCORACLE = process.env.KOMODO_CC_CCORACLE ?? join(ROOT, '.ccoracle', 'ccoracle')

/** True when the oracle is built. */
export function ccoracleAvailable(): boolean {
  return existsSync(CCORACLE)
}

/**
 * Tokel's oracle (shared/komodod-oracle/tokel, built into .ccoracle-tokel/ccoracle): the judge of the devnet's Tokel
 * mode. `KOMODO_CC_CCORACLE_TOKEL`, else `.ccoracle-tokel/ccoracle` at the repository's root.
 */
export const CCORACLE_TOKEL = process.env.KOMODO_CC_CCORACLE_TOKEL ?? join(ROOT, '.ccoracle-tokel', 'ccoracle')

/** Whether Tokel's oracle is built. */
export function tokelOracleAvailable(): boolean {
  return existsSync(CCORACLE_TOKEL)
}

/** True when a missing oracle must fail the run (CI, or `KOMODO_CC_REQUIRE_CCORACLE=1`). */
export function ccoracleRequired(): boolean {
  return process.env.CI === 'true' || process.env.KOMODO_CC_REQUIRE_CCORACLE === '1'
}

/** One check's verdict. */
export type Verdict = { ok: boolean; reason: string }

/** komodod's verdict on one input. */
export type InputJudgement = {
  n: number
  prevout: string
  cc?: boolean
  ok: boolean
  scriptError?: string
  reason?: string
  ccEval?: 'valid' | 'invalid' | 'error' | 'not-reached'
  validator?: { ok: boolean; evals: { eval: string; ok: boolean; reason: string }[] }
}

/** komodod's verdict on one transaction (tools/komodod-oracle/README.md). */
export type Judgement = {
  txid: string
  height: number
  checkTransaction: Verdict
  contextualCheckTransaction: Verdict
  isStandardTx: Verdict
  checkFinalTx: Verdict
  areInputsStandard?: boolean
  absurdFee?: boolean
  contextualCheckInputs?: Verdict
  contextualCheckInputsMandatory?: Verdict
  inputs: InputJudgement[]
  valueIn?: number
  valueOut?: number
  fee?: number
  /** What a block accepts (consensus). */
  valid: boolean
  /** Relay policy (IsStandardTx, AreInputsStandard, finality, sigops, standard script flags). */
  standard: boolean
  /** What `sendrawtransaction` on a default node accepts. */
  accepted: boolean
  /** The first refusal in AcceptToMemoryPool's order ('' when accepted). */
  refusal: string
}

/** The chain's configuration, as komodod's command line sets it. */
export type OracleChain = {
  /** `-ac_name` (default DEVNET: an asset chain). */
  chain?: string
  /** `-ac_cbmaturity` (default: komodod's rule, 1 on a one-era asset chain). */
  cbmaturity?: number
  /** `-datacarriersize` (default 208 on asset chains). */
  datacarriersize?: number
  /** `-datacarrier` (default true). */
  datacarrier?: boolean
  /**
   * Every confirmed block notarized (the devnet's model: it has no notaries, and treats 2 confirmations as komodod
   * treats a notarized transaction). Without it komodod's `komodo_txnotarizedconfirmed` wants 101 confirmations.
   */
  notarized?: boolean
}

function chainArgs(c: OracleChain): string[] {
  const a = ['--chain', c.chain ?? 'DEVNET']
  if (c.cbmaturity !== undefined) a.push('--cbmaturity', String(c.cbmaturity))
  if (c.datacarriersize !== undefined) a.push('--datacarriersize', String(c.datacarriersize))
  if (c.datacarrier !== undefined) a.push('--datacarrier', c.datacarrier ? '1' : '0')
  if (c.notarized === true) a.push('--notarized')
  return a
}

function parseLines(stdout: string): unknown[] {
  const lines = stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as unknown)
  const err = lines.find((l) => typeof (l as { error?: unknown }).error === 'string') as { error: string } | undefined
  if (err !== undefined) throw new Error(`ccoracle: ${err.error}`)
  return lines
}

/** The oracle's arguments with `@IN`/`IN` pointing at `input` written to a fresh temporary file; `done` removes it. */
function withInput(args: string[], input: string): { argv: string[]; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'ccoracle-'))
  const file = join(dir, 'in')
  writeFileSync(file, input)
  return {
    argv: args.map((a) => (a === '@IN' ? `@${file}` : a === 'IN' ? file : a)),
    done: () => rmSync(dir, { recursive: true, force: true }),
  }
}

function run(
  args: string[],
  input: string,
  binary = CCORACLE,
): { lines: unknown[]; status: number | null; stderr: string } {
  const { argv, done } = withInput(args, input)
  try {
    const res = spawnSync(binary, argv, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 300_000 })
    if (res.error) throw res.error
    return { lines: parseLines(res.stdout), status: res.status, stderr: res.stderr }
  } finally {
    done()
  }
}

/** {@link run} without blocking the event loop, so several oracle processes can run at once. */
async function runAsync(args: string[], input: string): Promise<unknown[]> {
  const { argv, done } = withInput(args, input)
  try {
    const child = spawn(CCORACLE, argv, { stdio: ['ignore', 'pipe', 'ignore'], timeout: 300_000 })
    let out = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (d: string) => (out += d))
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject)
      child.on('close', () => resolve())
    })
    return parseLines(out)
  } finally {
    done()
  }
}

/** The shell command that judges a snapshot file again, as the tests did. */
export function replayCommand(file: string, chain: OracleChain = {}): string {
  return [CCORACLE, '--batch', file, ...chainArgs(chain)].join(' ')
}

/** Judges every transaction of a devnet chain snapshot as komodod would have when it arrived (batch mode). */
export function judgeSnapshot(snap: Pick<ChainSnapshot, 'blocks' | 'mempool'>, chain: OracleChain = {}): Judgement[] {
  const { lines } = run(['--batch', 'IN', ...chainArgs(chain)], JSON.stringify(snap))
  return lines.filter((l) => (l as { summary?: boolean }).summary !== true) as Judgement[]
}

/** A transaction the judged one may look up: confirmed at `height` (default: the tip) or in the mempool. */
export type ChainTx = { hex: string; height?: number; mempool?: boolean; txid?: string }

/** Options of {@link judgeTx}: the chain's configuration, the height judged at (the tip is `height - 1`), block times. */
export type JudgeTxOptions = OracleChain & {
  height: number
  /** `blockTimes[h]` is block h's time (a devnet snapshot's `blocks[h].time`; default: a genesis time + 60 s a block). */
  blockTimes?: readonly number[]
}

/**
 * Judges one transaction against the given chain (single mode): the tip is `height - 1`; `chainTxs` are what it may
 * spend or look up; `blockTimes[h]` is block h's time (a devnet snapshot's `blocks[h].time`).
 */
export function judgeTx(hex: string, chainTxs: ChainTx[], options: JudgeTxOptions): Judgement {
  const { args, words } = singleMode(hex, chainTxs, options)
  return run(args, words).lines[0] as Judgement
}

/** {@link judgeTx} in a child process that does not block: several judgements can run at once. */
export async function judgeTxAsync(hex: string, chainTxs: ChainTx[], options: JudgeTxOptions): Promise<Judgement> {
  const { args, words } = singleMode(hex, chainTxs, options)
  return (await runAsync(args, words))[0] as Judgement
}

function singleMode(hex: string, chainTxs: ChainTx[], options: JudgeTxOptions): { args: string[]; words: string } {
  const args = ['--height', String(options.height), ...chainArgs(options)]
  options.blockTimes?.forEach((t, h) => args.push('--time', `${h}:${t}`))
  for (const t of chainTxs) if (t.mempool === true && t.txid !== undefined) args.push('--mempool', t.txid)
  const words = [
    hex,
    ...chainTxs.map((t) => (t.height !== undefined && t.mempool !== true ? `${t.height}:${t.hex}` : t.hex)),
  ]
  return { args: [...args, '@IN'], words: words.join('\n') }
}

/** A short line naming what komodod refused in a judgement (for failure messages). */
export function describeRefusal(j: Judgement): string {
  const bad = j.inputs
    .filter((i) => !i.ok || i.validator?.ok === false)
    .map((i) =>
      `vin${i.n}: ${i.scriptError ?? ''} ${i.reason ?? ''} ${(i.validator?.evals ?? []).map((e) => `${e.eval}=${e.ok ? 'ok' : e.reason}`).join(',')}`.trim(),
    )
  return `${j.txid} at height ${j.height}: ${j.valid ? 'valid' : 'INVALID'}, ${j.standard ? 'standard' : 'non-standard'}, refusal '${j.refusal}'${bad.length > 0 ? `; ${bad.join('; ')}` : ''}`
}

/** Tokel's verdict on one transaction (shared/komodod-oracle/tokel/glue/harness.cpp): consensus `valid`, relay policy. */
export type TokelJudgement = {
  txid: string
  height: number
  valid: boolean
  isStandardTx: Verdict
  checkTransaction: Verdict
  inputs: InputJudgement[]
  outputs?: unknown[]
}

/**
 * Tokel's launch parameters of a Tokel-mode devnet chain, as its oracle takes them (harness.cpp: TKLTEST
 * `-ac_cc=1 -ac_ccenable=228,236,245,246,247`, TOKEL `-ac_cc=555 -ac_ccenable=236,245,246,247`).
 */
function tokelChainArgs(chain: 'TOKEL' | 'TKLTEST'): string[] {
  return chain === 'TOKEL'
    ? ['--chain', 'TOKEL', '--ac_cc', '555', '--ac_ccenable', '236,245,246,247']
    : ['--chain', 'TKLTEST']
}

/**
 * Judges every transaction of a Tokel-mode devnet chain with Tokel's oracle, one at a time (it has no batch mode), as
 * Tokel's daemon would have when it arrived: at the height of the block it entered (mempool ones at the tip + 1), the
 * chain's earlier transactions (same-block ones as mempool) and block times given.
 */
export function judgeTokelSnapshot(
  snap: Pick<ChainSnapshot, 'blocks' | 'mempool'>,
  chain: 'TOKEL' | 'TKLTEST',
): TokelJudgement[] {
  const times = snap.blocks.flatMap((b, h) => ['--time', `${h}:${b.time}`])
  const out: TokelJudgement[] = []
  const earlier: { hex: string; height: number; txid: string }[] = []
  const judgeAt = (hex: string, height: number): void => {
    const same = earlier.filter((e) => e.height === height)
    const args = [
      '--height',
      String(height),
      ...tokelChainArgs(chain),
      ...times,
      ...same.flatMap((e) => ['--mempool', e.txid]),
      '@IN',
    ]
    const words = [hex, ...earlier.map((e) => (e.height < height ? `${e.height}:${e.hex}` : e.hex))].join('\n')
    out.push(run(args, words, CCORACLE_TOKEL).lines[0] as TokelJudgement)
  }
  const txidOfHex = (hex: string): string => {
    const h = createHash('sha256')
    const first = h.update(Buffer.from(hex, 'hex')).digest()
    return Buffer.from(createHash('sha256').update(first).digest()).reverse().toString('hex')
  }
  snap.blocks.forEach((b, h) => {
    b.txs.forEach((hex, i) => {
      if (i > 0) judgeAt(hex, h) // each block's coinbase is the devnet's own, not judged
      earlier.push({ hex, height: h, txid: txidOfHex(hex) })
    })
  })
  for (const hex of snap.mempool) {
    judgeAt(hex, snap.blocks.length)
    earlier.push({ hex, height: snap.blocks.length, txid: txidOfHex(hex) })
  }
  return out
}

/**
 * Judges one transaction with Tokel's oracle against a Tokel-mode devnet chain as it is now (the tip + 1; every
 * confirmed transaction and the mempool's given), as Tokel's daemon would on `sendrawtransaction`.
 */
export function judgeTokelTx(
  hex: string,
  snap: Pick<ChainSnapshot, 'blocks' | 'mempool'>,
  chain: 'TOKEL' | 'TKLTEST',
): TokelJudgement {
  const height = snap.blocks.length
  const args = [
    '--height',
    String(height),
    ...tokelChainArgs(chain),
    ...snap.blocks.flatMap((b, h) => ['--time', `${h}:${b.time}`]),
    '@IN',
  ]
  const words = [hex, ...snap.blocks.flatMap((b, h) => b.txs.map((t) => `${h}:${t}`)), ...snap.mempool].join('\n')
  return run(args, words, CCORACLE_TOKEL).lines[0] as TokelJudgement
}
