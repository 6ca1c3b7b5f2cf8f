import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { txidToInternalBytes } from '../../src/bytes/uint256.js'
import { cc1of1, tokensCc1of1 } from '../../src/cc/condition.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { opReturnPayload, p2pkScript } from '../../src/script/script.js'
import { opretScript } from '../../src/modules/opret.js'
import { parseTransaction } from '../../src/tx/codec.js'
import type { Transaction } from '../../src/tx/types.js'
import { parseMerkleProof } from '../../src/modules/gateways/proof.js'
import {
  decodeGatewaysOpret,
  encodeGatewaysOpret,
  type GatewaysBindOpret,
  type GatewaysCompleteSigningOpret,
  type GatewaysDepositOpret,
  type GatewaysWithdrawOpret,
} from '../../src/modules/gateways/opret.js'
import { encodeOraclesOpret } from '../../src/modules/oracles/opret.js'
import { txid as txidOf } from '../../src/tx/codec.js'
import { DevChain } from '../../src/devnet/chain.js'
import { validateGateways } from '../../src/modules/gateways/devnet.js'
import { buildGatewaysClaim, buildGatewaysMarkDone } from '../../src/modules/gateways/build.js'
import type { Devnet } from '../../src/devnet/server.js'
import { GATEWAYS_NODE, startTestDevnet } from '../_util/devnet.js'
import { ASSET_CHAIN_POLICY, relayPolicyViolations } from '../../src/tx/policy.js'
import { acceptTransaction } from '../../src/devnet/validate.js'
import { defaultValidators } from '../../src/devnet/rpc.js'
import { expectModuleError, expectRefused, resign, walletCtx } from './_helpers.js'

// Independent facts: spec 1.9 (gateways global key) and 5.2/5.3.
const GW_PK = '03ea9c062b9652d8eff34879b504eda0717895d27597aaeb60347d65eed96ccb40'
const GW_PRIV = hexToBytes('f74b5ba27a5e9cda89b1cbb9e69c2c708537dd007a67ff7c621be2fb048f85bf')
const GW_CC_ADDRESS = 'RKWpoK6vTRtq5b9qrRBodLkCzeURHeEk33'
const EVAL_FALSE =
  '16: mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element); Gateways: '

let dev: Devnet
let me: string
let tokenid: string
let oracletxid: string
let bindtxid: string
let cointxid: string
let cointx: string
let depositHeight: number
let proof: string
let deposittxid: string
let claimtxid: string
let withdrawtxid: string
let partialtxid: string
let completetxid: string
let validClaim: Transaction
let validPartial: Transaction
let donetxid: string

const clone = (tx: Transaction): Transaction => ({
  ...tx,
  vin: tx.vin.map((i) => ({ ...i })),
  vout: tx.vout.map((v) => ({ ...v })),
})
const extra = () => [cc1of1(0xf1, me), cc1of1(0xf1, GW_PK), tokensCc1of1(0xf1, GW_PK)]
// allowhighfees: a mutant may pay a dropped output as fee; the module's rule, not the fee, is under test
const refusedBy = (t: Transaction, why: string) =>
  expectRefused(dev.rpc.call('sendrawtransaction', [resign(dev, t, extra(), [GW_PRIV]), true]), -26, EVAL_FALSE + why)
/** The devnet's verdict without keeping the transaction (a dry run): its txid when accepted. */
const acceptedDry = (t: Transaction): string =>
  acceptTransaction(dev.chain, resign(dev, t, extra(), [GW_PRIV]), {
    validators: defaultValidators(),
    dryRun: true,
    allowHighFees: true,
  }).txid
const send = async (r: { hex: string }) => dev.rpc.sendrawtransaction(r.hex)
const call = (method: string, ...params: string[]) =>
  dev.rpc.call(method, params) as Promise<{ result: string; hex?: string; error?: string }>

beforeAll(async () => {
  // gatewaysdeposit, partialsign and completesigning carry OP_RETURNs over a default node's 208 bytes: a gateways
  // node runs with -datacarriersize=10001 (docs/policy.md), and so does this devnet
  dev = await startTestDevnet({ policy: GATEWAYS_NODE })
  me = dev.pubkey
  tokenid = await send(await dev.rpc.tokencreate('KMDTOKEN', '1', 'gateway token'))
  oracletxid = await send(await dev.rpc.oraclescreate('KMD', 'KMD block headers', 'Ihh'))
  await dev.mine(1)
  await send(await dev.rpc.oraclesfund(oracletxid))
  await dev.mine(1)
  await send(await dev.rpc.oraclesregister(oracletxid, 10000n))
  await dev.mine(1)
  await send(await dev.rpc.oraclessubscribe(oracletxid, me, '1'))
  await dev.mine(1)
}, 30_000)
afterAll(async () => {
  await dev.stop()
})

