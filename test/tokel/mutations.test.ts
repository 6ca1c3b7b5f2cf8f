// The devnet's Tokel mode agrees with Tokel's own validators: a small mutation matrix. A TKLTEST devnet runs an NFT's
// DEX life (create with a royalty, transfer, ask, fill, ask, cancel; bid, fill bid); before each of the transfer, the
// fill, the cancel and the fill bid is sent, it and its mutants (amounts, output scripts, the royalty), each re-signed,
// are judged twice against the chain as it is: by the devnet (acceptTransaction, dry run, its Tokel validators) and
// by Tokel's oracle (.ccoracle-tokel). Their verdicts must be equal, and the originals valid.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestDevnet, testAccount } from '../_util/devnet.js'
import { judgeTokelTx, tokelOracleAvailable, ccoracleRequired } from '../_util/ccoracle.js'
import type { Devnet } from '../../src/devnet/server.js'
import { defaultValidators } from '../../src/devnet/rpc.js'
import { acceptTransaction } from '../../src/devnet/validate.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { cc1of1, cc1of2 } from '../../src/cc/condition.js'
import type { CcCondition } from '../../src/cc/types.js'
import { FORK_CC_MODULES } from '../../src/cc/eval.js'
import { ccV2Script, parseCcV2Script } from '../../src/script/ccv2.js'
import { p2pkScript } from '../../src/script/script.js'
import { parseTransaction, serializeTransaction } from '../../src/tx/codec.js'
import { signTransaction } from '../../src/tx/sign.js'
import type { Transaction } from '../../src/tx/types.js'
import { ASSETSV2_GLOBAL_PUBKEY, tokensV2Condition } from '../../src/modules/tokensv2/globals.js'
import {
  resolveTokenV2Ask,
  resolveTokenV2CancelAsk,
  resolveTokenV2FillAsk,
  resolveTokenV2FillBid,
} from '../../src/modules/assetsv2/resolve.js'
import { resolveTokenV2Transfer } from '../../src/modules/tokensv2/resolve.js'
import { tokenV2Output } from '../../src/modules/tokensv2/build.js'
import type { ResolveContext } from '../../src/cctx/resolve.js'
import type { BuildResult } from '../../src/cctx/complete.js'

const ASSETS_KEY = hexToBytes(FORK_CC_MODULES.find((m) => m.name === 'AssetsV2')!.privkey)
const have = tokelOracleAvailable()
if (!have && ccoracleRequired()) test("Tokel's oracle is built (required in CI)", () => expect.fail('not built'))

type Row = { name: string; devnet: boolean; tokel: boolean; why: string }

