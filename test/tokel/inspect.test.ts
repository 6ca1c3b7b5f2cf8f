// The inspector on Tokel's documented TKLTEST transactions and on the C++-derived assets oprets.
import { describe, expect, test } from 'vitest'
import docs from '../../vectors/tokel/docs-tkltest-tx.json' with { type: 'json' }
import derived from '../../vectors/tokel/derived-cpp.json' with { type: 'json' }
import { inspectTransaction } from '../../src/inspect/inspect.js'
import { tokenv2info, tokenv2infotokel } from '../../src/modules/tokensv2/info.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import type { Transaction } from '../../src/tx/types.js'

type Case = { id: string; hex?: string; expected: Record<string, any> }
const doc = (id: string): Case => (docs.cases as Case[]).find((c) => c.id === id)!
const der = (id: string): Case => (derived.cases as Case[]).find((c) => c.id === id)!

describe('the documented creates', () => {
  test.each([
    ['docs-tkltest-tokenv2createtokel-nft', 1n],
    ['docs-tkltest-tokenv2createtokel-fixed', 1000n],
  ])('%s', (id, supply) => {
    const c = doc(id)
    const ins = inspectTransaction(c.hex!, { chain: 'TKLTEST' })
    expect(ins.txid).toBe(c.expected.txid)
    expect(ins.module).toBe('tokensv2')
    expect(ins.method).toBe('tokenv2createtokel')
    expect(ins.outputs.map((o) => o.role)).toEqual(['marker', 'supply', 'change', 'opret'])
    expect(ins.outputs.map((o) => o.address)).toEqual([
      c.expected.vout[0].ccAddress.C,
      c.expected.vout[1].ccAddress.C,
      expect.stringMatching(/^R/),
      null,
    ])
    expect(ins.outputs[1]!.cc).toMatchObject({ condition: 'mixed', evalCodes: [0xf5, 0xf7], subver: 0 })
    const r = ins.reading
    if (r.kind !== 'tokenv2createtokel') throw new Error('not a create')
    expect(r.supply).toBe(supply)
    expect(r.data).toBe(c.expected.tokenv2infotokel.data)
    expect(r.tokelData).toEqual(c.expected.tokenv2infotokel.dataAsJson)
    // the offline tokenv2infotokel prints what the daemon printed (height aside)
    const info = tokenv2infotokel(c.hex!)
    expect(info).toMatchObject({ ...c.expected.tokenv2infotokel, supply })
    expect(Object.keys(info)).toEqual([
      'result',
      'tokenid',
      'owner',
      'name',
      'supply',
      'description',
      'data',
      'dataAsJson',
      'version',
      'IsMixed',
    ])
    expect(tokenv2info(c.hex!).dataAsJson).toBeUndefined()
    // default chain params print the version-60 form
    expect(inspectTransaction(c.hex!).outputs[0]!.address).toBe(c.expected.vout[0].ccAddress.R)
  })
})

describe('the documented transfer', () => {
  test('method, roles, amount and destination', () => {
    const c = doc('docs-tkltest-tokenv2transfer')
    const ins = inspectTransaction(c.hex!, { chain: 'TOKEL' })
    expect(ins.module).toBe('tokensv2')
    expect(ins.method).toBe('tokenv2transfer')
    expect(ins.outputs.map((o) => o.role)).toEqual(['tokens', 'token change', 'change', 'opret'])
    expect(ins.outputs[0]!.address).toBe(c.expected.vout[0].ccAddress.C)
    expect(ins.reading).toMatchObject({ kind: 'tokenv2transfer', tokenid: c.expected.vin[0].txid, amount: 100n })
    // the 2021 outputs carry no params: the subver-0 output hides its key
    expect((ins.reading as { to: unknown }).to).toBeNull()
  })
  test('an opret-less transfer carrying its payload in the OP_DROP params reads as tokenv2transfermany', () => {
    const c = doc('docs-tkltest-tokenv2transfer')
    const tx = parseTransaction(hexToBytes(c.hex!))
    const payload = 'f57401' + c.expected.vin[0].txid
    // vout0 with params 02 f5 01 01 + pk and vdata = the transfer payload, as tokenv2transfermany writes it
    const pk = '02ed3fcb2ace8a53cd8ed5350dc53c507167ad39238ba70345e51764c6d517e6ee'
    const params = '0402f50101' + '21' + pk + '23' + payload
    const script0 =
      c.expected.vout[0].script +
      (params.length / 2 < 76 ? '' : '4c') +
      (params.length / 2).toString(16) +
      params +
      '75'
    const t2: Transaction = { ...tx, vout: [{ ...tx.vout[0]!, script: hexToBytes(script0) }, tx.vout[1]!, tx.vout[2]!] }
    const ins = inspectTransaction(serializeTransaction(t2))
    expect(ins.method).toBe('tokenv2transfermany')
    expect(ins.reading).toMatchObject({ kind: 'tokenv2transfermany', tokenids: [c.expected.vin[0].txid], to: pk })
  })
})

describe('assets transactions are claimed by assetsv2', () => {
  test.each([
    ['s', 'tokenv2ask'],
    ['b', 'tokenv2bid'],
    ['S', 'tokenv2fillask'],
    ['B', 'tokenv2fillbid'],
    ['x', 'tokenv2cancelask'],
    ['o', 'tokenv2cancelbid'],
  ])("a transaction ending with the '%s' opret reads as %s", (f, method) => {
    const base = parseTransaction(hexToBytes(doc('docs-tkltest-tokenv2transfer').hex!))
    const opret = hexToBytes(der(`derived-opret-assetsv2-${f}`).expected.scriptPubKey)
    const tx: Transaction = { ...base, vout: [...base.vout.slice(0, 3), { value: 0n, script: opret }] }
    const ins = inspectTransaction(tx)
    expect(ins.module).toBe('assetsv2')
    expect(ins.method).toBe(method)
    expect(ins.reading.kind).toBe(method)
  })
})
