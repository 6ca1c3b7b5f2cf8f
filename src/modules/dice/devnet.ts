import { bytesToHex } from '../../bytes/hex.js'
import { equalBytes } from '../../bytes/utils.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { p2pkhAddress } from '../../address/address.js'
import { daemonParseCoins } from '../../amount.js'
import { decodeDicePayload, type DiceOpret, type DiceFundingOpret } from './opret.js'
import { diceOutcome } from './outcome.js'
import { diceVoutValue, type DicePlanRef } from './plan.js'
import { diceVerifyTimeout } from './build.js'
import { resolveDiceAddFunds, resolveDiceBet, resolveDiceFinish, resolveDiceFund, diceInfo } from './resolve.js'
import { KomodoCcError } from '../../errors.js'
import type { BuildResult } from '../../cctx/complete.js'
import { devnetChainView, walletResolveContext } from '../../devnet/view.js'
import { ccScript } from '../../script/cc.js'
import type { Transaction } from '../../tx/types.js'
import type { DevChain } from '../../devnet/chain.js'
import { scriptAddress } from '../../devnet/chain.js'
import { coins, numText, str, txidArg, type DevnetNode, type Method } from '../../devnet/node.js'
import { decodedLastOpret } from '../../devnet/opret.js'
import { moduleRejected } from '../../devnet/refusal.js'
import type { ModuleDevnet } from '../../devnet/module.js'
import type { ModuleCheck } from '../../devnet/validate.js'

const DICE = /* @__PURE__ */ ccModule('Dice')
const TXFEE = 10000n

const globalHex = (): string => bytesToHex(ccScript(cc1of1(EVAL.DICE, DICE.pubkey)))
const isCc = (s: Uint8Array): boolean => s.length > 2 && s[0]! >= 1 && s[0]! <= 75 && s[1 + s[0]!] === 0xcc
const isOpret = (s: Uint8Array): boolean => s[0] === 0x6a

/** The strictly decoded dice opret of a transaction, or null. */
export function diceOpret(tx: Transaction | undefined): DiceOpret | null {
  return decodedLastOpret(tx, decodeDicePayload, (p) => p.length >= 3 && p[0] === EVAL.DICE)
}

/** `IsDicevout` (./plan.ts) for output `vout` of a chain transaction: its value when it is the plan's, else 0. */
function planOutput(chain: DevChain, txid: string, vout: number, plan: DicePlanRef): bigint {
  const e = chain.txs.get(txid)
  return e === undefined ? 0n : diceVoutValue(e.tx.vout[vout], diceOpret(e.tx), () => txid, plan)
}

/**
 * `DiceValidate` (spec 3.9) with the daemon's texts.
 * @throws DevnetRefusal `…; Dice: <text>`
 * @example validators.set(0xe6, validateDice)
 */
