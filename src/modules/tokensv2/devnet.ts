// The tokens v2 module's devnet part (Tokel mode only, layer 8): its consensus validator (tokel src/cc/CCtokens.cpp
// Tokensv2Validate → CCtokens_impl.h TokensExactAmounts<TokensV2>, TokensV2::CheckTokensvout) and its daemon-style
// RPCs (tokel src/rpc/tokensrpc.cpp), each RPC running the library's resolver over the devnet's own chain.
import { bytesToHex, hexToBytes } from '../../bytes/hex.js'
import { hash160 } from '../../hash/index.js'
import { getOp, p2pkScript, p2pkhScript } from '../../script/script.js'
import { parseCcV2Script } from '../../script/ccv2.js'
import { ccScriptParts } from '../../script/classify.js'
import { decodeFulfillment } from '../../cc/fulfillment.js'
import type { CcCondition } from '../../cc/types.js'
import type { Transaction } from '../../tx/types.js'
import type { DevChain } from '../../devnet/chain.js'
import { hexResultAsync, numText, str, txidArg, type DevnetNode, type Method } from '../../devnet/node.js'
import { moduleRejected } from '../../devnet/refusal.js'
import type { ModuleCheck, ModuleValidator } from '../../devnet/validate.js'
import { devnetChainView, walletResolveContext } from '../../devnet/view.js'
import { decodeTokensV2Opret, decodeTokensV2Payload, EVAL_TOKENSV2, type TokensV2Opret } from './opret.js'
import { decodeTokelData, EVAL_TOKELDATA } from './tokeldata.js'
import { TOKENSV2_GLOBAL_PUBKEY, TOKENSV2_MARKER_VALUE, tokensV2GlobalScripts } from './globals.js'
import {
  resolveTokenV2Create,
  resolveTokenV2CreateTokel,
  resolveTokenV2Transfer,
  resolveTokenV2TransferMany,
  tokenv2balance,
  tokenv2indexkey,
} from './resolve.js'
import { tokenv2info } from './info.js'
import { tokenv2list } from './list.js'

/**
 * What `TokensV2::CheckTokensvout` says of output `v` of `tx`: an error (its `errorStr`), or the token amount (0 for
 * no token output), the tokenid it carries, its funcid and whether it is the token marker (`IsTokenMarkerVout`).
 * @internal
 */
export type TokensVout =
  | { error: string }
  | { amount: bigint; tokenid: string | null; funcid: string | null; marker: boolean; payload: TokensV2Opret | null }

/**
 * `TokensV2::CheckTokensvout` (tokel src/cc/CCtokens.cpp): a CC v2 output with eval F5 reads its opret from its
 * OP_DROP data, else the transaction's last output; a create ('c') runs the extra data's validator (`vd[0]` an eval
 * code other than 0 and F5: the Tokel data's `CheckTokelData` for F7; any other code is refused, the devnet running no
 * other); the marker (the TokensV2 global CC1 address) counts 0 and must hold 10000; other outputs: 0.
 * @internal
 * @example checkTokensV2Vout(chain, tx, txid, 1) // { amount: 1n, tokenid, funcid: 'c', marker: false, … }
 */
export function checkTokensV2Vout(chain: DevChain, tx: Transaction, txid: string, v: number): TokensVout {
  const o = tx.vout[v]
  if (o === undefined) return { error: 'out of bounds' }
  const v2 = parseCcV2Script(o.script)
  if (v2 === null || !v2.evalCodes.includes(EVAL_TOKENSV2))
    return { amount: 0n, tokenid: null, funcid: null, marker: false, payload: null }
  let p: TokensV2Opret
  try {
    const d = v2.params?.vdata[0]
    p =
      d !== undefined ? decodeTokensV2Payload(hexToBytes(d)) : decodeTokensV2Opret(tx.vout[tx.vout.length - 1]!.script)
  } catch {
    return { error: "can't decode opreturn data" }
  }
  let tokenid: string
  if (p.funcid === 'c') {
    for (const vd of p.blobs) {
      const code = parseInt(vd.slice(0, 2), 16)
      if (vd.length === 0 || code === 0 || code === EVAL_TOKENSV2) continue
      if (code !== EVAL_TOKELDATA) return { error: `no validator for the token data's eval code ${code}` }
      try {
        decodeTokelData(vd) // CheckTokelData (the F7 validator SubcallCCValidate runs)
      } catch (e) {
        return { error: e instanceof Error ? e.message : 'invalid token data' }
      }
    }
    tokenid = txid.toLowerCase()
  } else tokenid = p.tokenid
  if (/^0{64}$/.test(tokenid)) return { error: 'null tokenid' }
  // IsTokenMarkerVout: IsEqualDestinations with CC1(F5, global) — the same address
  if (sameDestination(o.script, markerScript())) {
    if (o.value !== TOKENSV2_MARKER_VALUE) return { error: 'invalid marker value' }
    return { amount: 0n, tokenid, funcid: p.funcid, marker: true, payload: p }
  }
  return { amount: o.value, tokenid, funcid: p.funcid, marker: false, payload: p }
}

