// The inspector on 2018-era transactions (shared/spec/legacy-2018-layouts.md): the spec's worked examples, three real
// transactions of the developer docs, and the fallback rules of every module. Transactions are assembled here by
// string concatenation from the vector file's vout sections (v1 envelope of spec §1.1), not by the library's serializer.
import { describe, expect, test } from 'vitest'
import v from '../../vectors/inspect/legacy-2018.json' with { type: 'json' }
import { inspectTransaction } from '../../src/inspect/index.js'
import {
  decodeGateways2018Opret,
  decodeGatewaysOpret,
  encodeGateways2018Opret,
} from '../../src/modules/gateways/opret.js'
import { decodeTokensOpret } from '../../src/modules/tokens/opret.js'
import { decodeFaucetOpret, encodeFaucetOpret } from '../../src/modules/faucet/opret.js'
import { ccSpendOf } from '../../src/cc/spend.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { KomodoCcError } from '../../src/errors.js'
import { revive } from '../modules/_json.js'
import { parseTransaction } from '../../src/tx/codec.js'
import { docTx } from './_txs.js'

type Input = { normal?: boolean; cc?: string[]; txid?: string; vout?: number }

const rev = (h: string) => h.match(/../g)!.reverse().join('')
const le32 = (n: number) => rev(n.toString(16).padStart(8, '0'))
const SIG64 = '11'.repeat(64)
/** The §0 1-of-1 CC scriptSig (with its 7b length): a2 76 a0 72 a2 6b a0 67 a5 65 80 21 <pk> 81 40 <sig> a1 00 af 03 80 01 <E> a1 00 ‖ 01. */
const ccSig = (ev: string, pk: string) => `7b4c79a276a072a26ba067a5658021${pk}8140${SIG64}a100af038001${ev}a10001`
/** A P2PK signature push: DER (r, s of 32 bytes) ‖ SIGHASH_ALL, as komodod's normal inputs carry. */
const normalSig = () => `4730440220${'22'.repeat(32)}0220${'33'.repeat(32)}01`
function vin(i: Input, k: number): string {
  const txid = i.txid ?? k.toString(16).padStart(2, '0').repeat(32)
  return rev(txid) + le32(i.vout ?? 0) + (i.cc !== undefined ? ccSig(i.cc[0]!, i.cc[1]!) : normalSig()) + 'ffffffff'
}
/** Version 1, inputs, the vout section as given, nLockTime 0 (spec §1.1). */
const envelope = (inputs: Input[], vout: string) =>
  `01000000${inputs.length.toString(16).padStart(2, '0')}${inputs.map(vin).join('')}${vout}00000000`
const FAUCET_SCRIPT = hexToBytes(
  '2ea22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401cc',
)

function check(r: ReturnType<typeof inspectTransaction>, e: Record<string, unknown>): void {
  expect([r.module, r.method, r.funcid, r.evalCode]).toEqual([e.module, e.method, e.funcid, e.evalCode])
  if (e.reading !== undefined) expect(r.reading).toMatchObject(revive<Record<string, unknown>>(e.reading))
  if (e.roles !== undefined) expect(r.outputs.map((o) => o.role ?? null)).toEqual(e.roles)
  // addresses the spec states (§0, §2.3, §3.5); null = not stated there
  if (e.addresses !== undefined)
    (e.addresses as (string | null)[]).forEach((a, i) => {
      if (a !== null) expect(r.outputs[i]!.address).toBe(a)
    })
}

