// Issue 27: the documented transactions in vectors/ (komodod's docs, the 2018 layouts, the CC spend corpus), judged
// by komodod's own code with every other documented transaction as their history. Each is well-formed to komodod's
// CheckTransaction; the 2018 ones (version 1) are refused today only because a Sapling chain wants v4 transactions
// (`tx-overwinter-active`); and where an input's prevout is known, the library's verifyInput agrees with komodod's
// VerifyScript on its signature (for CC inputs: whether the fulfillment's signatures let the eval node run).
import { readFileSync, readdirSync } from 'node:fs'
import { join, dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { parseTransaction, txid as txidOf } from '../../src/tx/codec.js'
import { verifyInput } from '../../src/tx/sign.js'
import { ccoracleAvailable, judgeTx } from '../_util/ccoracle.js'
import type { Transaction } from '../../src/tx/types.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
// Zcash's own sighash vectors (zip143/zip243) are not Komodo transactions: left out
const CORPORA = ['vectors/tx/docs-antara-raw.json', 'vectors/tx/cc-spend.json', 'vectors/rpc', 'vectors/inspect']

type Doc = { file: string; hex: string; tx: Transaction; txid: string }

function collect(): Doc[] {
  const files: string[] = []
  const walk = (p: string): void => {
    const full = join(ROOT, p)
    if (p.endsWith('.json')) files.push(full)
    else for (const f of readdirSync(full)) walk(join(p, f))
  }
  CORPORA.forEach(walk)
  const docs = new Map<string, Doc>()
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/"([0-9a-f]{200,})"/g)) {
      let tx: Transaction
      try {
        tx = parseTransaction(m[1]!)
      } catch {
        continue // a script or payload, not a transaction
      }
      const id = txidOf(tx)
      if (!docs.has(id)) docs.set(id, { file: relative(ROOT, file), hex: m[1]!, tx, txid: id })
    }
  return [...docs.values()]
}

const docs = collect()

describe.runIf(ccoracleAvailable())("documented transactions, judged by komodod's own code", () => {
  test('the corpus holds documented transactions of both eras', () => {
    expect(docs.length).toBeGreaterThanOrEqual(30)
    expect(docs.some((d) => d.tx.version === 1)).toBe(true)
    expect(docs.some((d) => d.tx.version === 4)).toBe(true)
  })

  test.each(docs.map((d) => [d.txid.slice(0, 16), d] as const))('%s', (_, d) => {
    const chain = docs.filter((o) => o !== d).map((o) => ({ hex: o.hex }))
    // judged at a height its expiry still allows (the documented ones were mined before it)
    const j = judgeTx(d.hex, chain, { height: d.tx.expiryHeight > 0 ? Math.min(d.tx.expiryHeight, 1000) : 1000 })
    expect(j.txid).toBe(d.txid)
    expect(j.checkTransaction, d.file).toEqual({ ok: true, reason: '' })
    if (d.tx.version === 1) expect(j.contextualCheckTransaction.reason).toBe('tx-overwinter-active')
    else expect(j.contextualCheckTransaction.ok, j.contextualCheckTransaction.reason).toBe(true)
    for (const inp of j.inputs) {
      const vin = d.tx.vin[inp.n]!
      const parent = docs.find((o) => o.txid === vin.txid)
      if (parent === undefined) {
        expect(inp.reason).toBe('missing-prevout')
        continue
      }
      const prev = parent.tx.vout[vin.vout]!
      const ours = verifyInput(d.tx, inp.n, { value: prev.value, script: prev.script })
      // komodod: a CC input whose eval node ran passed its signatures; a normal input is its script's verdict
      const komodods = inp.cc === true ? inp.ccEval !== 'not-reached' : inp.ok
      expect(ours.valid, `vin ${inp.n}: ours ${ours.reason ?? 'valid'}, komodod ${inp.scriptError}`).toBe(komodods)
    }
  })
})