const markerScript = (): Uint8Array => hexToBytes(tokensV2GlobalScripts().tokensMarker)

/** `IsEqualDestinations`: the two scripts' index destinations (a CC v2 output's: Hash160 of its CC part) are equal. */
function sameDestination(a: Uint8Array, b: Uint8Array): boolean {
  const d = (s: Uint8Array): string | null => {
    const v2 = parseCcV2Script(s)
    if (v2 !== null) return 'cc' + bytesToHex(hash160(v2.subScript))
    const v1 = ccScriptParts(s)
    if (v1 !== null) return 'cc' + bytesToHex(hash160(s.subarray(0, v1.ccSubScriptEnd)))
    return null
  }
  const x = d(a)
  return x !== null && x === d(b)
}

/**
 * `check_signing_pubkey`: the key of the first signed secp256k1 node of a CC input's fulfillment (hex), or null.
 * @internal
 * @example signingPubkey(tx.vin[1].scriptSig) // '02…'
 */
export function signingPubkey(scriptSig: Uint8Array): string | null {
  const op = getOp(scriptSig, 0)
  if (op === null || op.data === undefined || op.data.length < 2) return null
  let cond: CcCondition
  try {
    cond = decodeFulfillment(op.data.subarray(0, op.data.length - 1), { allowSecp256k1Hash: true })
  } catch {
    return null
  }
  const walk = (c: CcCondition): string | null => {
    if (c.type === 'secp256k1-sha-256') return c.signature !== undefined ? bytesToHex(c.publicKey) : null
    if (c.type === 'secp256k1hash-sha-256')
      return c.signature !== undefined && c.publicKey !== undefined ? bytesToHex(c.publicKey) : null
    if (c.type === 'threshold-sha-256') {
      for (const s of c.subconditions) {
        const k = walk(s)
        if (k !== null) return k
      }
    }
    if (c.type === 'prefix-sha-256') return walk(c.subcondition)
    return null
  }
  return walk(cond)
}

/**
 * `TotalPubkeyNormalInputs` (tokel src/cc/CCutils.cpp): the value of the non-CC inputs paying `pubkey` (P2PK) or its
 * keyID (P2PKH).
 * @internal
 * @example pubkeyNormalInputs(check, pk) // 100000000n
 */
export function pubkeyNormalInputs(check: ModuleCheck, pubkey: string): bigint {
  const pk = bytesToHex(p2pkScript(hexToBytes(pubkey)))
  const pkh = bytesToHex(p2pkhScript(hash160(hexToBytes(pubkey))))
  let total = 0n
  for (const inp of check.inputs) {
    if (inp.cc) continue
    const s = bytesToHex(inp.coin.script)
    if (s === pk || s === pkh) total += inp.coin.value
  }
  return total
}

/**
 * `Tokensv2Validate` (tokel src/cc/CCtokens.cpp) with `TokensExactAmounts<TokensV2>` (CCtokens_impl.h): one
 * OP_RETURN at most; each F5 input's source output and each CC output read by {@link checkTokensV2Vout}; a create has
 * no token inputs, one token output, one marker, a creator input and not the global key as creator; a transfer has
 * no marker output and, per tokenid, inputs equal to outputs, and spends no input signed with the TokensV2 global key
 * (`CheckMarkerSpending`: the burn allowance of the daemon is not played, no library builder spends a marker).
 * @throws DevnetRefusal `…; TokensV2: <text>`
 * @example validators.set(0xf5, validateTokensV2)
 */
