// Issue 27, "the devnet agrees with komodod": a mutation matrix per module. The 24-method wallet flow runs on a devnet
// with a fixed key; every transaction that spends a CC input is mutated (opret payload bytes, amounts, output scripts,
// input and output order, missing and extra outputs, a wrong signer), re-signed, and judged twice against the chain as
// it was when the original arrived: by the devnet's own validator (acceptTransaction, dry run, the devnet's
// validators) and by komodod's (ccoracle: AcceptToMemoryPool's checks and the module's validator, every block
// notarized as the devnet models it). Their "accepted" must be equal, or the difference must be one of the known ones
// below, each explained in docs/devnet.md ("Where the devnet and komodod differ") by komodod's line.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { writeFileSync } from 'node:fs'
import { bytesToHex } from '../../src/bytes/hex.js'
import { DevChain } from '../../src/devnet/chain.js'
import { DevnetRefusal } from '../../src/devnet/refusal.js'
import { defaultValidators } from '../../src/devnet/rpc.js'
import { acceptTransaction } from '../../src/devnet/validate.js'
import { inspectTransaction } from '../../src/inspect/index.js'
import { ccScriptParts } from '../../src/script/classify.js'
import { keySigner } from '../../src/tx/sign.js'
import { parseTransaction, serializeTransaction, txid as txidOf } from '../../src/tx/codec.js'
import {
  ccoracleAvailable,
  ccoracleRequired,
  describeRefusal,
  judgeTxAsync,
  type ChainTx,
  type Judgement,
} from '../_util/ccoracle.js'
import { judgeExempt } from '../_util/komodod-judge.js'
import { MUTATION_POLICY, runMutationFlow, type FlowChain } from './flow.js'
import { MUTATION_GROUPS, makeMutants, spentOutputs, type Mutant } from './mutants.js'
import { KNOWN_DIFFERENCES, type Verdicts } from './known-differences.js'

const available = ccoracleAvailable()
if (!available) {
  const msg = 'komodod oracle not built: the devnet–komodod mutation matrix is SKIPPED (run tools/komodod-oracle/build)'
  if (ccoracleRequired()) test('the komodod oracle is built (required in CI)', () => expect.fail(msg))
  // eslint-disable-next-line no-console
  else console.warn(`\n*** ${msg} ***\n`)
}

/** Oracle processes run at once (each is mostly start-up and I/O: 4 keep 2 cores busy). */
const JUDGE_PROCESSES = 4

/** One judged mutant (or original). */
type Row = {
  module: string
  method: string
  txid: string
  mutant: Mutant
  verdicts?: Verdicts
  /** The known difference that explains a disagreement. */
  known?: string
}

