// A vitest setup file: every in-process devnet chain a test file makes is judged, when the file's tests are done, by
// komodod's own validators (tools/komodod-oracle). Every transaction the devnet accepted must be valid to komodod (a
// block would take it) and accepted by a default node's relay policy, unless the test says why not (judgeExempt).
// So the devnet cannot accept what komodod refuses without a test failing, whichever test made the transaction.
// The oracle missing: a loud warning, and a failure in CI (ccoracleRequired). Totals go to node_modules/.komodod-judge/
// for scripts/test.mjs's summary line.
import { afterAll, beforeAll, expect } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHash } from 'node:crypto'
import type { DevChain } from '../../src/devnet/chain.js'
import {
  ccoracleAvailable,
  ccoracleRequired,
  describeRefusal,
  judgeSnapshot,
  judgeTokelSnapshot,
  replayCommand,
  tokelOracleAvailable,
  type OracleChain,
} from './ccoracle.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const STATS = join(ROOT, 'node_modules', '.komodod-judge')

type Exemption = { reason: string; nonStandard?: boolean; invalid?: boolean }
const chains = new Set<DevChain>()
const exemptions = new WeakMap<DevChain, Exemption>()
const settings = new WeakMap<DevChain, OracleChain>()
const ORIGINAL = Symbol.for('komodo-cc.komodod-judge')

/**
 * Lets a test keep a chain out of the judge (a chain it fabricates with blocks no node would accept), or accept a
 * relay-policy refusal (`nonStandard`: a devnet started with a policy wider than a default node's). The reason is
 * printed.
 */
export function judgeExempt(chain: DevChain, exemption: Exemption): void {
  exemptions.set(chain, exemption)
}

/** The node options the chain's judge uses (a devnet started with `-ac_cbmaturity` or `-datacarriersize`). */
export function judgeWith(chain: DevChain, options: OracleChain): void {
  settings.set(chain, options)
}

// Imported in a hook, not at the top: a setup file's static imports load before the test file's `vi.mock`s apply, and
// would bind the library to unmocked modules (test/hash/blake2b-wasm.test.ts mocks the WASM kernel).
// Wrapped again for every test file: in a worker that runs several files (vitest.config.ts, isolate: false) the
// library is loaded once, while this setup file runs afresh for each file with a fresh `chains`.
beforeAll(async () => {
  const { DevChain } = await import('../../src/devnet/chain.js')
  const proto = DevChain.prototype as DevChain & { [ORIGINAL]?: DevChain['connectBlock'] }
  const connect = (proto[ORIGINAL] ??= proto.connectBlock)
  proto.connectBlock = function (this: DevChain, ...args: Parameters<DevChain['connectBlock']>) {
    chains.add(this)
    return connect.apply(this, args)
  }
})

afterAll(() => {
  const list = [...chains]
  chains.clear()
  const judged = list.filter((c) => c.blocks.length > 1 || c.mempool.length > 0)
  if (judged.length === 0) return
  if (!ccoracleAvailable()) {
    const msg = `komodod oracle not built: ${judged.length} devnet chain(s) NOT judged by komodod (run tools/komodod-oracle/build)`
    if (ccoracleRequired()) throw new Error(msg)
    console.warn(`\n*** ${msg} ***\n`)
    return
  }
  const started = performance.now()
  let txs = 0
  let exempt = 0
  let overPolicy = 0
  const failures: string[] = []
  for (const chain of judged) {
    const ex = exemptions.get(chain)
    if (ex !== undefined && ex.invalid === true) {
      exempt++
      continue
    }
    // a Tokel-mode chain (TOKEL/TKLTEST parameters) is judged by Tokel's own validators, one transaction at a time
    const tokel = (chain as { params?: { name?: string; cctype?: number } }).params
    if (tokel?.cctype !== undefined) {
      if (!tokelOracleAvailable()) {
        const msg = `Tokel's oracle not built: a Tokel-mode devnet chain NOT judged (build .ccoracle-tokel: tools/komodod-oracle/tokel)`
        if (ccoracleRequired()) throw new Error(msg)
        console.warn(`\n*** ${msg} ***\n`)
        continue
      }
      const results = judgeTokelSnapshot(chain.snapshot(), tokel.name === 'TOKEL' ? 'TOKEL' : 'TKLTEST')
      txs += results.length
      for (const j of results)
        if (!j.valid || (!j.isStandardTx.ok && ex?.nonStandard !== true))
          failures.push(
            `${j.txid} at height ${j.height} (Tokel): ${j.valid ? 'valid' : 'INVALID'}, IsStandardTx '${j.isStandardTx.reason}'; ${JSON.stringify(j.inputs.filter((i) => !i.ok || i.validator?.ok === false))}`,
          )
      continue
    }
    // the devnet's relay policy (src/tx/policy.ts) as the node options komodod is judged with
    const policy = (chain as { policy?: { datacarriersize: number; datacarrier: boolean } }).policy
    const opts: OracleChain = {
      notarized: true,
      ...(policy !== undefined ? { datacarriersize: policy.datacarriersize, datacarrier: policy.datacarrier } : {}),
      ...settings.get(chain),
    }
    const maturity = (chain as { coinbaseMaturity?: number }).coinbaseMaturity
    if (opts.cbmaturity === undefined && typeof maturity === 'number' && maturity !== 1) opts.cbmaturity = maturity
    const snap = chain.snapshot()
    const results = judgeSnapshot(snap, opts)
    txs += results.length
    // the relay policy is judged where the devnet enforces one (every DevChain has one since issue 29): without it, a
    // non-standard transaction the devnet accepted is counted and printed, not failed
    const enforces = policy !== undefined
    const before = failures.length
    for (const j of results) {
      if (!j.valid) failures.push(describeRefusal(j))
      else if (!j.accepted && ex?.nonStandard !== true) {
        if (enforces) failures.push(describeRefusal(j))
        else overPolicy++
      }
    }
    // a refused chain (or every chain, with KOMODO_CC_JUDGE_DUMP=1) is kept, with the command that replays komodod
    if (failures.length > before || process.env.KOMODO_CC_JUDGE_DUMP === '1') {
      mkdirSync(STATS, { recursive: true })
      const file = join(
        STATS,
        `${createHash('sha256').update(JSON.stringify(snap)).digest('hex').slice(0, 16)}.snapshot`,
      )
      writeFileSync(file, JSON.stringify({ blocks: snap.blocks, mempool: snap.mempool }))
      failures.push(`replay: ${replayCommand(file, opts)}`)
      if (failures.length === before + 1) failures.pop()
    }
  }
  const name = expect.getState().testPath ?? 'unknown'
  mkdirSync(STATS, { recursive: true })
  writeFileSync(
    join(STATS, createHash('sha256').update(name).digest('hex').slice(0, 16) + '.json'),
    JSON.stringify({
      file: name,
      chains: judged.length,
      exempt,
      txs,
      policy: overPolicy,
      failures: failures.length,
      ms: Math.round(performance.now() - started),
    }),
  )
  if (failures.length > 0)
    throw new Error(
      `komodod refuses ${failures.length} transaction(s) the devnet accepted:\n  ${failures.slice(0, 20).join('\n  ')}`,
    )
}, 600_000)