describe('legacy-2018-layouts.md worked examples: oprets', () => {
  test.each(v.oprets)('$description ($section)', (o) => {
    if (o.decoder === 'gateways2018') {
      const got = decodeGateways2018Opret(o.script)
      expect(got).toEqual(revive(o.payloads))
      for (const p of got) expect(bytesToHex(encodeGateways2018Opret(p))).toBe(o.script)
    } else if (o.decoder === 'gateways') expect(decodeGatewaysOpret(o.script)).toEqual(revive(o.payload))
    else if (o.decoder === 'tokens') expect(decodeTokensOpret(o.script)).toEqual(revive(o.payload))
    else {
      expect(decodeFaucetOpret(o.script)).toEqual(revive(o.payload))
      expect(bytesToHex(encodeFaucetOpret(revive(o.payload)))).toBe(o.script)
    }
  })
  test('§9: the 2018 complete-signing funcid is C; the GW-D mark done carries the complete-signing txid', () => {
    const c = v.oprets.find((o) => o.description.startsWith('GW-D complete signing'))!
    expect(decodeGateways2018Opret(c.script)[0]!.funcid).toBe('C')
    // decodeGatewaysOpret keeps the documented legacy mark done, now read as refcoin + completetxid
    const m = v.oprets.find((o) => o.description.startsWith('GW-D mark done'))!
    expect(decodeGatewaysOpret(m.script)).toEqual({
      funcid: 'M',
      layout: 'legacy',
      refcoin: 'KMD',
      completetxid: '00'.repeat(31) + '03',
    })
    // the 2018 partial sign's K is 4 bytes (i32le): 01 00 00 00 is K = 1
    const p = v.oprets.find((o) => o.description.startsWith('GW-C/D partial sign'))!
    expect(decodeGatewaysOpret(p.script)).toMatchObject({ layout: 'legacy', K: 1 })
  })
  test('no 2018 layout fits: KomodoCcError', () => {
    expect(() => decodeGateways2018Opret('6a03f15800')).toThrow(expect.objectContaining({ code: 'OPRET_FUNCID' }))
    expect(() => decodeGateways2018Opret('6a03e36300')).toThrow(expect.objectContaining({ code: 'OPRET_FUNCID' }))
    expect(() => decodeGateways2018Opret('6a22e374' + '00'.repeat(32))).toThrow(KomodoCcError)
  })
})

describe('legacy-2018-layouts.md worked examples and §8 rules: whole transactions', () => {
  test.each(v.transactions)('$id ($section)', (c) => {
    check(inspectTransaction(envelope(c.inputs as Input[], c.vout)), c.expect)
  })
  test('an unsigned FC-0 faucetget cannot be told from a faucetfund (the inputs say nothing)', () => {
    const c = v.transactions.find((t) => t.id === 'fc0-faucetget')!
    const hex = envelope(c.inputs as Input[], c.vout).replace(
      ccSig('e4', '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'),
      '00',
    )
    expect(inspectTransaction(hex).method).toBe('faucetfund')
  })
  test('rewards: the 2018 recover unlock (one input; payout = lock − 10000; opret) pays no reward', () => {
    const lock = 2000000000n
    const body = (lock - 10000n).toString(16).padStart(16, '0')
    const payout = rev(body) + '23' + '21' + '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798' + 'ac'
    const rewardsU = 'e5554652454500000000' + rev('e020151cd81647b20aa45a0e6850216ae52d3e895443bbe1ae97dea3ae6767bd')
    const hex = envelope(
      [{ cc: ['e5', '03da60379d924c2c30ac290d2a86c2ead128cb7bd571f69211cb95356e2dcc5eb9'] }],
      `02${payout}0000000000000000${'2c6a2a' + rewardsU}`,
    )
    const r = inspectTransaction(hex, { prevouts: [{ value: lock }] })
    expect([r.module, r.method]).toEqual(['rewards', 'rewardsunlock'])
    expect(r.reading).toMatchObject({ recover: true, era: '2018', paid: lock - 10000n, reward: 0n })
    expect(r.fee).toBe(10000n)
  })
})

describe('real 2018-era transactions of the developer docs', () => {
  test.each(v.real)('$id', (c) => {
    const r = inspectTransaction(c.hex)
    expect(r.txid).toBe(c.txid)
    check(r, c.expect)
  })
})