describe.skipIf(!available)('mutation matrix: the devnet and komodod judge every mutant alike', () => {
  let flow: FlowChain
  const rows: Row[] = []
  const originals: { method: string; txid: string; verdicts: Verdicts }[] = []
  const validators = defaultValidators()
  const jobs: (() => Promise<void>)[] = []

  beforeAll(async () => {
    flow = await runMutationFlow()
    const snap = flow.snapshot
    const times = snap.blocks.map((b) => b.time)
    const outputs = new Map<string, ReturnType<typeof parseTransaction>>()
    const history: ChainTx[] = []
    for (const [h, block] of snap.blocks.entries()) {
      let chain: DevChain | undefined
      const mempool: ChainTx[] = []
      for (const [i, hex] of block.txs.entries()) {
        const tx = parseTransaction(hex)
        const id = txidOf(tx)
        const spendsCc =
          i > 0 &&
          tx.vin.some((v) => {
            const o = outputs.get(v.txid)?.vout[v.vout]
            return o !== undefined && ccScriptParts(o.script) !== null
          })
        if (spendsCc) {
          // the devnet as it was just before the original arrived: earlier blocks, then this block's earlier txs
          if (chain === undefined) {
            chain = DevChain.restore({ ...snap, blocks: snap.blocks.slice(0, h), mempool: [] }, flow.walletPubkey).chain
            chain.policy = MUTATION_POLICY
            // a replay of the flow's chain, which the judge already judges whole
            judgeExempt(chain, { invalid: true, reason: "a replay of the mutation flow's chain (judged once)" })
            for (const m of mempool) acceptTransaction(chain, m.hex, { validators })
          }
          const devChain = chain
          const chainTxs = [...history, ...mempool]
          // the devnet's verdict now (its chain is as it was then); komodod's in a child process, run below
          const judge = (mhex: string, done: (v: Verdicts) => void): void => {
            let devnet: Verdicts['devnet']
            try {
              acceptTransaction(devChain, mhex, { validators, dryRun: true })
              devnet = { accepted: true, reason: '' }
            } catch (e) {
              if (!(e instanceof DevnetRefusal)) throw e
              devnet = { accepted: false, reason: e.rpcMessage }
            }
            const options = {
              height: h,
              notarized: true,
              blockTimes: times.slice(0, h),
              datacarriersize: MUTATION_POLICY.datacarriersize,
            }
            jobs.push(async () => done({ devnet, komodod: await judgeTxAsync(mhex, chainTxs, options) }))
          }
          const inspection = inspectTransaction(tx, {
            pubkeys: flow.keys.map((k) => keySigner(k).publicKey),
          })
          const method = inspection.method ?? 'unknown'
          const module = inspection.module ?? 'unknown'
          judge(hex, (verdicts) => originals.push({ method, txid: id, verdicts }))
          const prevouts = spentOutputs(tx, (t, v) => outputs.get(t)?.vout[v])
          const known = [...outputs.keys()]
          for (const mutant of makeMutants(tx, prevouts, inspection, flow.keys, known)) {
            const row: Row = { module, method, txid: id, mutant }
            if (mutant.tx !== undefined)
              judge(bytesToHex(serializeTransaction(mutant.tx)), (v) => {
                row.verdicts = v
                if (v.devnet.accepted !== v.komodod.accepted)
                  row.known = KNOWN_DIFFERENCES.find((d) => d.matches(v, mutant, method))?.id
              })
            rows.push(row)
          }
        }
        outputs.set(id, tx)
        if (i > 0) mempool.push({ hex, txid: id, mempool: true })
      }
      for (const hex of block.txs) history.push({ hex, height: h })
    }
    // komodod's verdicts, JUDGE_PROCESSES oracle processes at a time
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < jobs.length) await jobs[next++]!()
    }
    await Promise.all(Array.from({ length: JUDGE_PROCESSES }, worker))
  }, 600_000)

  afterAll(() => {
    // MUTATIONS_DUMP=file: every row with both verdicts, for reading the matrix cell by cell
    if (process.env.MUTATIONS_DUMP !== undefined)
      writeFileSync(
        process.env.MUTATIONS_DUMP,
        JSON.stringify(
          rows.map((r) => ({
            method: r.method,
            kind: r.mutant.kind,
            where: r.mutant.where,
            skipped: r.mutant.skipped,
            devnet: r.verdicts?.devnet,
            komodod: r.verdicts === undefined ? undefined : describeRefusal(r.verdicts.komodod),
            known: r.known,
          })),
          null,
          1,
        ),
      )
    // the matrix: module × mutation group, "agree/disagree" (disagreements explained by a known difference in brackets)
    const modules = [...new Set(rows.map((r) => r.module))]
    const cell = (m: string, g: string): string => {
      const rs = rows.filter((r) => r.module === m && r.mutant.group === g && r.verdicts !== undefined)
      const agree = rs.filter((r) => r.verdicts!.devnet.accepted === r.verdicts!.komodod.accepted).length
      const known = rs.filter((r) => r.known !== undefined).length
      const skipped = rows.filter((r) => r.module === m && r.mutant.group === g && r.verdicts === undefined).length
      return `${agree}/${rs.length - agree}${known > 0 ? ` (${known} known)` : ''}${skipped > 0 ? ` +${skipped} skipped` : ''}`
    }
    const lines = [
      ['module', ...MUTATION_GROUPS].join(' | '),
      ...modules.map((m) => [m, ...MUTATION_GROUPS.map((g) => cell(m, g))].join(' | ')),
    ]
    const judged = rows.filter((r) => r.verdicts !== undefined)
    const disagree = judged.filter((r) => r.verdicts!.devnet.accepted !== r.verdicts!.komodod.accepted)
    // eslint-disable-next-line no-console
    console.log(
      `mutation matrix (agree/disagree per cell): ${originals.length} transactions, ${rows.length} mutants, ` +
        `${judged.length} judged, ${rows.length - judged.length} skipped (not built), ${disagree.length} disagreements ` +
        `(${disagree.filter((r) => r.known !== undefined).length} known)\n  ${lines.join('\n  ')}`,
    )
  })

  test('every original transaction is accepted by both', () => {
    expect(originals.length).toBeGreaterThan(10)
    for (const o of originals) {
      expect(o.verdicts.devnet, `${o.method} ${o.txid}`).toEqual({ accepted: true, reason: '' })
      expect(o.verdicts.komodod.accepted, `${o.method}: ${describeRefusal(o.verdicts.komodod)}`).toBe(true)
    }
  })

  test('every module and every mutation group is exercised', () => {
    const modules = new Set(rows.map((r) => r.module))
    expect([...modules].sort()).toEqual(['dice', 'faucet', 'gateways', 'oracles', 'rewards', 'tokens'])
    for (const g of MUTATION_GROUPS)
      expect(rows.filter((r) => r.mutant.group === g && r.verdicts).length).toBeGreaterThan(0)
  })

  test('no unexplained disagreement: the devnet accepts a mutant exactly when komodod does', () => {
    const bad = rows
      .filter(
        (r) =>
          r.verdicts !== undefined &&
          r.verdicts.devnet.accepted !== r.verdicts.komodod.accepted &&
          r.known === undefined,
      )
      .map(
        (r) =>
          `${r.method} ${r.mutant.kind} ${r.mutant.where}: devnet ${r.verdicts!.devnet.accepted ? 'accepts' : `refuses (${r.verdicts!.devnet.reason})`}, komodod ${describeRefusal(r.verdicts!.komodod)}`,
      )
    expect(bad, bad.join('\n')).toEqual([])
  })

  test('each known difference is still seen where it is expected (a change on either side shows)', () => {
    for (const d of KNOWN_DIFFERENCES) {
      const seen = rows.filter((r) => r.known === d.id).map((r) => `${r.method} ${r.mutant.kind} ${r.mutant.where}`)
      if (d.expected !== undefined) expect(seen.sort(), d.id).toEqual([...d.expected].sort())
      if (d.kinds !== undefined)
        for (const r of rows.filter((x) => x.known === d.id))
          expect(d.kinds, `${d.id}: ${r.method}`).toContain(r.mutant.kind)
    }
  })
})

export type { Judgement }