export const validateTokensV2: ModuleValidator = (check) => {
  const { chain, tx, txid, inputs } = check
  const fail = (why: string): never => {
    throw moduleRejected('TokensV2', why)
  }
  if (tx.vout.length < 1) fail('no vouts')
  if (tx.vout.filter((o) => o.script[0] === 0x6a).length > 1) fail('only one opreturn supported')
  const ins = new Map<string, bigint>()
  const outs = new Map<string, bigint>()
  let myVins = 0
  for (const inp of inputs) {
    if (!inp.evalCodes.includes(EVAL_TOKENSV2)) continue
    myVins++
    const src = chain.txs.get(inp.coin.txid)
    if (src === undefined) return fail(`could not load vin tx ${inp.index}`)
    const r = checkTokensV2Vout(chain, src.tx, inp.coin.txid, inp.coin.vout)
    if ('error' in r) return fail(r.error)
    if (r.marker || r.amount === 0n) continue
    ins.set(r.tokenid!, (ins.get(r.tokenid!) ?? 0n) + r.amount)
  }
  let markers = 0
  let creates = 0
  let transfers = 0
  let createPayload: TokensV2Opret | null = null
  for (const [v, o] of tx.vout.entries()) {
    if (parseCcV2Script(o.script) === null && ccScriptParts(o.script) === null) continue
    const r = checkTokensV2Vout(chain, tx, txid, v)
    if ('error' in r) return fail(r.error)
    if (r.marker) {
      markers++
      if (r.funcid === 'c' && markers > 1) fail('tokencreate cannot have more than one marker')
      continue
    }
    if (r.funcid === 'c') {
      creates++
      createPayload = r.payload
    }
    if (r.funcid === 't') transfers++
    if (r.amount !== 0n) outs.set(r.tokenid!, (outs.get(r.tokenid!) ?? 0n) + r.amount)
  }
  if (creates > 0 && transfers > 0) fail("can't have both create and transfer vouts")
  if (creates > 0) {
    if (myVins > 0) fail("creation tx can't have token vins")
    if (creates > 1) fail("creation tx can't have several token vouts")
    if (markers > 1) fail('tokencreate cannot have more than one marker')
    const origpk = createPayload?.funcid === 'c' ? createPayload.origpubkey : ''
    if (origpk === '' || pubkeyNormalInputs(check, origpk) === 0n) fail('no vins signed with creator pubkey')
    if (origpk === TOKENSV2_GLOBAL_PUBKEY) fail('cannot create tokens with token shared pubkey')
    return
  }
  if (transfers > 0) {
    if (markers > 0) fail('tokentransfer cannot have markers')
    if (ins.size > 0 && ins.size === outs.size) {
      for (const [id, sum] of ins) {
        if (sum !== (outs.get(id) ?? 0n)) fail(`cc inputs not equal outputs for tokenid=${id}`)
        // CheckMarkerSpending: an F5 input signed with the TokensV2 global key
        for (const inp of inputs)
          if (
            inp.evalCodes.includes(EVAL_TOKENSV2) &&
            signingPubkey(tx.vin[inp.index]!.scriptSig) === TOKENSV2_GLOBAL_PUBKEY
          )
            fail(`marker spending is not allowed for tokenid=${id}`)
      }
      return
    }
  }
  fail('no tokens cc vins or cc vouts')
}

const pubkeyArg = (v: unknown): string | undefined =>
  typeof v === 'string' && /^0[23][0-9a-fA-F]{64}$/.test(v) ? v.toLowerCase() : undefined

/** `atoll` of a token amount parameter: leading digits, else 0. */
const atoll = (v: unknown): bigint => {
  const t = numText(v).trim()
  const m = /^[+-]?\d+/.exec(t)
  return m === null ? 0n : BigInt(m[0])
}

