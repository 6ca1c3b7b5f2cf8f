import { expect, test } from 'vitest'
import v from '../../vectors/cc/cc-conditions.json' with { type: 'json' }
import { ccExample, exampleInputs } from '../../examples/cc.js'

test('README cc example runs and gives the reference values', () => {
  const r = ccExample(exampleInputs.signature, exampleInputs.sighash)
  expect(r.condition).toBe(
    'a22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401',
  )
  expect(r.script).toBe('2e' + r.condition + 'cc')
  expect(r.address).toBe('R9zHrofhRbub7ER77B7NrVch3A63R39GuC')
  expect(r.uri).toBe(
    'ni:///sha-256;4CnFEdpVUjVlg1iH5BLloMm5IIAbAHAA30XlRfJQKCQ?fpt=threshold-sha-256&cost=1182720&subtypes=secp256k1-sha-256,eval-sha-256',
  )
  expect(r.cost).toBe(1182720)
  expect(r.tokens).toBe('RKaT8VfRSsu4qWL2kfW3PCzejrzJxi1TcJ')
  expect(r.marker).toBe('RBNNNDU4ViCtvyEAKDMqB83Av4PnVDBNj9')
  expect(r.rpc['FaucetCCAddress']).toBe('R9zHrofhRbub7ER77B7NrVch3A63R39GuC')
  const ref = (v as { cases: Array<Record<string, any>> }).cases.find(
    (c) =>
      c.kind === 'fulfillment_cc1' && c.message === 'ca0df2c95aa144c1d0ff2ff3c8f967fdc1de9ef0c4120b3726416701b519d619',
  )!
  expect(r.scriptSig).toBe(ref.scriptSig)
  expect(r.valid).toBe(true)
  expect(r.wrongKey).toBe(false)
  expect(r.parsed.tail).toEqual([])
})
