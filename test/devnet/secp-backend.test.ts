// The devnet's `secp256k1` option (issue 34): its mempool checks every signature with the backend it is given —
// komodod's own libsecp256k1 (tiny-secp256k1) here — P2PK and the CC fulfillments' alike, one check per signature,
// and refuses what the default refuses, with komodod's text.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as tiny from 'tiny-secp256k1'
import { bytesToHex } from '../../src/bytes/hex.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { tinySecp256k1Backend, type Secp256k1Backend } from '../../src/tx/sign.js'
import { KomodoCcError } from '../../src/errors.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { EVAL_FALSE_TEXT } from '../../src/devnet/refusal.js'
import { buildData, expectRefused, setupOracle, type OracleSetup } from './_helpers.js'

const libsecp = tinySecp256k1Backend(tiny)
const checks = { count: 0 }
const counting: Secp256k1Backend = {
  ...libsecp,
  name: 'counting tiny-secp256k1',
  verify: (...a: Parameters<Secp256k1Backend['verify']>) => (checks.count++, libsecp.verify(...a)),
}

let dev: Devnet
let o: OracleSetup
beforeAll(async () => {
  dev = await startTestDevnet({ secp256k1: counting })
  o = await setupOracle(dev, 'L')
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('a devnet checking signatures with libsecp256k1', () => {
  test('an oraclesdata (normal, baton and subscription inputs) costs one check per input, and is accepted', async () => {
    const b = await buildData(dev, o, '0100000000000000')
    expect(b.tx.vin.length).toBeGreaterThanOrEqual(3)
    checks.count = 0
    expect(await dev.rpc.sendrawtransaction(b.hex)).toBe(b.txid)
    expect(checks.count).toBe(b.tx.vin.length)
    await dev.mine(1)
  })

  test('other bytes under the same signatures are refused with komodod’s text, as by the default devnet', async () => {
    const b = await buildData(dev, o, '0200000000000000')
    const bad = bytesToHex(serializeTransaction({ ...parseTransaction(b.hex), lockTime: 7 }))
    await expectRefused(dev.rpc.sendrawtransaction(bad), -26, EVAL_FALSE_TEXT)
    expect(await dev.rpc.sendrawtransaction(b.hex)).toBe(b.txid)
  })

  test('a secp256k1 option that is not a backend is refused at start', async () => {
    await expect(startTestDevnet({ secp256k1: {} as Secp256k1Backend })).rejects.toBeInstanceOf(KomodoCcError)
  })
})
