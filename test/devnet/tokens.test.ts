import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { ccAddress } from '../../src/cc/address.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccScript } from '../../src/script/cc.js'
import { p2pkScript } from '../../src/script/script.js'
import { opretScript } from '../../src/modules/opret.js'
import { decodeTokensOpret, encodeTokensPayload } from '../../src/modules/tokens/opret.js'
import { buildTokenCreate, buildTokenTransfer } from '../../src/modules/tokens/build.js'
import { keySigner } from '../../src/tx/sign.js'
import type { Transaction } from '../../src/tx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { tokenUtxos } from '../../src/modules/tokens/devnet.js'
import { expectModuleError, expectRefused, resign, walletCtx } from './_helpers.js'

let dev: Devnet
let tokenid: string
let other: string // a second token
const DEST = bytesToHex(keySigner(hexToBytes('00'.repeat(31) + '05')).publicKey)
const STRANGER = bytesToHex(keySigner(hexToBytes('00'.repeat(31) + '06')).publicKey)
const EVAL_FALSE =
  '16: mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element); Tokens: '

beforeAll(async () => {
  dev = await startTestDevnet()
  tokenid = await dev.rpc.sendrawtransaction((await dev.rpc.tokencreate('TOK', '0.00001', 'ten thousand units')).hex)
  other = await dev.rpc.sendrawtransaction((await dev.rpc.tokencreate('OTH', '0.000005')).hex)
  await dev.mine(1)
})
afterAll(async () => {
  await dev.stop()
})

const clone = (tx: Transaction): Transaction => ({
  ...tx,
  vin: tx.vin.map((i) => ({ ...i })),
  vout: tx.vout.map((v) => ({ ...v })),
})
const transfer = (id = tokenid, units = 100n) =>
  buildTokenTransfer({ tokenid: id, destpubkey: DEST, amount: units }, walletCtx(dev), {
    create: dev.chain.txs.get(id)!.hex,
    tokens: tokenUtxos(dev.chain, id, dev.pubkey),
  })
const refusedBy = (hex: string, why: string) => expectRefused(dev.rpc.sendrawtransaction(hex), -26, EVAL_FALSE + why)

describe('tokens RPCs on the devnet wallet', () => {
  test('tokeninfo, tokenlist, tokenbalance after a create', async () => {
    expect(await dev.rpc.tokeninfo(tokenid)).toEqual({
      result: 'success',
      tokenid,
      owner: dev.pubkey,
      name: 'TOK',
      supply: 1000n,
      description: 'ten thousand units',
    })
    expect(await dev.rpc.tokenlist()).toEqual(expect.arrayContaining([tokenid, other]))
    expect(await dev.rpc.tokenbalance(tokenid)).toEqual({
      result: 'success',
      CCaddress: ccAddress(0xf2, dev.pubkey),
      tokenid,
      balance: 1000n,
    })
  })
  test('tokentransfer moves units; both balances follow', async () => {
    await dev.rpc.sendrawtransaction((await dev.rpc.tokentransfer(tokenid, DEST, 300n)).hex)
    await dev.mine(1)
    expect((await dev.rpc.tokenbalance(tokenid)).balance).toBe(700n)
    expect((await dev.rpc.tokenbalance(tokenid, DEST)).balance).toBe(300n)
  })
  test('module errors', async () => {
    await expectModuleError(dev.rpc.tokeninfo('00'.repeat(32)), 'cant find tokenid')
    const pending = await dev.rpc.sendrawtransaction((await dev.rpc.tokencreate('NEW', '0.000001')).hex)
    await expectModuleError(dev.rpc.tokeninfo(pending), 'the transaction is still in mempool')
    await dev.mine(1)
    const plain = dev.chain.blocks[1]!.txids[0]!
    await expectModuleError(dev.rpc.tokeninfo(plain), 'tokenid isnt token creation txid')
    await expectModuleError(
      dev.rpc.call('tokencreate', ['', '1']),
      'Token name must not be empty and up to 32 characters',
    )
  })
})

describe('Tokens consensus (spec 3.6)', () => {
  test('the unmodified transfer is valid (fixture check)', () => {
    expect(() => transfer()).not.toThrow()
  })
  test('more token units out than in: tokens cc inputs != cc outputs', async () => {
    const tx = clone(transfer().tx)
    tx.vout[0] = { ...tx.vout[0]!, value: tx.vout[0]!.value + 1n }
    const change = tx.vout.length - 2
    tx.vout[change] = { ...tx.vout[change]!, value: tx.vout[change]!.value - 1n }
    await refusedBy(resign(dev, tx), 'tokens cc inputs != cc outputs')
  })
  test('tokens to a key neither in the opret nor signing: not counted, so the amounts do not balance', async () => {
    const tx = clone(transfer().tx)
    tx.vout[0] = { ...tx.vout[0]!, script: ccScript(cc1of1(0xf2, STRANGER)) }
    await refusedBy(resign(dev, tx), 'tokens cc inputs != cc outputs')
  })
  test('a non-token opret: TokenValidate: invalid opreturn payload', async () => {
    const tx = clone(transfer().tx)
    tx.vout[tx.vout.length - 1] = { value: 0n, script: opretScript(Uint8Array.of(0xf2, 0x74)) }
    await refusedBy(resign(dev, tx), 'TokenValidate: invalid opreturn payload')
  })
  test('an unknown tokenid: cant find token create txid; the zero tokenid: illegal tokenid', async () => {
    for (const [id, why] of [
      ['ab'.repeat(32), 'cant find token create txid'],
      ['00'.repeat(32), 'illegal tokenid'],
    ] as const) {
      const tx = clone(transfer().tx)
      const p = decodeTokensOpret(tx.vout.at(-1)!.script)
      if (p.funcid !== 't') throw new Error('fixture')
      tx.vout[tx.vout.length - 1] = { value: 0n, script: opretScript(encodeTokensPayload({ ...p, tokenid: id })) }
      await refusedBy(resign(dev, tx), why)
    }
  })
  test('spending token A under a transfer of token B: no token inputs for transfer', async () => {
    const tx = clone(transfer().tx)
    const p = decodeTokensOpret(tx.vout.at(-1)!.script)
    if (p.funcid !== 't') throw new Error('fixture')
    tx.vout[tx.vout.length - 1] = { value: 0n, script: opretScript(encodeTokensPayload({ ...p, tokenid: other })) }
    await refusedBy(resign(dev, tx), 'no token inputs for transfer')
  })
  test("a create ('c') spending token outputs: incorrect token funcid", async () => {
    const c = clone(buildTokenCreate({ name: 'BAD', supply: 100n, description: 'x' }, walletCtx(dev)).tx)
    const t = tokenUtxos(dev.chain, tokenid, dev.pubkey)[0]!
    c.vin.push({ txid: t.txid, vout: t.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    c.vout.splice(c.vout.length - 1, 0, { value: t.satoshis, script: p2pkScript(hexToBytes(dev.pubkey)) })
    await refusedBy(resign(dev, c), 'incorrect token funcid')
  })
  test('the valid transfer is accepted after all the refusals', async () => {
    const t = transfer(tokenid, 50n)
    expect(await dev.rpc.sendrawtransaction(t.hex)).toBe(t.txid)
    await dev.mine(1)
    expect((await dev.rpc.tokenbalance(tokenid, DEST)).balance).toBe(350n)
  })
})
