import { expect, test } from 'vitest'
import raw from '../../vectors/tx/docs-antara-raw.json' with { type: 'json' }
import cc from '../../vectors/tx/cc-spend.json' with { type: 'json' }
import { txExample } from '../../examples/tx.js'
import { hexToBytes } from '../../src/bytes/hex.js'

test('README tx example runs and gives the reference values', () => {
  const faucet = raw.cases.find((c) => c.id === 'faucet-faucetfund-01')!
  const ex = (cc.cases as Record<string, any>[]).find((c) => c.kind === 'tx_cc_spend_example' && c.evalcode === 'e4')!
  const r = txExample(faucet.hex, hexToBytes(ex.privkey), ex.pubkey)
  expect(r.faucetAddress).toBe('R9zHrofhRbub7ER77B7NrVch3A63R39GuC')
  expect(r.same).toBe(true)
  expect(r.framed).toBe(true)
  expect(r.txid).toBe('f2baf8d9a1eaf42bb1a85462b5699ffc0f04e8c54aafc4661767df96be9022b7')
  expect(r.digest).toBe(ex.sighash)
  expect(r.signedHex).toBe(ex.signedTx)
  expect(r.signedTxid).toBe(ex.txid)
  expect(r.check).toEqual({ valid: true, kind: 'cc' })
  expect(r.decoded.vout[1]!.valueZat).toBe(9989999980000)
})