export function validateDice(check: ModuleCheck): void {
  const { chain, tx, txid, inputs } = check
  const fail = (why: string): never => {
    throw moduleRejected('Dice', why)
  }
  if (tx.vout.length === 0) return fail('no vouts')
  const p = diceOpret(tx)
  if (p === null) return fail('unexpected dice missing funcid')
  const fundingtxid = p.funcid === 'F' ? txid : p.fundingtxid
  const ftx = chain.txs.get(fundingtxid)?.tx
  if (ftx === undefined) return fail('cant find fundingtxid')
  const f = diceOpret(ftx)
  if (f?.funcid !== 'F') return fail('fundingTx not valid')
  if (f.maxodds > 9999n) return fail('maxodds too big')
  const fundingPubKey = ftx.vout[1]?.script ?? new Uint8Array(0)
  const g = globalHex()
  const ccAtGlobal = (s: Uint8Array): boolean => bytesToHex(s) === g
  if (p.funcid === 'F') return fail('unexpected DiceValidate for createfunding')
  if (p.funcid === 'E') return fail('unexpected DiceValidate for addfunding entropy')
  if (p.funcid === 'B') {
    if (!inputs[0]?.cc) return fail('vin.0 is normal for bet')
    if (!isCc(tx.vout[0]!.script)) return fail('vout.0 is normal for bet')
    if (tx.vout[1] === undefined || !isCc(tx.vout[1].script)) return fail('vout.1 is normal for bet')
    const etx = chain.txs.get(tx.vin[0]!.txid)?.tx
    if (etx === undefined) return fail('always should find vin.0, but didnt for bet')
    if (etx.vout[1] === undefined || !equalBytes(etx.vout[1].script, fundingPubKey))
      return fail('entropy tx not fundingPubKey for bet')
    if (!ccAtGlobal(tx.vout[0]!.script) || tx.vout[0]!.value !== inputs[0]!.coin.value)
      return fail('vout[0] != entropy nValue for bet')
    if (!ccAtGlobal(tx.vout[1].script)) return fail('vout[1] constrain violation for bet')
    const v2 = tx.vout[2]
    if (v2 === undefined || v2.value <= TXFEE || v2.value > TXFEE + f.maxodds)
      return fail('vout[2] nValue violation for bet')
    const ev0 = etx.vin[0]
    const prev = ev0 === undefined ? undefined : chain.output(ev0.txid, ev0.vout)
    if (ev0 === undefined || prev === undefined) return fail('always should find vinofvin.0, but didnt for bet')
    if (ev0.txid !== fundingtxid && scriptAddress(prev.script) !== scriptAddress(fundingPubKey))
      return fail('vin1 of entropy tx not fundingPubKey for bet')
    for (let i = 1; i < inputs.length; i++) if (inputs[i]!.cc) return fail('invalid CC vin')
    for (let i = 2; i < tx.vout.length; i++) if (isCc(tx.vout[i]!.script)) return fail('invalid CC vout')
    return
  }
  if (p.funcid === 'W' || p.funcid === 'L' || p.funcid === 'T') {
    const [i1, i2] = [inputs[1], inputs[2]]
    if (!i1?.cc || !i2?.cc) return fail('vin0 or vin1 normal vin for bet')
    if (i1.coin.txid !== i2.coin.txid) return fail('vin0 != vin1 prevout.hash for bet')
    const be = chain.txs.get(i1.coin.txid)
    if (be === undefined) return fail('always should find vin.0, but didnt for wlt')
    const b = diceOpret(be.tx)
    if (be.tx.vout.length < 3 || b?.funcid !== 'B') return fail('not betTx for vin0/1 for wlt')
    if (b.sbits !== f.sbits || b.fundingtxid !== fundingtxid) return fail('sbits or fundingtxid mismatch for wlt')
    if (tx.vout[1] === undefined || !equalBytes(tx.vout[1].script, fundingPubKey))
      return fail('tx.vout[1] != fundingPubKey for wlt')
    // DiceValidate calls DiceAmounts(…, sbits, fundingtxid) with the funding 'F''s sbits (a different sbits in the
    // transaction's own opret is only logged by the daemon, not refused)
    const plan: DicePlanRef = { fundingtxid, sbits: f.sbits }
    const inSum = inputs.reduce((s, x) => s + (x.cc ? planOutput(chain, x.coin.txid, x.coin.vout, plan) : 0n), 0n)
    const outSum = tx.vout.reduce((s, o) => s + diceVoutValue(o, p, () => txid, plan), 0n)
    const betTx = be.tx
    if (p.funcid === 'L') {
      if (!ccAtGlobal(tx.vout[0]!.script) || tx.vout[0]!.value !== inSum)
        return fail('vout[0] != inputs-txfee for loss')
      const v2 = tx.vout[2]
      if (v2 !== undefined && !equalBytes(v2.script, fundingPubKey) && !isOpret(v2.script))
        return fail('vout[2] not send to fundingPubKey for loss')
    } else {
      if (!ccAtGlobal(tx.vout[0]!.script)) return fail('vout[0] != inputs-txfee for win/timeout')
      const v2 = tx.vout[2]
      if (v2 === undefined || !equalBytes(v2.script, betTx.vout[2]!.script))
        return fail('vout[2] scriptPubKey mismatch for win/timeout')
      const odds = betTx.vout[2]!.value - TXFEE
      if (v2.value !== (odds + 1n) * betTx.vout[1]!.value) return fail('vout[2] payut mismatch for win/timeout')
      if (inSum !== outSum + v2.value && inSum !== outSum + v2.value + TXFEE)
        return fail('CC funds mismatch for win/timeout')
      const v3 = tx.vout[3]
      if (v3 !== undefined && !equalBytes(v3.script, fundingPubKey) && !isOpret(v3.script))
        return fail('vout[3] not send to fundingPubKey for win/timeout')
    }
    if (p.funcid === 'W' || p.funcid === 'L') {
      const o = diceOutcome({
        bet: betTx.vout[1]!.value,
        vout2Value: betTx.vout[2]!.value,
        minbet: f.minbet,
        maxbet: f.maxbet,
        maxodds: f.maxodds,
        houseEntropy: (p as { proof: string }).proof,
        bettorEntropy: (b as { hash: string }).hash,
      })
      if (o.win !== (p.funcid === 'W')) return fail('DiceCalc mismatch for win/loss')
    } else {
      const betBlock = be.height < 0 ? undefined : { height: be.height, time: chain.blocks[be.height]!.time }
      if (!diceVerifyTimeout(betBlock, { height: chain.height, time: chain.tip.time }, f.timeoutblocks))
        return fail('invalid timeout claim for timeout')
    }
    for (let n = 1; n < tx.vout.length; n++) if (isCc(tx.vout[n]!.script)) return fail('invalid CC vout')
    return
  }
  if (p.funcid === 'R') {
    const prev = chain.output(tx.vin[0]!.txid, tx.vin[0]!.vout)
    if (prev === undefined) return fail('always should find vin.0, but didnt for refund')
    if (scriptAddress(prev.script) !== scriptAddress(fundingPubKey))
      return fail('vin.0 not from fundingPubKey for refund')
    return
  }
  return fail('unexpected dice funcid')
}