describe('gateways on the devnet: bind → deposit (own-chain proof) → claim → withdraw → sign → markdone, over RPC', () => {
  test('gatewaysbind locks the whole supply; gatewayslist / gatewaysinfo show it', async () => {
    bindtxid = await send(await dev.rpc.gatewaysbind(tokenid, oracletxid, 'KMD', '100000000', 1, 1, [me], 60, 85, 188))
    await dev.mine(2)
    expect(await dev.rpc.gatewayslist()).toEqual([bindtxid])
    const info = await dev.rpc.gatewaysinfo(bindtxid)
    expect(info).toMatchObject({
      result: 'success',
      name: 'Gateways',
      M: 1,
      N: 1,
      pubkeys: [me],
      coin: 'KMD',
      oracletxid,
      tokenid,
      totalsupply: 100_000_000n,
      remaining: 100_000_000n,
      issued: 0n,
    })
    // N = 1, KMD prefixes: the deposit address is the key's own address (spec 5.3)
    expect(info.deposit).toBe(p2pkhAddress(hexToBytes(me)))
    expect(((await dev.rpc.call('gatewaysaddress', [])) as Record<string, unknown>).GatewaysCCAddress).toBe(
      GW_CC_ADDRESS,
    )
  })

  test('a second bind of the same token: the supply is no longer the caller\'s (the daemon checks it before "already exists")', async () => {
    const e = await dev.rpc.gatewaysbind(tokenid, oracletxid, 'KMD', '100000000', 1, 1, [me], 60, 85, 188).then(
      () => undefined,
      (x: unknown) => x,
    )
    expect((e as { daemonMessage?: string }).daemonMessage).toMatch(/^token balance on R\w+ 0!=1$/)
  })

  test("gettxoutproof proves a devnet transaction in komodod's CMerkleBlock format", async () => {
    // the "foreign" deposit: 0.5 to the deposit address (vout 0, which is also destpub's claim output)
    cointxid = (await dev.rpc.call('sendtoaddress', [p2pkhAddress(hexToBytes(me)), '0.5'])) as string
    cointx = await dev.rpc.getrawtransaction(cointxid)
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(hexToBytes(me)), '0.25']) // a second transaction in the block
    await dev.mine(1)
    depositHeight = await dev.rpc.getblockcount()
    proof = await dev.rpc.gettxoutproof([cointxid])
    const block = dev.chain.blocks[depositHeight]!
    const parsed = parseMerkleProof(hexToBytes(proof))
    expect(parsed.matches).toEqual([cointxid])
    expect(bytesToHex(parsed.root)).toBe(bytesToHex(txidToInternalBytes(block.merkleRoot)))
    expect(bytesToHex(parsed.headerRoot)).toBe(bytesToHex(parsed.root))
    // with every transaction of the block
    const all = parseMerkleProof(hexToBytes(await dev.rpc.gettxoutproof(block.txids)))
    expect(all.matches).toEqual(block.txids)
    await expectRefused(dev.rpc.gettxoutproof(['00'.repeat(32)]), -5, 'Transaction not yet in block')
  })

  test("gatewaysdeposit needs the oracle's merkle root, then verifies the proof", async () => {
    await expectModuleError(
      dev.rpc.gatewaysdeposit(bindtxid, depositHeight, 'KMD', cointxid, 0, cointx, proof, me, '0.5'),
      `couldnt find merkleroot for ht.${depositHeight} KMD oracle.${oracletxid} m.0 vs n.1`,
    )
    const block = dev.chain.blocks[depositHeight]!
    const h = new Uint8Array(4)
    new DataView(h.buffer).setUint32(0, depositHeight, true)
    const record = bytesToHex(
      Uint8Array.from([...h, ...txidToInternalBytes(block.hash), ...txidToInternalBytes(block.merkleRoot)]),
    )
    await send(await dev.rpc.oraclesdata(oracletxid, record))
    await dev.mine(1)
    await expectModuleError(
      dev.rpc.gatewaysdeposit(bindtxid, depositHeight, 'KMD', cointxid, 0, cointx, proof, me, '0.4'),
      'deposittxid didnt validate',
    )
    const deposit = await dev.rpc.gatewaysdeposit(bindtxid, depositHeight, 'KMD', cointxid, 0, cointx, proof, me, '0.5')
    // a default asset-chain node refuses it (komodod: 64: scriptpubkey): its OP_RETURN is over 208 bytes
    const over = relayPolicyViolations(parseTransaction(deposit.hex), ASSET_CHAIN_POLICY)
    expect(over).toMatchObject([{ reason: 'scriptpubkey', limit: 208 }])
    expect(over[0]!.size).toBeGreaterThan(208)
    expect(over[0]!.option).toBe(`-datacarriersize=${over[0]!.size}`)
    deposittxid = await send(deposit)
    await dev.mine(1)
    await expectModuleError(
      dev.rpc.gatewaysdeposit(bindtxid, depositHeight, 'KMD', cointxid, 0, cointx, proof, me, '0.5'),
      `cointxid.${cointxid} already exists`,
    )
    const pd = (await call('gatewayspendingdeposits', bindtxid, 'KMD')) as unknown as {
      coin: string
      pending: Record<string, unknown>[]
    }
    expect(pd).toMatchObject({
      coin: 'KMD',
      pending: [{ cointxid, deposittxid, claim_pubkey: me, amount: 0.5, confirmed_or_notarized: false }],
    })
  })

  test('a claim before the deposit is 2 blocks deep is refused by consensus', async () => {
    const claim = buildGatewaysClaim(
      { bindtxid, coin: 'KMD', deposittxid, destpub: me, amount: '0.5' },
      walletCtx(dev),
      {
        bind: dev.chain.txs.get(bindtxid)!.hex,
        deposit: dev.chain.txs.get(deposittxid)!.hex,
        tokens: [{ txid: bindtxid, vout: 0, satoshis: 100_000_000n, script: dev.chain.output(bindtxid, 0)!.script }],
      },
    )
    await expectRefused(
      dev.rpc.sendrawtransaction(claim.hex),
      -26,
      EVAL_FALSE + 'gatewaysdeposit tx is not yet confirmed(notarised)!',
    )
    await expectModuleError(
      dev.rpc.gatewaysclaim(bindtxid, 'KMD', deposittxid, me, '0.5'),
      'gatewaysdeposit tx not yet confirmed/notarized',
    )
    await dev.mine(1)
  })

  test('claim consensus rules (spec 5.9): the checks komodod reaches refuse, the ones it never reaches do not', async () => {
    validClaim = parseTransaction((await dev.rpc.gatewaysclaim(bindtxid, 'KMD', deposittxid, me, '0.5')).hex!)
    // GatewaysValidate's 'C' case stops at `else if (tx.vin.size()>0) {…}`: the destination's tokens, the claimed
    // amount and pubkey against the deposit are coded after it and never checked, so komodod (and the devnet) accept
    // paying less to destpub and more back to the gateway (tokens still balance)
    const t = clone(validClaim)
    t.vout[0] = { ...t.vout[0]!, value: t.vout[0]!.value - 1n }
    t.vout[1] = { ...t.vout[1]!, value: t.vout[1]!.value + 1n }
    expect(acceptedDry(t)).toMatch(/^[0-9a-f]{64}$/)
    // a normal input in front: every input but the last must be CC
    const u = clone(validClaim)
    // a coin whose change (less a 10000 sat fee) is no dust: under some seeds the first confirmed coin is 10000 sat,
    // and a 0-sat change is refused by the relay policy before the validator is reached
    const c = dev.chain
      .walletUtxos()
      .find((x) => (x.height ?? 0) > 0 && x.satoshis > 20_000n && !dev.chain.spentInMempool(x.txid, x.vout))!
    u.vin.unshift({ txid: c.txid, vout: c.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    u.vout.splice(u.vout.length - 1, 0, { value: c.satoshis - 10000n, script: p2pkScript(hexToBytes(me)) })
    await refusedBy(u, 'vin.0 is CC for gatewaysclaim!')
    // opret fields the daemon reads (C blob), each broken alone
    const withOpret = (
      o: Partial<{ bindtxid: string; refcoin: string; deposittxid: string; destpub: string; amount: bigint }>,
    ) => {
      const x = clone(validClaim)
      x.vout[x.vout.length - 1] = {
        value: 0n,
        script: encodeGatewaysOpret({
          funcid: 'C',
          tokenid,
          voutPubkeys: [me],
          bindtxid,
          refcoin: 'KMD',
          deposittxid,
          destpub: me,
          amount: 50_000_000n,
          ...o,
        }),
      }
      return x
    }
    await refusedBy(withOpret({ bindtxid: 'ee'.repeat(32) }), 'invalid gatewaysbind txid!')
    await refusedBy(withOpret({ bindtxid: tokenid }), 'invalid gatewaysbind OP_RETURN data!')
    await refusedBy(withOpret({ refcoin: 'BTC' }), 'refcoin different than in bind tx')
    await refusedBy(withOpret({ deposittxid: 'ee'.repeat(32) }), 'invalid gatewaysdeposittxid!')
    await refusedBy(withOpret({ deposittxid: bindtxid }), 'invalid gatewaysdeposit OP_RETURN data!')
    // unreached in komodod (above): accepted
    expect(acceptedDry(withOpret({ amount: 40_000_000n }))).toMatch(/^[0-9a-f]{64}$/)
    expect(acceptedDry(withOpret({ destpub: GW_PK }))).toMatch(/^[0-9a-f]{64}$/)
  })

  test('the valid claim pays the depositor its tokens', async () => {
    claimtxid = await dev.rpc.sendrawtransaction(resign(dev, validClaim, extra(), [GW_PRIV]))
    await dev.mine(1)
    expect((await dev.rpc.tokenbalance(tokenid)).balance).toBe(50_000_000n)
    expect(await dev.rpc.gatewaysinfo(bindtxid)).toMatchObject({ remaining: 50_000_000n, issued: 50_000_000n })
    expect(await call('gatewayspendingdeposits', bindtxid, 'KMD')).toEqual({ coin: 'KMD', pending: [] })
  })

  test('withdraw, then one withdraw pending at a time', async () => {
    withdrawtxid = await send(await dev.rpc.gatewayswithdraw(bindtxid, 'KMD', me, '0.2'))
    await dev.mine(2)
    await expectModuleError(
      dev.rpc.gatewayswithdraw(bindtxid, 'KMD', me, '0.1'),
      'unable to create withdraw, another withdraw pending',
    )
    expect(await dev.rpc.gatewaysinfo(bindtxid)).toMatchObject({ remaining: 70_000_000n, issued: 30_000_000n })
    expect(await call('gatewayspendingwithdraws', bindtxid, 'KMD')).toMatchObject({
      coin: 'KMD',
      queueflag: 1,
      pending: [
        {
          withdrawtxid,
          amount: '0.20000000',
          confirmed_or_notarized: true,
          withdrawaddr: p2pkhAddress(hexToBytes(me)),
        },
      ],
    })
  })

  test('partial-sign consensus rules', async () => {
    const r = await call('gatewayspartialsign', withdrawtxid, 'KMD', 'aabbcc')
    validPartial = parseTransaction(r.hex!)
    const t = clone(validPartial)
    t.vout[0] = { ...t.vout[0]!, script: p2pkScript(hexToBytes(me)) }
    await refusedBy(t, 'vout.0 invalid marker for gatewayspartialsign!')
    // a spend of a gateways marker without a gateways funcid: DecodeGatewaysOpRet answers 0, GatewaysValidate skips
    // its switch and PreventCC(-1) passes: komodod accepts it, and so does the devnet (a dry run)
    const u = clone(validPartial)
    u.vout[u.vout.length - 1] = { value: 0n, script: Uint8Array.from([0x6a, 0x02, 0xf1, 0x00]) }
    expect(acceptedDry(u)).toMatch(/^[0-9a-f]{64}$/)
    // a 'P' funcid whose payload does not unmarshal exactly (a byte appended): DecodeGatewaysPartialOpRet fails
    const v = clone(validPartial)
    const payload = opReturnPayload(v.vout[v.vout.length - 1]!.script)!
    v.vout[v.vout.length - 1] = { value: 0n, script: opretScript(Uint8Array.from([...payload, 0])) }
    await refusedBy(v, 'invalid gatewaysPartialSign OP_RETURN data!')
    // a 'W' opret on a transaction spending a gateways output
    const w = clone(validPartial)
    w.vout[w.vout.length - 1] = { value: 0n, script: dev.chain.txs.get(withdrawtxid)!.tx.vout.at(-1)!.script }
    await refusedBy(w, 'unexpected GatewaysValidate for gatewaysWithdraw!')
    // a claim opret naming an unknown bind
    const b = clone(validPartial)
    b.vout[b.vout.length - 1] = {
      value: 0n,
      script: encodeGatewaysOpret({
        funcid: 'P',
        withdrawtxid: 'ee'.repeat(32),
        refcoin: 'KMD',
        K: 1,
        signerpk: me,
        hex: 'aa',
      }),
    }
    await refusedBy(b, 'invalid withdraw txid!')
    const notW = clone(validPartial)
    notW.vout[notW.vout.length - 1] = {
      value: 0n,
      script: encodeGatewaysOpret({
        funcid: 'P',
        withdrawtxid: bindtxid,
        refcoin: 'KMD',
        K: 1,
        signerpk: me,
        hex: 'aa',
      }),
    }
    await refusedBy(notW, 'invalid gatewayswithdraw OP_RETURN data!')
    const coin = clone(validPartial)
    coin.vout[coin.vout.length - 1] = {
      value: 0n,
      script: encodeGatewaysOpret({ funcid: 'P', withdrawtxid, refcoin: 'BTC', K: 1, signerpk: me, hex: 'aa' }),
    }
    await refusedBy(coin, 'refcoin different than in bind tx')
    // the marker first and the normal input last
    const swapped = clone(validPartial)
    swapped.vin.reverse()
    await refusedBy(swapped, 'vin.0 is normal for gatewayspartialsign!')
    // another normal input after the marker
    const extraIn = clone(validPartial)
    // a coin the partial sign does not already spend (under some seeds the first confirmed coin is its normal input)
    const used = new Set(extraIn.vin.map((i) => `${i.txid}:${i.vout}`))
    const c = dev.chain
      .walletUtxos()
      .find(
        (x) => (x.height ?? 0) > 0 && !used.has(`${x.txid}:${x.vout}`) && !dev.chain.spentInMempool(x.txid, x.vout),
      )!
    extraIn.vin.push({ txid: c.txid, vout: c.vout, scriptSig: new Uint8Array(0), sequence: 0xffffffff })
    await refusedBy(
      extraIn,
      `vin.${extraIn.vin.length - 1} is CC marker for gatewayspartialsign or invalid marker amount!`,
    )
  })

  test('partialsign → completesigning → markdone; a second partial sign exceeds M', async () => {
    partialtxid = await dev.rpc.sendrawtransaction(resign(dev, validPartial, extra(), [GW_PRIV]))
    await dev.mine(2)
    const again = await call('gatewayspartialsign', partialtxid, 'KMD', 'aabbccdd')
    await expectRefused(dev.rpc.sendrawtransaction(again.hex!), -26, EVAL_FALSE + 'invalid number of signs!')
    completetxid = await send(
      (await call('gatewayscompletesigning', partialtxid, 'KMD', 'aabbccddee')) as { hex: string },
    )
    await dev.mine(1)
    expect(await call('gatewayspendingwithdraws', bindtxid, 'KMD')).toMatchObject({ pending: [] })
    expect(await call('gatewaysprocessed', bindtxid, 'KMD')).toMatchObject({
      coin: 'KMD',
      queueflag: 1,
      processed: [
        {
          completesigningtxid: completetxid,
          withdrawtxid,
          amount: '0.20000000',
          hex: 'aabbccddee',
          confirmed_or_notarized: false,
        },
      ],
    })
    // markdone before the 'S' is 2 deep
    const early = buildGatewaysMarkDone({ completesigningtx: completetxid, coin: 'KMD' }, walletCtx(dev), {
      complete: dev.chain.txs.get(completetxid)!.hex,
      withdraw: dev.chain.txs.get(withdrawtxid)!.hex,
      bind: dev.chain.txs.get(bindtxid)!.hex,
    })
    await expectRefused(
      dev.rpc.sendrawtransaction(early.hex),
      -26,
      EVAL_FALSE + 'gatewayscompletesigning tx is not yet confirmed(notarised)!',
    )
    await dev.mine(1)
    const m = parseTransaction((await call('gatewaysmarkdone', completetxid, 'KMD')).hex!)
    const unknownS = clone(m)
    unknownS.vout[unknownS.vout.length - 1] = {
      value: 0n,
      script: encodeGatewaysOpret({ funcid: 'M', withdrawtxid, refcoin: 'KMD', completetxid: 'ee'.repeat(32) }),
    }
    await refusedBy(unknownS, 'invalid gatewayscompletesigning txid!')
    const notS = clone(m)
    notS.vout[notS.vout.length - 1] = {
      value: 0n,
      script: encodeGatewaysOpret({ funcid: 'M', withdrawtxid, refcoin: 'KMD', completetxid: partialtxid }),
    }
    await refusedBy(notS, 'invalid gatewayscompletesigning OP_RETURN data!')
    const swapped = clone(m)
    swapped.vin.reverse()
    await refusedBy(swapped, 'vin.0 is normal for gatewaysmarkdone!')
    const done = await dev.rpc.sendrawtransaction(resign(dev, m, extra(), [GW_PRIV]))
    donetxid = done
    await dev.mine(1)
    expect(dev.chain.confirmations(done)).toBe(1)
    // the marker came back to the wallet as a normal 10000 output
    expect(dev.chain.txs.get(done)!.tx.vout[0]).toMatchObject({ value: 10000n })
    // a new withdraw is possible again
    expect((await dev.rpc.gatewayswithdraw(bindtxid, 'KMD', me, '0.1')).hex).toMatch(/^[0-9a-f]+$/)
  })

  test("RPC argument refusals with the daemon's texts", async () => {
    await expectRefused(
      dev.rpc.call('gatewaysclaim', [bindtxid, 'KMD', deposittxid, '02ab', '0.5']),
      -1,
      'invalid destination pubkey',
    )
    await expectRefused(
      dev.rpc.call('gatewaysdeposit', [bindtxid, '1', 'KMD', cointxid, '0', cointx, proof, me, '0']),
      -1,
      'invalid param: amount, numpks or claimvout\n',
    )
    await expectRefused(
      dev.rpc.call('gatewaysbind', [tokenid, oracletxid, 'KMD', '100000000', '2', '1', me, '60', '85', '188']),
      -1,
      'illegal M or N > 15 or tokensupply or invalid tokenid\n',
    )
    await expectRefused(
      dev.rpc.call('gatewaysmarkdone', [completetxid]),
      -1,
      'gatewaysmarkdone completesigningtx coin\n',
    )
    await expectModuleError(dev.rpc.call('gatewaysinfo', ['ff'.repeat(32)]), `cant find bindtxid ${'ff'.repeat(32)}`)
    expect(claimtxid).toMatch(/^[0-9a-f]{64}$/)
  })
})

