import { bytesToHex } from '../../bytes/hex.js'
import { ccAddress } from '../../cc/address.js'
import { cc1of1, tokensCc1of1 } from '../../cc/condition.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { decodeFulfillment } from '../../cc/fulfillment.js'
import type { CcCondition } from '../../cc/types.js'
import { daemonParseCoins } from '../../amount.js'
import { hash160 } from '../../hash/index.js'
import { decodeTokensPayload, type TokensOpret } from './opret.js'
import { buildTokenCreate, buildTokenTransfer } from './build.js'
import { ccScript } from '../../script/cc.js'
import { classifyScript } from '../../script/classify.js'
import { getOp } from '../../script/script.js'
import type { Transaction } from '../../tx/types.js'
import type { Utxo } from '../../cctx/types.js'
import type { DevChain } from '../../devnet/chain.js'
import { hexResult, numText, str, txHex, txidArg, type Method } from '../../devnet/node.js'
import { decodedLastOpret } from '../../devnet/opret.js'
import { moduleRejected } from '../../devnet/refusal.js'
import type { ModuleDevnet } from '../../devnet/module.js'
import type { ModuleCheck } from '../../devnet/validate.js'

const TOKENS = /* @__PURE__ */ ccModule('Tokens')

/** The strictly decoded tokens opret of a transaction, or null. */
export function tokensOpret(tx: Transaction | undefined): TokensOpret | null {
  return decodedLastOpret(tx, decodeTokensPayload)
}

function isCc(s: Uint8Array): boolean {
  return s.length > 2 && s[0]! >= 1 && s[0]! <= 75 && s[1 + s[0]!] === 0xcc
}

const markerScript = (): string => bytesToHex(ccScript(cc1of1(EVAL.TOKENS, TOKENS.pubkey)))

/** Public keys that signed a transaction's token inputs (secp256k1 nodes with a signature in 0xf2 fulfillments). */
function tokenSigners(tx: Transaction): string[] {
  const out = new Set<string>()
  for (const i of tx.vin) {
    const op = getOp(i.scriptSig, 0)
    if (op === null || op.data === undefined || op.data.length < 2) continue
    let f: CcCondition
    try {
      f = decodeFulfillment(op.data.subarray(0, op.data.length - 1))
    } catch {
      continue
    }
    let hasTokens = false
    const keys: string[] = []
    const walk = (c: CcCondition): void => {
      if (c.type === 'eval-sha-256' && c.code[0] === EVAL.TOKENS) hasTokens = true
      else if (c.type === 'secp256k1-sha-256' && c.signature !== undefined) keys.push(bytesToHex(c.publicKey))
      else if (c.type === 'threshold-sha-256') c.subconditions.forEach(walk)
    }
    walk(f)
    if (hasTokens) keys.forEach((k) => out.add(k))
  }
  return [...out]
}

/**
 * Token units of output `vout` of `tx` for `tokenid` (`IsTokensvout`, fungible tokens): 0 when it is not a valid
 * token output. A 'c' counts every CC output but the marker (when the creator's normal inputs cover them); a 't' counts
 * outputs CC1(0xF2, pk) for pk among its opret pubkeys and the signers of its token inputs (the global key excluded).
 * @example tokenUnits(chain, tx, txid, 1, tokenid) // 100n
 */
export function tokenUnits(chain: DevChain, tx: Transaction, txid: string, vout: number, tokenid: string): bigint {
  const o = tx.vout[vout]
  if (o === undefined || vout === tx.vout.length - 1 || !isCc(o.script)) return 0n
  const p = tokensOpret(tx)
  if (p === null) return 0n
  if (p.funcid === 'c') {
    if (txid !== tokenid || bytesToHex(o.script) === markerScript()) return 0n
    const paid = creatorInputs(chain, tx, p.origpubkey)
    const ccOut = tx.vout.reduce(
      (s, x, n) =>
        n < tx.vout.length - 1 && isCc(x.script) && bytesToHex(x.script) !== markerScript() ? s + x.value : s,
      0n,
    )
    return paid >= ccOut ? o.value : 0n
  }
  if (p.tokenid !== tokenid || p.evalCode !== EVAL.TOKENS) return 0n
  const keys = new Set([...p.pubkeys, ...tokenSigners(tx)])
  keys.delete(TOKENS.pubkey)
  const s = bytesToHex(o.script)
  // the eval codes named by the opret's blobs (gateways: 0x13 blob starting 0xf1) make dual-eval outputs count too
  const evals = new Set(p.blobs.map((b) => blobEval(b.data)).filter((e): e is number => e !== null))
  for (const k of keys) {
    try {
      if (bytesToHex(ccScript(cc1of1(EVAL.TOKENS, k))) === s) return o.value
      for (const e of evals) if (bytesToHex(ccScript(tokensCc1of1(e, k))) === s) return o.value
    } catch {
      // not a key
    }
  }
  return 0n
}