function planFunding(n: DevnetNode, id: string): { hex?: string; f?: DiceFundingOpret } {
  const e = n.chain.txs.get(id)
  const f = diceOpret(e?.tx)
  return f?.funcid === 'F' ? { hex: e!.hex, f } : e === undefined ? {} : { hex: e.hex }
}

/** A resolver's outcome as the module RPCs shape it: `{result:"success", hex}` or `{result:"error", error}`. */
async function resolvedHex(build: () => Promise<BuildResult>): Promise<Record<string, unknown>> {
  try {
    return { result: 'success', hex: (await build()).hex }
  } catch (e) {
    if (e instanceof KomodoCcError && e.code !== 'CHAIN_MISMATCH' && e.code !== 'ABORTED') {
      const d = e.details.daemonError
      return { result: 'error', error: typeof d === 'string' ? d : e.message.slice(e.code.length + 2) }
    }
    throw e
  }
}

/** The dice RPCs of the devnet wallet (the wallet is both the house and a bettor), over the dice resolvers. @internal */
export const DICE_METHODS: Record<string, Method> = {
  dicefund: {
    min: 6,
    max: 6,
    usage: 'dicefund name funds minbet maxbet maxodds timeoutblocks\n',
    run: (n, p) => {
      const [funds, minbet, maxbet] = [1, 2, 3].map((i) => daemonParseCoins(numText(p[i])))
      const maxodds = BigInt(Number.parseInt(numText(p[4]), 10) || 0)
      const timeout = BigInt(Number.parseInt(numText(p[5]), 10) || 0)
      const name = str(p[0])
      return resolvedHex(() =>
        resolveDiceFund(
          { name, funds: funds!, minbet: minbet!, maxbet: maxbet!, maxodds, timeoutblocks: timeout },
          walletResolveContext(n),
        ),
      )
    },
  },
  diceaddfunds: {
    min: 3,
    max: 3,
    usage: 'diceaddfunds name fundingtxid amount\n',
    run: (n, p) => {
      const name = str(p[0])
      const id = txidArg(p[1])
      const amount = daemonParseCoins(numText(p[2]))
      if (amount <= 0n) return { result: 'error', error: 'amount must be positive' }
      return resolvedHex(() => resolveDiceAddFunds({ name, fundingtxid: id, amount }, walletResolveContext(n)))
    },
  },
  dicebet: {
    min: 4,
    max: 4,
    usage: 'dicebet name fundingtxid amount odds\n',
    run: (n, p) => {
      const name = str(p[0])
      const id = txidArg(p[1])
      const amount = daemonParseCoins(numText(p[2]))
      const odds = BigInt(Number.parseInt(numText(p[3]), 10) || 0)
      return resolvedHex(() => resolveDiceBet({ name, fundingtxid: id, amount, odds }, walletResolveContext(n)))
    },
  },
  dicefinish: {
    min: 3,
    max: 3,
    usage: 'dicefinish name fundingtxid bettxid\n',
    run: async (n, p) => {
      const name = str(p[0])
      const id = txidArg(p[1])
      const betId = txidArg(p[2])
      try {
        const r = await resolveDiceFinish({ name, fundingtxid: id, bettxid: betId }, walletResolveContext(n))
        return { result: 'success', hex: r.hex }
      } catch (e) {
        // a finished bet: the answer the 2018 daemon gave (and the RPC client reads as `finished`)
        if (e instanceof KomodoCcError && e.details.finished === true) return { result: 'success', hex: '0' }
        return resolvedHex(() => Promise.reject(e))
      }
    },
  },
  dicestatus: {
    min: 2,
    max: 3,
    usage: 'dicestatus name fundingtxid bettxid\n',
    run: (n, p) => {
      str(p[0])
      const id = txidArg(p[1])
      if (planFunding(n, id).f === undefined)
        return { result: 'error', error: 'Diceinit error in status, is your transaction confirmed?' }
      if (p[2] === undefined) return { result: 'success', status: 'no pending bets' }
      const betId = txidArg(p[2])
      const bet = n.chain.txs.get(betId)
      if (bet === undefined) return { result: 'error', error: 'couldnt find bettx or entropytx' }
      let spender: string | undefined = n.chain.mempoolSpends.get(`${betId}:1`)
      if (spender === undefined && n.chain.coin(betId, 1, false) === undefined && bet.height >= 0)
        for (const e of n.chain.txs.values())
          if (e.tx.vin.some((i) => i.txid === betId && i.vout === 1)) {
            spender = e.txid
            break
          }
      if (spender === undefined) return { result: 'success', status: 'bet still pending' }
      const s = n.chain.txs.get(spender)!.tx
      const win =
        s.vout.length > 2 &&
        isCc(bet.tx.vout[1]!.script) &&
        !isCc(bet.tx.vout[2]!.script) &&
        equalBytes(s.vout[2]!.script, bet.tx.vout[2]!.script)
      return win
        ? { result: 'success', status: 'win', won: coins(s.vout[2]!.value) }
        : { result: 'success', status: 'loss' }
    },
  },
  diceinfo: {
    min: 1,
    max: 1,
    usage: 'diceinfo fundingtxid\n',
    run: async (n, p) => {
      const id = txidArg(p[0])
      try {
        return await diceInfo(devnetChainView(n), id)
      } catch (e) {
        const d = e instanceof KomodoCcError ? e.details.daemonError : undefined
        if (typeof d === 'string') return { result: 'error', error: d }
        throw e
      }
    },
  },
  dicelist: {
    min: 0,
    max: 0,
    usage: 'dicelist\n',
    run: (n) => {
      const out: string[] = []
      for (const r of n.chain.addressHistory.get(p2pkhAddress(DICE.pubkey)) ?? [])
        if (diceOpret(n.chain.txs.get(r.txid)?.tx)?.funcid === 'F' && !out.includes(r.txid)) out.push(r.txid)
      return out
    },
  },
}

/**
 * The dice module's devnet part, listed in src/modules/registry/io.ts: its consensus validator and its RPCs.
 * @example diceDevnet.evalCodes // [EVAL.DICE]
 */
export const diceDevnet: ModuleDevnet = /* @__PURE__ */ Object.freeze({
  addressRpc: 'diceaddress',
  evalCodes: Object.freeze([EVAL.DICE]),
  validate: validateDice,
  methods: DICE_METHODS,
})