// The rules about the transactions a spend refers to (bind, deposit, withdraw, 'S'): those cannot be put on chain
// through the builders, so each case runs the validator on the flow's real transactions over a view of the chain in
// which one referenced transaction is altered.
describe('Gateways consensus on referenced transactions (spec 5.9), one rule per case', () => {
  const view = (over: Record<string, (t: Transaction) => Transaction>, unconfirmed: string[] = []): DevChain => {
    const txs = new Map(dev.chain.txs)
    for (const [id, f] of Object.entries(over)) txs.set(id, { ...txs.get(id)!, tx: f(clone(txs.get(id)!.tx)) })
    const v = Object.assign(Object.create(Object.getPrototypeOf(dev.chain) as object) as DevChain, dev.chain, { txs })
    v.confirmations = (id: string) => (unconfirmed.includes(id) ? 1 : DevChain.prototype.confirmations.call(v, id))
    return v
  }
  const check = (chain: DevChain, tx: Transaction) =>
    validateGateways({
      chain,
      tx,
      txid: txidOf(tx),
      inputs: tx.vin.map((v, index) => {
        const o = chain.output(v.txid, v.vout)!
        const cc = o.script[o.script[0]! + 1] === 0xcc
        return {
          index,
          coin: {
            txid: v.txid,
            vout: v.vout,
            value: o.value,
            script: o.script,
            height: 1,
            coinbase: false,
            address: null,
          },
          cc,
          evalCodes: cc ? [0xf1] : [],
        }
      }),
    })
  const withOpret =
    (script: Uint8Array) =>
    (t: Transaction): Transaction => {
      t.vout[t.vout.length - 1] = { value: 0n, script }
      return t
    }
  const bindOp = () => decodeGatewaysOpret(dev.chain.txs.get(bindtxid)!.tx.vout.at(-1)!.script) as GatewaysBindOpret
  const depOp = () =>
    decodeGatewaysOpret(dev.chain.txs.get(deposittxid)!.tx.vout.at(-1)!.script) as GatewaysDepositOpret
  const wOp = () =>
    decodeGatewaysOpret(dev.chain.txs.get(withdrawtxid)!.tx.vout.at(-1)!.script) as GatewaysWithdrawOpret
  const refuses = (chain: DevChain, tx: Transaction, why: string) =>
    expect(() => check(chain, tx)).toThrow(expect.objectContaining({ rpcCode: -26, rpcMessage: EVAL_FALSE + why }))
  const normalIn = (t: Transaction): Transaction => {
    t.vin[0] = { ...t.vin[0]!, txid: bindtxid, vout: 0 }
    return t
  } // vin0 now spends a CC output

  test('the valid claim, partial sign and mark-done pass on the unaltered view', () => {
    expect(() => check(view({}), validClaim)).not.toThrow()
    expect(() => check(view({}), validPartial)).not.toThrow()
    expect(() => check(view({}), dev.chain.txs.get(donetxid)!.tx)).not.toThrow()
  })
  const claimCases: [
    string,
    () => Record<string, (t: Transaction) => Transaction>,
    string | (() => string),
    string[]?,
  ][] = [
    ['bind vin0 spends CC', () => ({ [bindtxid]: normalIn }), 'vin.0 is normal for gatewaysbind!'],
    [
      'bind vout0 value',
      () => ({
        [bindtxid]: (t) => {
          t.vout[0] = { ...t.vout[0]!, value: 1n }
          return t
        },
      }),
      'invalid tokens to gateways vout for gatewaysbind!',
    ],
    [
      'bind vout1 marker',
      () => ({
        [bindtxid]: (t) => {
          t.vout[1] = { ...t.vout[1]!, value: 9999n }
          return t
        },
      }),
      'invalid marker vout for gatewaysbind!',
    ],
    [
      'bind tokenid',
      () => ({ [bindtxid]: withOpret(encodeGatewaysOpret({ ...bindOp(), tokenid: oracletxid })) }),
      'tokenid does not match tokenid from gatewaysbind',
    ],
    [
      'bind M > N',
      () => ({ [bindtxid]: withOpret(encodeGatewaysOpret({ ...bindOp(), M: 2 })) }),
      'invalid MofN in gatewaysbind',
    ],
    [
      'bind pubkeys ≠ N',
      () => ({ [bindtxid]: withOpret(encodeGatewaysOpret({ ...bindOp(), N: 2 })) }),
      'not enough pubkeys(1) for N.2 gatewaysbind ',
    ],
    [
      'bind totalsupply ≠ token supply',
      () => ({
        [bindtxid]: (t) => {
          t.vout[0] = { ...t.vout[0]!, value: 200_000_000n }
          return withOpret(encodeGatewaysOpret({ ...bindOp(), totalsupply: 200_000_000n }))(t)
        },
      }),
      () =>
        `Gateway bind.KMD (${tokenid}) globaladdr.${GW_CC_ADDRESS} totalsupply 2.00000000 != fullsupply 1.00000000\n`,
    ],
    [
      'bind oracle missing',
      () => ({ [bindtxid]: withOpret(encodeGatewaysOpret({ ...bindOp(), oracletxid: 'ee'.repeat(32) })) }),
      `cant find oracletxid ${'ee'.repeat(32)}\n`,
    ],
    [
      'bind oracle not an oracle',
      () => ({ [bindtxid]: withOpret(encodeGatewaysOpret({ ...bindOp(), oracletxid: tokenid })) }),
      'invalid oraclescreate OP_RETURN data',
    ],
    [
      'oracle name ≠ coin',
      () => ({
        [oracletxid]: withOpret(encodeOraclesOpret({ funcid: 'C', name: 'BTC', description: 'x', format: 'Ihh' })),
      }),
      'mismatched oracle name BTC != KMD\n',
    ],
    [
      'oracle format ≠ Ihh',
      () => ({
        [oracletxid]: withOpret(encodeOraclesOpret({ funcid: 'C', name: 'KMD', description: 'x', format: 'Ihhs' })),
      }),
      'illegal format Ihhs != Ihh\n',
    ],
    ['bind not yet 2 deep', () => ({}), 'gatewaysbind tx is not yet confirmed(notarised)!', ['bind']],
    ['deposit vin0 spends CC', () => ({ [deposittxid]: normalIn }), 'vin.0 is normal for gatewaysdeposit!'],
    [
      'deposit CC marker',
      () => ({
        [deposittxid]: (t) => {
          t.vout[0] = { ...t.vout[0]!, value: 1n }
          return t
        },
      }),
      'invalid CC marker vout for gatewaysdeposit!',
    ],
    [
      'deposit normal marker',
      () => ({
        [deposittxid]: (t) => {
          t.vout[1] = { ...t.vout[1]!, script: p2pkScript(hexToBytes(me)) }
          return t
        },
      }),
      'invalid normal marker vout for gatewaysdeposit!',
    ],
    [
      'deposit coin',
      () => ({ [deposittxid]: withOpret(encodeGatewaysOpret({ ...depOp(), refcoin: 'BTC' })) }),
      'refcoin different than in deposit tx',
    ],
    [
      'deposit bindtxid',
      () => ({ [deposittxid]: withOpret(encodeGatewaysOpret({ ...depOp(), bindtxid: tokenid })) }),
      'bindtxid does not match to bindtxid from gatewaysdeposit',
    ],
    [
      'deposit above the supply',
      () => ({ [deposittxid]: withOpret(encodeGatewaysOpret({ ...depOp(), amount: 100_000_001n })) }),
      'deposit amount greater then bind total supply',
    ],
  ]
  test.each(claimCases)('claim: %s', (_name, over, why, unconfirmed) => {
    refuses(
      view(over(), unconfirmed?.includes('bind') === true ? [bindtxid] : []),
      validClaim,
      typeof why === 'string' ? why : why(),
    )
  })
  const wCases: [string, () => Record<string, (t: Transaction) => Transaction>, string, boolean?][] = [
    ['withdraw vin0 spends CC', () => ({ [withdrawtxid]: normalIn }), 'vin.0 is normal for gatewaysWithdraw!'],
    [
      'withdraw marker',
      () => ({
        [withdrawtxid]: (t) => {
          t.vout[0] = { ...t.vout[0]!, value: 1n }
          return t
        },
      }),
      'invalid marker vout for gatewaysWithdraw!',
    ],
    [
      'withdraw tokens vout',
      () => ({
        [withdrawtxid]: (t) => {
          t.vout[1] = { ...t.vout[1]!, script: p2pkScript(hexToBytes(me)) }
          return t
        },
      }),
      'invalid tokens to gateways vout for gatewaysWithdraw!',
    ],
    ['withdraw not yet 2 deep', () => ({}), 'gatewayswithdraw tx is not yet confirmed(notarised)!', true],
  ]
  test.each(wCases)('partial sign: %s', (_name, over, why, unconf) => {
    refuses(view(over(), unconf === true ? [withdrawtxid] : []), validPartial, why)
  })
  test('complete signing: withdraw amount ≠ its tokens; K < M', () => {
    const s = dev.chain.txs.get(completetxid)!.tx
    refuses(
      view({ [withdrawtxid]: withOpret(encodeGatewaysOpret({ ...wOp(), amount: 1n })) }),
      s,
      'amount in opret not matching tx tokens amount!',
    )
    const sOp = decodeGatewaysOpret(s.vout.at(-1)!.script) as GatewaysCompleteSigningOpret
    refuses(view({}), withOpret(encodeGatewaysOpret({ ...sOp, K: 0 }))(clone(s)), 'invalid number of signs!')
  })
  test('mark done: the S not yet 2 deep; its K < M', () => {
    const m = dev.chain.txs.get(donetxid)!.tx
    refuses(view({}, [completetxid]), m, 'gatewayscompletesigning tx is not yet confirmed(notarised)!')
    const sOp = decodeGatewaysOpret(
      dev.chain.txs.get(completetxid)!.tx.vout.at(-1)!.script,
    ) as GatewaysCompleteSigningOpret
    refuses(view({ [completetxid]: withOpret(encodeGatewaysOpret({ ...sOp, K: 0 })) }), m, 'invalid number of signs!')
  })
  test('B / D spending a gateways output: "unexpected GatewaysValidate"', () => {
    refuses(
      view({}),
      withOpret(dev.chain.txs.get(bindtxid)!.tx.vout.at(-1)!.script)(clone(validPartial)),
      'unexpected GatewaysValidate for gatewaysbind!',
    )
    refuses(
      view({}),
      withOpret(dev.chain.txs.get(deposittxid)!.tx.vout.at(-1)!.script)(clone(validPartial)),
      'unexpected GatewaysValidate for gatewaysdeposit!',
    )
  })
})
