import { bytesToHex } from '../../bytes/hex.js'
import { utf8ToBytes } from '../../bytes/utils.js'
import { sha256 } from '../../hash/index.js'
import { ccAddress } from '../../cc/address.js'
import { cc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { daemonParseCoins, formatCoins } from '../../amount.js'
import { FAUCET_SIZE } from './build.js'
import { faucetAddressIsOld, faucetFunding, pickFaucetInputs, resolveFaucetFund, resolveFaucetGet } from './resolve.js'
import { ccScript } from '../../script/cc.js'
import { daemonUtxoOrder, StateReader } from '../../cctx/resolve.js'
import type { Utxo } from '../../cctx/types.js'
import type { DevChain } from '../../devnet/chain.js'
import { scriptAddress } from '../../devnet/chain.js'
import { hexResultAsync, numText, type Method } from '../../devnet/node.js'
import { moduleRejected } from '../../devnet/refusal.js'
import type { ModuleDevnet } from '../../devnet/module.js'
import type { ModuleCheck } from '../../devnet/validate.js'
import { devnetChainView, walletResolveContext } from '../../devnet/view.js'

const FAUCET = /* @__PURE__ */ ccModule('Faucet')
const TXFEE = 10000n

const globalHex = (): string => bytesToHex(ccScript(cc1of1(EVAL.FAUCET, FAUCET.pubkey)))
const isCc = (s: Uint8Array): boolean => s.length > 2 && s[0]! >= 1 && s[0]! <= 75 && s[1 + s[0]!] === 0xcc

/**
 * `FaucetValidate` (spec 4.4) with the daemon's texts; every faucet input is checked (komodod checks vin 0 once per
 * input).
 * @throws DevnetRefusal `…; Faucet: <text>`
 * @example validators.set(0xe4, validateFaucet)
 */
export function validateFaucet(check: ModuleCheck): void {
  const { chain, tx, txid, inputs } = check
  const fail = (why: string): never => {
    throw moduleRejected('Faucet', why)
  }
  if (tx.vout.length === 0) return fail('no vouts')
  // FaucetValidate (src/cc/faucet.cpp) loops over the inputs but tests vin 0 every time (`IsCCInput(tx.vin[0]…)`):
  // a normal input elsewhere passes this rule (the amounts and the txid's proof of work still apply)
  if (inputs[0]?.cc !== true) return fail('illegal normal vini')
  const g = globalHex()
  let inSum = 0n
  for (const inp of inputs) {
    if (!inp.evalCodes.includes(EVAL.FAUCET)) continue
    const src = chain.txs.get(inp.coin.txid)
    if (src === undefined) return fail('cant find vinTx')
    if (src.height < 0) return fail('cant faucet from mempool')
    if (bytesToHex(inp.coin.script) === g) inSum += inp.coin.value
  }
  const outSum = tx.vout.reduce((s, o) => (bytesToHex(o.script) === g ? s + o.value : s), 0n)
  if (inSum !== outSum + FAUCET_SIZE + TXFEE) return fail('mismatched inputs != outputs + FAUCETSIZE + txfee')
  const i = bytesToHex(tx.vout[0]!.script) === g ? 1 : 0
  const payout = tx.vout[i]
  if (payout === undefined || payout.value !== FAUCET_SIZE) return fail('invalid faucet output')
  if (!/^00[0-9a-f]{60}00$/.test(txid)) return fail('invalid faucetget txid')
  const addr = scriptAddress(payout.script)
  const stamped = (chain.addressHistory.get(addr ?? '') ?? []).map((h) => ({
    height: h.height,
    ...(h.height >= 0 && chain.blocks[h.height] !== undefined ? { time: chain.blocks[h.height]!.time } : {}),
  }))
  if (addr !== null && faucetAddressIsOld(stamped, { height: chain.height, time: chain.tip.time }))
    return fail('faucet is only for brand new addresses')
  for (let k = i + 1; k < tx.vout.length; k++) if (isCc(tx.vout[k]!.script)) return fail('invalid CC vout')
}

/**
 * Confirmed faucet UTXOs above 0.01 coin, not spent in the mempool (`AddFaucetInputs(0, 0)`, the rule of
 * ./resolve.ts over the devnet's chain): what faucetget may use, in komodod's address-unspent index order
 * ({@link daemonUtxoOrder}: txid, then index; not height).
 * @example faucetUtxos(chain)[0]
 */
export function faucetUtxos(chain: DevChain): Utxo[] {
  const coins = chain
    .addressCoins(ccAddress(EVAL.FAUCET, FAUCET.pubkey))
    .map((c) => ({ txid: c.txid, vout: c.vout, satoshis: c.value, script: c.script, height: c.height }))
    .sort(daemonUtxoOrder)
  return pickFaucetInputs(coins, (u) => chain.spentInMempool(u.txid, u.vout), 0n, 0)
}

/** The faucet RPCs of the devnet wallet. `faucetget` runs the proof of work without blocking the server. @internal */
export const FAUCET_METHODS: Record<string, Method> = {
  faucetfund: {
    min: 1,
    max: 1,
    usage: 'faucetfund amount\n',
    run: async (n, p) => {
      const sats = daemonParseCoins(numText(p[0]))
      if (sats <= 0n) return { result: 'error', error: 'funding amount must be positive' }
      const r = await hexResultAsync(() => resolveFaucetFund({ amount: sats }, walletResolveContext(n)))
      return r.result === 'error' ? { result: 'error', error: 'couldnt create faucet funding transaction' } : r
    },
  },
  faucetinfo: {
    min: 0,
    max: 0,
    usage: 'faucetinfo\n',
    run: async (n) => ({
      result: 'success',
      name: 'Faucet',
      funding: formatCoins(await faucetFunding(new StateReader(devnetChainView(n)))),
    }),
  },
  faucetget: {
    min: 0,
    max: 0,
    usage: 'faucetget\n',
    run: async (n) => {
      try {
        // the daemon's RPC builds for any address (the node refuses an old one when it is broadcast)
        const r = await resolveFaucetGet({}, walletResolveContext(n), {
          startNonce: faucetStartNonce(n.chain, n.wallet.pubkey),
          progressEvery: 256,
          allowOldAddress: true,
        })
        return { result: 'success', hex: r.hex }
      } catch {
        return { result: 'error', error: 'couldnt create faucet get transaction' }
      }
    },
  },
}

/**
 * Where the devnet's faucetget starts its nonce search. komodod starts at `rand() & 0xfffffff` (FaucetGet,
 * src/cc/faucet.cpp); the devnet starts at 28 bits that the chain's state fixes (the wallet's pubkey, the height and
 * the mempool), so a run that does the same things finds the same nonces and txids, and a second faucetget over a
 * changed mempool starts elsewhere.
 * @example faucetStartNonce(chain, pubkey) // 0 ≤ n ≤ 0x0fffffff, the same for the same chain state
 */
export function faucetStartNonce(chain: DevChain, pubkey: Uint8Array): number {
  const h = sha256(utf8ToBytes(`faucetget ${bytesToHex(pubkey)} ${chain.height} ${chain.mempool.join(',')}`))
  return ((h[0]! << 24) | (h[1]! << 16) | (h[2]! << 8) | h[3]!) & 0x0fffffff
}

/**
 * The faucet module's devnet part, listed in src/modules/registry/io.ts: its consensus validator and its RPCs.
 * @example faucetDevnet.evalCodes // [EVAL.FAUCET]
 */
export const faucetDevnet: ModuleDevnet = /* @__PURE__ */ Object.freeze({
  addressRpc: 'faucetaddress',
  evalCodes: Object.freeze([EVAL.FAUCET]),
  validate: validateFaucet,
  methods: FAUCET_METHODS,
})