/** The tokens v2 RPCs of the devnet wallet (Tokel mode). @internal */
export const TOKENSV2_METHODS: Record<string, Method> = {
  tokenv2create: {
    min: 2,
    max: 4,
    usage: 'tokenv2create name supply [description] [tokens data]\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2Create(
          {
            name: str(p[0]),
            supply: numText(p[1]),
            description: p[2] === undefined ? undefined : str(p[2]),
            data: p[3] === undefined ? undefined : str(p[3]),
          },
          walletResolveContext(n),
        ),
      ),
  },
  tokenv2createtokel: {
    min: 2,
    max: 4,
    usage: 'tokenv2createtokel name supply [description] [tokens data json]\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2CreateTokel(
          {
            name: str(p[0]),
            supply: numText(p[1]),
            description: p[2] === undefined ? undefined : str(p[2]),
            data:
              p[3] === undefined
                ? undefined
                : typeof p[3] === 'object' && p[3] !== null
                  ? (p[3] as Record<string, unknown>)
                  : str(p[3]),
          },
          walletResolveContext(n),
        ),
      ),
  },
  tokenv2transfer: {
    min: 3,
    max: 3,
    usage: 'tokenv2transfer tokenid destpubkey amount\n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2Transfer(
          { tokenid: txidArg(p[0]), destination: str(p[1]), amount: atoll(p[2]) },
          walletResolveContext(n),
        ),
      ),
  },
  tokenv2transfermany: {
    min: 3,
    max: 1000,
    usage: 'tokenv2transfermany tokenid1 tokenid2 ... destpubkey amount \n',
    run: (n, p) =>
      hexResultAsync(() =>
        resolveTokenV2TransferMany(
          { tokenids: p.slice(0, -2).map(txidArg), destpubkey: str(p[p.length - 2]), amount: atoll(p[p.length - 1]) },
          walletResolveContext(n),
        ),
      ),
  },
  tokenv2balance: {
    min: 1,
    max: 2,
    usage: 'tokenv2balance tokenid [pubkey]\n',
    run: async (n, p) => {
      const id = txidArg(p[0])
      const pk = p[1] === undefined ? bytesToHex(n.wallet.pubkey) : pubkeyArg(p[1])
      if (pk === undefined) return { result: 'error', error: 'invalid pubkey' }
      const r = await tokenv2balance({ view: devnetChainView(n), pubkey: pk, chain: n.chain.params }, id, pk)
      return { ...r, tokenid: str(p[0]) }
    },
  },
  tokenv2indexkey: {
    min: 1,
    max: 1,
    usage: 'tokenv2indexkey pubkey\n',
    run: (n, p) => {
      const pk = pubkeyArg(p[0])
      if (pk === undefined) return { result: 'error', error: 'invalid pubkey' }
      return tokenv2indexkey(pk, n.chain.params)
    },
  },
  tokenv2list: {
    min: 0,
    max: 1,
    usage: 'tokenv2list [json {"pubkey", "address"}]\n',
    run: (n, p) => {
      const f = typeof p[0] === 'object' && p[0] !== null ? (p[0] as Record<string, unknown>) : {}
      return tokenv2list(
        { view: devnetChainView(n), chain: n.chain.params },
        {
          ...(pubkeyArg(f.pubkey) === undefined ? {} : { pubkey: pubkeyArg(f.pubkey)! }),
          ...(typeof f.address === 'string' ? { address: f.address } : {}),
        },
      )
    },
  },
  tokenv2info: {
    min: 1,
    max: 1,
    usage: 'tokenv2info tokenid\n',
    run: (n, p) => info(n, p[0], false),
  },
  tokenv2infotokel: {
    min: 1,
    max: 1,
    usage: 'tokenv2infotokel tokenid\n',
    run: (n, p) => info(n, p[0], true),
  },
}

function info(n: DevnetNode, tokenid: unknown, tokel: boolean): unknown {
  const id = txidArg(tokenid)
  const e = n.chain.txs.get(id)
  if (e === undefined) return { result: 'error', error: 'cant find tokenid' }
  try {
    return { ...tokenv2info(e.hex, { tokel }), ...(e.height >= 0 ? { height: e.height } : {}) }
  } catch {
    return { result: 'error', error: 'tokenid isnt token creation txid' }
  }
}