/** First byte of a blob (hex) when it names a CC eval code, else null. */
function blobEval(data: string): number | null {
  if (data.length < 2) return null
  const e = Number.parseInt(data.slice(0, 2), 16)
  return e >= 0xe0 && e !== EVAL.TOKENS ? e : null
}

function creatorInputs(chain: DevChain, tx: Transaction, origpubkey: string): bigint {
  const h = bytesToHex(hash160(Uint8Array.from(origpubkey.match(/../g)!.map((b) => parseInt(b, 16)))))
  let sum = 0n
  for (const i of tx.vin) {
    const o = chain.output(i.txid, i.vout)
    if (o === undefined) continue
    const c = classifyScript(o.script)
    if (
      (c.type === 'pubkey' && c.pubkeys !== undefined && bytesToHex(c.pubkeys[0]!) === origpubkey) ||
      (c.type === 'pubkeyhash' && bytesToHex(c.hashes[0]!.hash) === h)
    )
      sum += o.value
  }
  return sum
}

/**
 * `TokensValidate` (spec 3.6) for fungible tokens, with the daemon's texts.
 * @throws DevnetRefusal `…; Tokens: <text>`
 * @example validators.set(0xf2, validateTokens)
 */
export function validateTokens(check: ModuleCheck): void {
  const { chain, tx, txid, inputs } = check
  const fail = (why: string): never => {
    throw moduleRejected('Tokens', why)
  }
  if (tx.vout.length === 0) fail('no vouts')
  const p = tokensOpret(tx)
  if (p === null) return fail('TokenValidate: invalid opreturn payload')
  if (p.funcid === 'c') return fail('incorrect token funcid')
  if (p.funcid !== 't') return fail('unexpected token funcid')
  if (/^0{64}$/.test(p.tokenid)) return fail('illegal tokenid')
  if (!chain.txs.has(p.tokenid)) return fail('cant find token create txid')
  let inSum = 0n
  let tokenInputs = 0
  for (const inp of inputs) {
    if (!inp.cc || !inp.evalCodes.includes(EVAL.TOKENS)) continue
    const src = chain.txs.get(inp.coin.txid)
    if (src === undefined) return fail('always should find vin tx, but didnt')
    const u = tokenUnits(chain, src.tx, inp.coin.txid, inp.coin.vout, p.tokenid)
    if (u > 0n) tokenInputs++
    inSum += u
  }
  if (tokenInputs === 0) return fail('no token inputs for transfer')
  let outSum = 0n
  tx.vout.forEach((_, n) => {
    outSum += tokenUnits(chain, tx, txid, n, p.tokenid)
  })
  if (inSum !== outSum) return fail('tokens cc inputs != cc outputs')
}

/** The caller's token UTXOs of `tokenid` on CC1(0xF2, pubkey): confirmed, not spent in the mempool, valid token outputs. */
export function tokenUtxos(chain: DevChain, tokenid: string, pubkey: string): Utxo[] {
  const out: Utxo[] = []
  for (const c of chain.addressCoins(ccAddress(EVAL.TOKENS, pubkey))) {
    if (chain.spentInMempool(c.txid, c.vout)) continue
    const e = chain.txs.get(c.txid)!
    if (tokenUnits(chain, e.tx, c.txid, c.vout, tokenid) > 0n)
      out.push({ txid: c.txid, vout: c.vout, satoshis: c.value, script: c.script, height: c.height })
  }
  return out
}

