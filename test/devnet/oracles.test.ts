import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { txidAddress } from '../../src/cc/address.js'
import { cc1of1 } from '../../src/cc/condition.js'
import { ccScript } from '../../src/script/cc.js'
import { p2pkScript } from '../../src/script/script.js'
import { opretScript } from '../../src/modules/opret.js'
import { encodeOraclesPayload, decodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { buildOraclesFund, buildOraclesRegister, buildOraclesSubscribe } from '../../src/modules/oracles/build.js'
import { keySigner } from '../../src/tx/sign.js'
import type { Transaction } from '../../src/tx/types.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { acceptTransaction } from '../../src/devnet/validate.js'
import { defaultValidators } from '../../src/devnet/rpc.js'
import { oraclesFundOutput, oraclesSubscriptions } from '../../src/modules/oracles/resolve-state.js'
import { StateReader } from '../../src/cctx/resolve.js'
import {
  buildData,
  dataState,
  expectModuleError,
  expectRefused,
  resign,
  setupOracle,
  walletCtx,
  type OracleSetup,
} from './_helpers.js'

let dev: Devnet
let o: OracleSetup
const OTHER = keySigner(hexToBytes('00'.repeat(31) + '09')).publicKey
// "sL" record: s "abc", L 5
const REC = '03616263' + '0500000000000000'
const EVAL_FALSE =
  '16: mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element); Oracles: '

beforeAll(async () => {
  dev = await startTestDevnet()
  o = await setupOracle(dev, 'sL', 10000n, '0.01')
})
afterAll(async () => {
  await dev.stop()
})

const clone = (tx: Transaction): Transaction => ({
  ...tx,
  vin: tx.vin.map((i) => ({ ...i })),
  vout: tx.vout.map((v) => ({ ...v })),
})
// allowhighfees: a mutant that drops an output pays it as fee, and the module's rule, not the fee, is under test
const refusedBy = (hex: string, why: string) =>
  expectRefused(dev.rpc.call('sendrawtransaction', [hex, true]) as Promise<string>, -26, EVAL_FALSE + why)

describe('oracles RPCs on the devnet wallet', () => {
  test('oracleslist, oraclesinfo (daemon shape and values), oraclesaddress', async () => {
    expect(await dev.rpc.oracleslist()).toEqual([o.oracletxid])
    const info = await dev.rpc.oraclesinfo(o.oracletxid)
    expect(info).toMatchObject({
      result: 'success',
      txid: o.oracletxid,
      name: 'TEST',
      description: 'test oracle',
      format: 'sL',
      marker: txidAddress(o.oracletxid),
    })
    expect(info.registered).toEqual([
      {
        publisher: dev.pubkey,
        baton: o.batonAddr,
        batontxid: info.registered[0]!.batontxid,
        lifetime: 1_000_000n,
        funds: 1_000_000n,
        datafee: 10000n,
      },
    ])
    const addr = await dev.rpc.oraclesaddress()
    // spec 5.1 / 5.14: the module's normal and CC-tokens addresses
    expect(addr.normalAddress).toBe('RHkFKzn1csxA3fWzAsxsLWohoCgBbirXb5')
    expect(addr.ccTokensAddress).toBe('RWGhAG1qPRRxCxtewLixKX6GseGZQWVQ9E')
  })
  test('module errors come back as {result:"error"} with the daemon texts', async () => {
    await expectModuleError(dev.rpc.oraclesinfo('00'.repeat(32)), 'cant find oracleid')
    await expectModuleError(dev.rpc.call('oraclescreate', ['', 'd', 's']), 'name must not be empty')
    await expectModuleError(dev.rpc.call('oraclescreate', ['N', 'd', 'sx']), 'invalid format type')
    await expectModuleError(dev.rpc.call('oraclesregister', [o.oracletxid, '1.5']), 'datafee must be txfee or more')
    await expectModuleError(
      dev.rpc.oraclesdata(o.oracletxid, '05ff'),
      'data does not match length or content format specification',
    )
    await expectModuleError(dev.rpc.oraclesfund('ab'.repeat(32)), `cant find oracletxid ${'ab'.repeat(32)}`)
  })
  test('register without a fund: the daemon\'s "fund it first" message', async () => {
    const id = await dev.rpc.sendrawtransaction((await dev.rpc.oraclescreate('NOFUND', 'x', 's')).hex)
    await dev.mine(1)
    await expectModuleError(
      dev.rpc.oraclesregister(id, 10000n),
      'error adding inputs from your Oracles CC address, please fund it first with oraclesfund rpc!',
    )
    await expectModuleError(dev.rpc.oraclesdata(id, '0161'), 'datafee 0is illegal')
  })
  test('publish over RPC; samples newest first, mempool first; the second publish in one block needs a confirmed subscription', async () => {
    const d1 = await dev.rpc.sendrawtransaction((await dev.rpc.oraclesdata(o.oracletxid, REC)).hex)
    const myCC = (await dev.rpc.oraclesaddress()).myCCAddress
    await expectModuleError(
      dev.rpc.oraclesdata(o.oracletxid, REC),
      `couldnt find enough oracle inputs ${myCC}, limit 1 per utxo`,
    )
    let s = await dev.rpc.oraclessamples(o.oracletxid, o.batonAddr, 0)
    expect(s.samples).toEqual([{ txid: d1, data: ['abc', '5'] }])
    await dev.mine(1)
    const d2 = await dev.rpc.sendrawtransaction(
      (await dev.rpc.oraclesdata(o.oracletxid, '0178' + '0700000000000000')).hex,
    )
    s = await dev.rpc.oraclessamples(o.oracletxid, o.batonAddr, 0)
    expect(s.samples.map((x) => x.txid)).toEqual([d2, d1])
    expect(s.samples[0]!.data).toEqual(['x', '7'])
    expect((await dev.rpc.oraclessamples(o.oracletxid, o.batonAddr, 1)).samples).toHaveLength(1)
    await dev.mine(1)
    const info = await dev.rpc.oraclesinfo(o.oracletxid)
    expect(info.registered[0]!.batontxid).toBe(d2)
    expect(info.registered[0]!.funds).toBe(1_000_000n - 20000n)
  })
  test('offline builds chain their baton through the mempool (consensus does not need confirmed inputs)', async () => {
    const a = await buildData(dev, o, REC)
    await dev.rpc.sendrawtransaction(a.hex)
    // next state: the baton follows the mempool; subscriptions may be the mempool remainder
    const st = await dataState(dev, o)
    expect(st.baton!.txid).toBe(a.txid)
    const rest = { txid: a.txid, vout: 0, satoshis: a.tx.vout[0]!.value, script: a.tx.vout[0]!.script }
    const { buildOraclesData } = await import('../../src/modules/oracles/build.js')
    const b = buildOraclesData({ oracletxid: o.oracletxid, hexstr: REC }, walletCtx(dev), {
      ...st,
      subscriptions: [rest],
    })
    expect(await dev.rpc.sendrawtransaction(b.hex)).toBe(b.txid)
    await dev.mine(1)
    expect(dev.chain.confirmations(b.txid)).toBe(1)
  })
})

describe("Oracles consensus (spec 5.12): each violation refused with the spec's text", () => {
  test("'C' spending an Oracles CC output: unexpected OraclesValidate for create", async () => {
    const sub = (await oraclesSubscriptions(new StateReader(dev.view), o.oracletxid, dev.pubkey))[0]!
    const f = buildOraclesFund({ oracletxid: o.oracletxid }, walletCtx(dev), {
      oracle: dev.chain.txs.get(o.oracletxid)!.hex,
    })
    const tx = clone(f.tx)
    tx.vin.push({ txid: sub.txid, vout: sub.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    tx.vout[1] = { ...tx.vout[1]!, value: tx.vout[1]!.value + sub.satoshis }
    await refusedBy(resign(dev, tx), 'unexpected OraclesValidate for create')
  })
  test("'S' spending an Oracles CC output: unexpected OraclesValidate for subscribe", async () => {
    const sub = (await oraclesSubscriptions(new StateReader(dev.view), o.oracletxid, dev.pubkey))[0]!
    const s = buildOraclesSubscribe(
      { oracletxid: o.oracletxid, publisher: dev.pubkey, amount: '0.001' },
      walletCtx(dev),
      { oracle: dev.chain.txs.get(o.oracletxid)!.hex },
    )
    const tx = clone(s.tx)
    tx.vin.push({ txid: sub.txid, vout: sub.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    await refusedBy(resign(dev, tx), 'unexpected OraclesValidate for subscribe')
  })
  test('no opret / a 2-byte payload: unexpected oracles missing funcid; unknown funcid', async () => {
    const a = await buildData(dev, o, REC)
    const noOpret = clone(a.tx)
    noOpret.vout.pop()
    await refusedBy(resign(dev, noOpret), 'unexpected oracles missing funcid')
    const z = clone(a.tx)
    z.vout[z.vout.length - 1] = { value: 0n, script: opretScript(Uint8Array.of(0xec, 0x5a, 1, 2, 3)) }
    await refusedBy(resign(dev, z), 'unexpected OraclesValidate funcid')
  })
  describe("'D' rules", () => {
    test('vout 2 not the current datafee: mismatched datafee', async () => {
      const tx = clone((await buildData(dev, o, REC)).tx)
      tx.vout[2] = { ...tx.vout[2]!, value: tx.vout[2]!.value + 1n }
      tx.vout[0] = { ...tx.vout[0]!, value: tx.vout[0]!.value - 1n }
      await refusedBy(resign(dev, tx), 'mismatched datafee')
    })
    test('no baton at vin 1: baton violation (an S source) / mismatched inputs (a D remainder source)', async () => {
      const dropBaton = (t: Transaction): Transaction => {
        const tx = clone(t)
        tx.vin.splice(1, 1)
        const change = tx.vout.length - 2
        tx.vout[change] = { ...tx.vout[change]!, value: tx.vout[change]!.value - 10000n }
        return tx
      }
      // a 'D' remainder's vout 1 is this publisher's baton script, so the baton check passes and the input is not counted
      const st = await dataState(dev, o)
      const remainder = st.subscriptions.find(
        (u) => decodeOraclesOpret(dev.chain.txs.get(u.txid)!.tx.vout.at(-1)!.script).funcid === 'D',
      )!
      const { buildOraclesData } = await import('../../src/modules/oracles/build.js')
      const viaD = buildOraclesData({ oracletxid: o.oracletxid, hexstr: REC }, walletCtx(dev), {
        ...st,
        subscriptions: [remainder],
      })
      await refusedBy(resign(dev, dropBaton(viaD.tx)), 'mismatched inputs != outputs + datafee')
      // a fresh 'S' subscription at vin 1: its vout 1 is the oracle marker, not the baton
      const sid = await dev.rpc.sendrawtransaction(
        (await dev.rpc.oraclessubscribe(o.oracletxid, dev.pubkey, '0.001')).hex,
      )
      await dev.mine(1)
      const s1 = (await dataState(dev, o)).subscriptions.find((u) => u.txid === sid)!
      const viaS = buildOraclesData({ oracletxid: o.oracletxid, hexstr: REC }, walletCtx(dev), {
        ...(await dataState(dev, o)),
        subscriptions: [s1],
      })
      await refusedBy(resign(dev, dropBaton(viaS.tx)), 'baton violation')
    })
    test('a CC input at vin 0: unexpected vin.0 is CC', async () => {
      const tx = clone((await buildData(dev, o, REC)).tx)
      const [v0, v2] = [tx.vin[0]!, tx.vin[2]!]
      tx.vin[0] = v2
      tx.vin[2] = v0
      await refusedBy(resign(dev, tx), 'unexpected vin.0 is CC')
    })
    test('vout 0 to another CC key: invalid CC vout CC destination', async () => {
      const tx = clone((await buildData(dev, o, REC)).tx)
      tx.vout[0] = { ...tx.vout[0]!, script: ccScript(cc1of1(0xec, OTHER)) }
      await refusedBy(resign(dev, tx), 'invalid CC vout CC destination')
    })
    test('subscription money leaking to fees: mismatched inputs != outputs + datafee', async () => {
      const tx = clone((await buildData(dev, o, REC)).tx)
      tx.vout[0] = { ...tx.vout[0]!, value: tx.vout[0]!.value - 1n }
      await refusedBy(resign(dev, tx), 'mismatched inputs != outputs + datafee')
    })
    test("fewer than 3 outputs: unexpected OraclesValidate 'D' tx invalid", async () => {
      const tx = clone((await buildData(dev, o, REC)).tx)
      tx.vout = [tx.vout[0]!, tx.vout[tx.vout.length - 1]!]
      await refusedBy(resign(dev, tx), "unexpected OraclesValidate 'D' tx invalid")
    })
    test("komodod's gaps stay open on the devnet: the baton's value and the record's format are not checked", async () => {
      // OraclesDataValidate (src/cc/oracles.cpp) checks neither; the devnet once refused both with rules of its own,
      // which made it refuse what komodod accepts (the mutation matrix, test/komodod). Dry runs: the chain is shared.
      const dry = (hex: string) => acceptTransaction(dev.chain, hex, { validators: defaultValidators(), dryRun: true })
      const a = clone((await buildData(dev, o, REC)).tx)
      const change = a.vout.length - 2
      a.vout[1] = { ...a.vout[1]!, value: 10001n }
      a.vout[change] = { ...a.vout[change]!, value: a.vout[change]!.value - 1n }
      expect(dry(resign(dev, a)).known).toBe(false)
      const b = clone((await buildData(dev, o, REC)).tx)
      const p = decodeOraclesOpret(b.vout[b.vout.length - 1]!.script)
      if (p.funcid !== 'D') throw new Error('fixture')
      b.vout[b.vout.length - 1] = { value: 0n, script: opretScript(encodeOraclesPayload({ ...p, data: '05ff' })) }
      expect(dry(resign(dev, b)).known).toBe(false)
    })
    test('the unmodified transaction is accepted (the fixtures are valid)', async () => {
      const a = await buildData(dev, o, REC)
      expect(await dev.rpc.sendrawtransaction(a.hex)).toBe(a.txid)
      await dev.mine(1)
    })
  })
  describe("'R' rules", () => {
    let id: string
    const build = async () =>
      buildOraclesRegister({ oracletxid: id, datafee: 10000n }, walletCtx(dev), {
        oracle: dev.chain.txs.get(id)!.hex,
        fund: (await oraclesFundOutput(new StateReader(dev.view), id, dev.pubkey))!,
      })
    beforeAll(async () => {
      id = await dev.rpc.sendrawtransaction((await dev.rpc.oraclescreate('REG', 'r', 's')).hex)
      await dev.mine(1)
      await dev.rpc.sendrawtransaction((await dev.rpc.oraclesfund(id)).hex)
      await dev.mine(1)
    })
    test("an R payload that does not unmarshal exactly is read as komodod's DecodeOraclesOpRet reads it", async () => {
      // DecodeOraclesOpRet (src/cc/oracles.cpp) answers the funcid byte even when E_UNMARSHAL fails: a trailing byte
      // passes (every field was read); a payload cut inside the oracletxid leaves it zero: an unknown oracle
      const tx = clone((await build()).tx)
      const p = tx.vout[tx.vout.length - 1]!
      const payload = encodeOraclesPayload(decodeOraclesOpret(p.script))
      tx.vout[tx.vout.length - 1] = { value: 0n, script: opretScript(Uint8Array.from([...payload, 0])) }
      expect(
        acceptTransaction(dev.chain, resign(dev, tx), { validators: defaultValidators(), dryRun: true }).known,
      ).toBe(false)
      tx.vout[tx.vout.length - 1] = { value: 0n, script: opretScript(payload.slice(0, 20)) }
      await refusedBy(resign(dev, tx), 'invalid oraclescreate txid!')
    })
    test('vin 1 spends a subscription, not a fund: invalid vin.1 for oraclesregister…', async () => {
      const tx = clone((await build()).tx)
      const sub = (await oraclesSubscriptions(new StateReader(dev.view), o.oracletxid, dev.pubkey))[0]!
      const fundValue = 10000n
      tx.vin[1] = { txid: sub.txid, vout: sub.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff }
      const change = tx.vout.length - 2
      tx.vout[change] = { ...tx.vout[change]!, value: tx.vout[change]!.value + sub.satoshis - fundValue }
      await refusedBy(
        resign(dev, tx),
        'invalid vin.1 for oraclesregister, it must be CC vin or pubkey not same as vin pubkey, register and fund tx must be done from owner of pubkey that registers to oracle!!',
      )
    })
    test('the fund at vin 0: vin.0 is normal for oraclesregister!', async () => {
      const tx = clone((await build()).tx)
      const [a, b] = [tx.vin[0]!, tx.vin[1]!]
      tx.vin[0] = b
      tx.vin[1] = a
      await refusedBy(resign(dev, tx), 'vin.0 is normal for oraclesregister!')
    })
    test('vout 0 is not the 10000 marker: invalid marker for oraclesregister!', async () => {
      const tx = clone((await build()).tx)
      tx.vout[0] = { ...tx.vout[0]!, value: 9999n }
      await refusedBy(resign(dev, tx), 'invalid marker for oraclesregister!')
    })
    test('vout 2 pays another key: pubkey in OP_RETURN and in vout.2 not matching…', async () => {
      const tx = clone((await build()).tx)
      tx.vout[2] = { value: 10000n, script: p2pkScript(OTHER) }
      await refusedBy(
        resign(dev, tx),
        'pubkey in OP_RETURN and in vout.2 not matching, register must be done from owner of pubkey that registers to oracle!',
      )
    })
    test("R names another publisher than the F: komodod never compares them (the 'F' decode overwrites the key)", async () => {
      const tx = clone((await build()).tx)
      const p = decodeOraclesOpret(tx.vout[tx.vout.length - 1]!.script)
      if (p.funcid !== 'R') throw new Error('fixture')
      tx.vout[tx.vout.length - 1] = {
        value: 0n,
        script: opretScript(encodeOraclesPayload({ ...p, pubkey: bytesToHex(OTHER) })),
      }
      const hex = resign(dev, tx)
      expect(acceptTransaction(dev.chain, hex, { validators: defaultValidators(), dryRun: true }).known).toBe(false)
    })
    test('R of an unknown oracle: invalid oraclescreate txid!', async () => {
      const tx = clone((await build()).tx)
      const p = decodeOraclesOpret(tx.vout[tx.vout.length - 1]!.script)
      if (p.funcid !== 'R') throw new Error('fixture')
      tx.vout[tx.vout.length - 1] = {
        value: 0n,
        script: opretScript(encodeOraclesPayload({ ...p, oracletxid: 'cd'.repeat(32) })),
      }
      await refusedBy(resign(dev, tx), 'invalid oraclescreate txid!')
    })
    test('the unmodified register is accepted', async () => {
      const r = await build()
      expect(await dev.rpc.sendrawtransaction(r.hex)).toBe(r.txid)
      await dev.mine(1)
      expect((await dev.rpc.oraclesinfo(id)).registered).toHaveLength(1)
    })
  })
})