describe('the fallback rule of every module: an opret that does not decode', () => {
  const MODULES = [
    ['tokens', 'f2'],
    ['faucet', 'e4'],
    ['dice', 'e6'],
    ['oracles', 'ec'],
    ['gateways', 'f1'],
    ['rewards', 'e5'],
  ] as const
  const p2pk = '1027000000000000232102c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5ac'
  const bad = (ev: string) => `0000000000000000046a02${ev}7a` // eval byte then funcid 'z': no layout fits
  test.each(MODULES)('%s: a CC input of an eval code none of the six modules has → module null', (_m, ev) => {
    const r = inspectTransaction(
      envelope(
        [{ cc: ['13', '02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5'] }, { normal: true }],
        `02${p2pk}${bad(ev)}`,
      ),
    )
    expect([r.module, r.method, r.funcid, r.payload]).toEqual([null, null, null, null])
    expect(r.error?.code).toBe('OPRET_FUNCID')
  })
  test.each(MODULES)(
    '%s: with its own or no CC inputs the module named by the eval byte stays (payload null, error)',
    (m, ev) => {
      const r = inspectTransaction(
        envelope(
          [{ cc: [ev, '02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5'] }, { normal: true }],
          `02${p2pk}${bad(ev)}`,
        ),
      )
      expect([r.module, r.payload]).toEqual([m, null])
      expect(r.error?.code).toBe('OPRET_FUNCID')
    },
  )
  test('faucet: an E4-led opret of no known form on a faucetget-shaped transaction is the transient FC-1 faucetget', () => {
    const F = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12'
    const out = `03${'70e8c53400000000'}30${bytesToHex(FAUCET_SCRIPT)}${'8096980000000000'}23${'21' + '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798' + 'ac'}0000000000000000086a06e44704030201`
    expect(inspectTransaction(envelope([{ cc: ['e4', F] }], out)).reading).not.toHaveProperty('era')
    const fc1 = out.replace('086a06e44704030201', '0a6a08e400000047040302')
    const r = inspectTransaction(envelope([{ cc: ['e4', F] }], fc1))
    expect([r.module, r.method, r.payload]).toEqual(['faucet', 'faucetget', null])
    expect(r.reading).toMatchObject({ era: 'FC-1', payout: 10000000n })
  })
  test('tokens / assets: an Assets DEX order stays outside the six modules whatever its inputs', () => {
    const r = inspectTransaction(
      envelope(
        [{ normal: true }, { cc: ['e3', '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'] }],
        `01${'e803000000000000'}30${'2ea22c80201ab400e039122028345520ba041ac3e6ec81ad28d8415e78d760d55f41097dd58103120c008203000401cc'}`,
      ),
    )
    expect(r.module).toBeNull()
  })
})

describe('ccSpendOf reads an input scriptSig', () => {
  test('the §0 1-of-1 form at fixed offsets, a normal signature, and junk', () => {
    const G = '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'
    expect(ccSpendOf(hexToBytes(ccSig('f1', G).slice(2)))).toEqual({ evalCodes: [0xf1], signers: [G] })
    expect(ccSpendOf(hexToBytes(normalSig()))).toBeNull()
    expect(ccSpendOf(new Uint8Array([0x4c, 0x03, 0xa2, 0x00, 0x01]))).toBeNull()
    expect(ccSpendOf(new Uint8Array(0))).toBeNull()
  })
  test('a two-eval token input of the docs (tut-pegsuser gatewaysclaim vin 0) through the fulfillment decoder', () => {
    const tx = parseTransaction(docTx('tut-pegsuser-gatewaysclaim-01').hex)
    const got = ccSpendOf(tx.vin[0]!.scriptSig)!
    expect([...got.evalCodes].sort()).toEqual([0xf1, 0xf2])
    expect(got.signers).toEqual(['03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'])
    const cut = tx.vin[0]!.scriptSig.slice(0, 60)
    expect(ccSpendOf(cut)).toBeNull()
  })
})