describe.runIf(have)('the Tokel-mode devnet and Tokel’s validators agree (mutation matrix)', () => {
  let dev: Devnet
  const alice = testAccount('alice')
  const rows: Row[] = []
  let aliceCtx: ResolveContext
  let wallet: string
  const call = async (method: string, ...params: unknown[]): Promise<any> =>
    dev.rpc.call(method, params as never) as Promise<any>
  const send = async (hex: string): Promise<string> => {
    const id = (await call('sendrawtransaction', hex)) as string
    await dev.mine(1)
    return id
  }

  /** The condition of a spent CC v2 output among the shapes the flow makes (its keys: the wallet, alice, globals). */
  function conditionOf(script: Uint8Array): CcCondition | undefined {
    const v2 = parseCcV2Script(script)
    if (v2 === null) return undefined
    const keys = [wallet, alice.pubkey]
    const shapes: CcCondition[] = [
      tokensV2Condition(0xf6, 0, 1, [ASSETSV2_GLOBAL_PUBKEY]),
      cc1of1(0xf6, ASSETSV2_GLOBAL_PUBKEY),
      ...keys.flatMap((k) => [tokensV2Condition(0xf5, 0, 1, [k]), cc1of2(0xf6, k, ASSETSV2_GLOBAL_PUBKEY)]),
    ]
    return shapes.find(
      (c) => bytesToHex(parseCcV2Script(ccV2Script(c, { subver: 0 }))!.subScript) === bytesToHex(v2.subScript),
    )
  }

  /** Re-signs a mutated transaction with every key the flow has (the spender's, the wallet's, the assets global). */
  function resign(tx: Transaction, prevs: { value: bigint; script: Uint8Array }[], key: Uint8Array): string {
    const signed = signTransaction(
      { ...tx, vin: tx.vin.map((i) => ({ ...i, scriptSig: new Uint8Array(0) })) },
      prevs.map((p) => {
        const c = conditionOf(p.script)
        return c === undefined ? p : { ...p, condition: c }
      }),
      [key, ASSETS_KEY],
    )
    return bytesToHex(serializeTransaction(signed))
  }

  /** Judges the original and its mutants both ways. */
  async function matrix(name: string, b: BuildResult, key: Uint8Array, mutants: [string, (t: Transaction) => void][]) {
    const tx = parseTransaction(b.hex)
    const prevs = await Promise.all(
      tx.vin.map(async (i) => parseTransaction(await dev.view.getTransaction(i.txid)).vout[i.vout]!),
    )
    const cases: [string, string][] = [[`${name}`, b.hex]]
    for (const [m, f] of mutants) {
      const t = structuredClone(tx)
      f(t)
      cases.push([`${name}: ${m}`, resign(t, prevs, key)])
    }
    const validators = defaultValidators({ tokel: 'TKLTEST' })
    for (const [label, hex] of cases) {
      let devnet = true
      let why = ''
      try {
        acceptTransaction(dev.chain, hex, { validators, dryRun: true })
      } catch (e) {
        devnet = false
        why = (e as Error).message
      }
      const j = judgeTokelTx(hex, dev.chain.snapshot(), 'TKLTEST')
      rows.push({ name: label, devnet, tokel: j.valid && j.isStandardTx.ok, why })
    }
  }

  beforeAll(async () => {
    dev = await startTestDevnet({ chain: 'TKLTEST' })
    wallet = (await call('getinfo')).pubkey as string
    aliceCtx = { view: dev.view, pubkey: alice.pubkey, privateKey: alice.privateKey, chain: dev.chainParams }
    await call('sendtoaddress', p2pkhAddress(alice.pubkey), 100)
    await dev.mine(1)
    const nft = await send(
      (await call('tokenv2createtokel', 'NFT', '0.00000002', '', JSON.stringify({ royalty: 200 }))).hex,
    )
    await send((await call('tokenv2transfer', nft, alice.pubkey, '1')).hex)
    // alice's transfer back: its mutants make or lose a unit
    const back = await resolveTokenV2Transfer({ tokenid: nft, destination: wallet, amount: 1n }, aliceCtx)
    await matrix('transfer', back, alice.privateKey, [
      ['one unit more out', (t) => void (t.vout[0]!.value += 1n)],
      ['one unit less out', (t) => void (t.vout[0]!.value -= 1n)],
    ])
    await send(back.hex)
    const ask = await send((await call('tokenv2ask', '2', nft, '1')).hex)
    const fill = await resolveTokenV2FillAsk({ tokenid: nft, asktxid: ask, fillunits: 1n }, aliceCtx)
    // vout 2 seller 0.8, vout 3 royalty 0.2 (to the creator: the wallet), vout 4 marker, change, opret
    await matrix('fillask', fill, alice.privateKey, [
      ['royalty to the buyer', (t) => void (t.vout[3]!.script = p2pkScript(hexToBytes(alice.pubkey)))],
      ['royalty 1 sat short, to the seller', (t) => void ((t.vout[3]!.value -= 1n), (t.vout[2]!.value += 1n))],
      ['seller paid 1000 sat less', (t) => void ((t.vout[2]!.value -= 1000n), (t.vout[5]!.value += 1000n))],
      ['bought tokens to the seller', (t) => void (t.vout[1]!.script = t.vout[0]!.script)],
      ['no marker', (t) => void ((t.vout[5]!.value += t.vout[4]!.value), t.vout.splice(4, 1))],
    ])
    await send(fill.hex)
    // alice (who bought one unit) asks it again; the wallet cannot cancel her order before it expires, she can
    const aliceAsk = await resolveTokenV2Ask({ numtokens: 1n, tokenid: nft, price: '5' }, aliceCtx)
    await send(aliceAsk.hex)
    const foreign = await call('tokenv2cancelask', nft, aliceAsk.txid)
    await matrix('cancelask by another key before expiry', { hex: foreign.hex } as BuildResult, alice.privateKey, [])
    const cancel = await resolveTokenV2CancelAsk({ tokenid: nft, asktxid: aliceAsk.txid }, aliceCtx)
    await matrix('cancelask', cancel, alice.privateKey, [
      ['tokens back to another key', (t) => void (t.vout[0]!.script = parseTransaction(back.hex).vout[0]!.script)],
      ['one unit less back', (t) => void (t.vout[0]!.value -= 1n)],
    ])
    await send(cancel.hex)
    const bid = await send((await call('tokenv2bid', '1', nft, '3')).hex)
    const fb = await resolveTokenV2FillBid({ tokenid: nft, bidtxid: bid, fillamount: 1n }, aliceCtx)
    await matrix('fillbid', fb, alice.privateKey, [
      ['royalty to the seller', (t) => void (t.vout[2]!.script = t.vout[1]!.script)],
      ['tokens kept by the seller', (t) => void (t.vout[3]!.script = tokenV2Output(alice.pubkey))],
    ])
  }, 300_000)
  afterAll(async () => {
    await dev?.stop()
  })

  test('every original is valid to both, and the devnet and Tokel agree on every mutant', () => {
    const originals = rows.filter((r) => !r.name.includes(':') && r.name !== 'cancelask by another key before expiry')
    expect(originals.map((r) => [r.name, r.devnet, r.tokel])).toEqual(originals.map((r) => [r.name, true, true]))
    const disagree = rows.filter((r) => r.devnet !== r.tokel)
    expect(disagree, JSON.stringify(disagree, null, 1)).toEqual([])
    // every mutant here breaks a rule but one, which both take: AssetsValidate does not check where a fill's bought
    // tokens go ("do not check tokens buyer's 'self' cc addr", assets.cpp 'S'), here back into the order's lock
    const mutants = rows.filter((r) => r.name.includes(':'))
    expect(mutants.map((r) => [r.name, r.devnet])).toEqual(
      mutants.map((r) => [r.name, r.name === 'fillask: bought tokens to the seller']),
    )
    expect(rows.find((r) => r.name === 'cancelask by another key before expiry')).toMatchObject({
      devnet: false,
      tokel: false,
    })
    expect(rows.length).toBeGreaterThanOrEqual(12)
  })
})