const pubkeyOr = (v: unknown, fallback: string): string =>
  typeof v === 'string' && /^0[23][0-9a-fA-F]{64}$/.test(v) ? v.toLowerCase() : fallback

/** The tokens RPCs of the devnet wallet. @internal */
export const TOKENS_METHODS: Record<string, Method> = {
  tokencreate: {
    min: 2,
    max: 4,
    usage: 'tokencreate name supply [description][data]\n',
    run: (n, p) => {
      const supply = daemonParseCoins(numText(p[1]))
      return hexResult(() =>
        buildTokenCreate(
          {
            name: str(p[0]),
            supply,
            description: p[2] === undefined ? undefined : str(p[2]),
            data: p[3] === undefined ? undefined : str(p[3]),
          },
          walletCtx(n),
        ),
      )
    },
  },
  tokentransfer: {
    min: 3,
    max: 3,
    usage: 'tokentransfer tokenid destpubkey amount\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const dest = str(p[1])
      const amount = numText(p[2])
      const units = /^\d+/.test(amount) ? BigInt(/^\d+/.exec(amount)![0]) : 0n // atoll
      const me = bytesToHex(n.wallet.pubkey)
      return hexResult(() =>
        buildTokenTransfer({ tokenid: id, destpubkey: dest, amount: units }, walletCtx(n), {
          create: txHex(n, id) as string,
          tokens: tokenUtxos(n.chain, id, me),
        }),
      )
    },
  },
  tokeninfo: {
    min: 1,
    max: 1,
    usage: 'tokeninfo tokenid\n',
    run: (n, p) => {
      const id = txidArg(p[0])
      const e = n.chain.txs.get(id)
      if (e === undefined) return { result: 'error', error: 'cant find tokenid' }
      if (e.height < 0) return { result: 'error', error: 'the transaction is still in mempool' }
      const c = tokensOpret(e.tx)
      if (c?.funcid !== 'c') return { result: 'error', error: 'tokenid isnt token creation txid' }
      const supply = e.tx.vout.reduce((s, _, v) => s + tokenUnits(n.chain, e.tx, id, v, id), 0n)
      return { result: 'success', tokenid: id, owner: c.origpubkey, name: c.name, supply, description: c.description }
    },
  },
  tokenlist: {
    min: 0,
    max: 0,
    usage: 'tokenlist\n',
    run: (n) => {
      const out: string[] = []
      for (const c of n.chain.addressCoins(ccAddress(EVAL.TOKENS, TOKENS.pubkey)))
        if (tokensOpret(n.chain.txs.get(c.txid)?.tx)?.funcid === 'c' && !out.includes(c.txid)) out.push(c.txid)
      return out
    },
  },
  tokenbalance: {
    min: 1,
    max: 2,
    usage: 'tokenbalance tokenid [pubkey]\n',
    run: (n, p) => {
      const given = str(p[0])
      const id = txidArg(p[0])
      if (!n.chain.txs.has(id)) return { result: 'error', error: 'cant find tokenid' }
      const pk = p[1] === undefined ? bytesToHex(n.wallet.pubkey) : pubkeyOr(p[1], TOKENS.pubkey)
      const balance = tokenUtxos(n.chain, id, pk).reduce((s, u) => s + u.satoshis, 0n)
      return { result: 'success', CCaddress: ccAddress(EVAL.TOKENS, pk), tokenid: given, balance }
    },
  },
}

function walletCtx(n: Parameters<Method['run']>[0]) {
  return {
    pubkey: n.wallet.pubkey,
    utxos: n.chain.walletUtxos(n.wallet.pubkey),
    height: n.chain.height,
    privateKey: n.wallet.privateKey,
  }
}

/**
 * The tokens module's devnet part, listed in src/modules/io-registry.ts: its consensus validator and its RPCs.
 * @example tokensDevnet.evalCodes // [EVAL.TOKENS]
 */
export const tokensDevnet: ModuleDevnet = /* @__PURE__ */ Object.freeze({
  addressRpc: 'tokenaddress',
  evalCodes: Object.freeze([EVAL.TOKENS]),
  validate: validateTokens,
  methods: TOKENS_METHODS,
})
