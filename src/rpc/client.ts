import { KomodoCcError } from '../errors.js'
import { hexToBytes } from '../bytes/hex.js'
import { toSatoshis } from '../amount.js'
import type { AmountInput } from '../amount.js'
import type { ChainUtxo, ChainView } from './chainview.js'
import type { ExactJson } from './json.js'
import { createRpcTransport, endpointSecretForms, hostOf, RpcError } from './transport.js'
import { scrubError } from './redact.js'
import type { ExactParam, RpcCallOptions, RpcEndpoint, RpcTransportOptions } from './transport.js'
import {
  coinsParam, hexParam, intParam, planNameParam, pubkeyParam, textParam, txidParam, unitsParam,
} from './params.js'
import {
  parseAddressUtxos, parseDiceFinish, parseDiceInfo, parseDiceStatus, parseFaucetInfo, parseGatewayInfo, parseHexResult,
  parseHexString, parseInt32, parseKeyed, parseListUnspent, parseModuleAddresses, parseNodeInfo, parseOracleInfo,
  parseOracleSamples, parseRewardsInfo, parseTokenBalance, parseTokenInfo, parseTxid, parseTxidList, asObject,
} from './results.js'
import type {
  AddressUtxo, DiceFinishResult, DiceInfo, DiceStatus, FaucetInfo, GatewayInfo, HexResult, ModuleAddresses, NodeInfo,
  OracleInfo, OracleSamples, RewardsInfo, TokenBalance, TokenInfo, WalletUnspent,
} from './results.js'

/**
 * How to reach komodod: an explicit `{url, user, password}` (credentials may also sit in the URL), or a chain
 * name / conf path whose `rpcuser`, `rpcpassword`, `rpcport`, `rpcbind` are read (Node only, on first call).
 */
export type KomodoRpcOptions = RpcTransportOptions & (
  | { url: string; user?: string; password?: string }
  | { chain: string; dataDir?: string }
  | { confPath: string }
)

type O = RpcCallOptions | undefined

/** The komodod client: one method per RPC, named as the daemon names it, plus {@link ChainView}. */
export type KomodoRpc = ChainView & {
  /** Any method with raw positional params; the result is exact JSON (big integers as bigint). */
  call(method: string, params?: readonly ExactParam[], options?: RpcCallOptions): Promise<ExactJson>
  /** host:port of the daemon, once known (never credentials). */
  readonly host: () => Promise<string>
  // tokens
  tokenaddress(pubkey?: string, o?: O): Promise<ModuleAddresses>
  tokenbalance(tokenid: string, pubkey?: string, o?: O): Promise<TokenBalance>
  /** `data` (hex, 1..10001 bytes) makes a non-fungible token: supply must then be 1 satoshi ("0.00000001"). */
  tokencreate(name: string, supply: AmountInput, description?: string, data?: string, o?: O): Promise<HexResult>
  tokeninfo(tokenid: string, o?: O): Promise<TokenInfo>
  tokenlist(o?: O): Promise<string[]>
  tokentransfer(tokenid: string, destpubkey: string, amount: bigint | number, o?: O): Promise<HexResult>
  // faucet
  faucetaddress(pubkey?: string, o?: O): Promise<ModuleAddresses>
  faucetfund(amount: AmountInput, o?: O): Promise<HexResult>
  faucetget(o?: O): Promise<HexResult>
  faucetinfo(o?: O): Promise<FaucetInfo>
  // dice
  diceaddfunds(name: string, fundingtxid: string, amount: AmountInput, o?: O): Promise<HexResult>
  diceaddress(pubkey?: string, o?: O): Promise<ModuleAddresses>
  dicebet(name: string, fundingtxid: string, amount: AmountInput, odds: number, o?: O): Promise<HexResult>
  dicefinish(name: string, fundingtxid: string, bettxid: string, o?: O): Promise<DiceFinishResult>
  dicefund(name: string, funds: AmountInput, minbet: AmountInput, maxbet: AmountInput, maxodds: number, timeoutblocks: number, o?: O): Promise<HexResult>
  diceinfo(fundingtxid: string, o?: O): Promise<DiceInfo>
  dicelist(o?: O): Promise<string[]>
  dicestatus(name: string, fundingtxid: string, bettxid?: string, o?: O): Promise<DiceStatus>
  // oracles
  oraclesaddress(pubkey?: string, o?: O): Promise<ModuleAddresses>
  oraclescreate(name: string, description: string, format: string, o?: O): Promise<HexResult>
  oraclesdata(oracletxid: string, hexstr: string, o?: O): Promise<HexResult>
  oraclesfund(oracletxid: string, o?: O): Promise<HexResult>
  oraclesinfo(oracletxid: string, o?: O): Promise<OracleInfo>
  oracleslist(o?: O): Promise<string[]>
  oraclesregister(oracletxid: string, datafee: AmountInput, o?: O): Promise<HexResult>
  oraclessamples(oracletxid: string, baton: string, num: number, o?: O): Promise<OracleSamples>
  oraclessubscribe(oracletxid: string, publisher: string, amount: AmountInput, o?: O): Promise<HexResult>
  // gateways
  gatewaysaddress(pubkey?: string, o?: O): Promise<ModuleAddresses>
  gatewaysbind(tokenid: string, oracletxid: string, coin: string, tokensupply: AmountInput, M: number, N: number, pubkeys: string | readonly string[],
    pubtype: number, p2shtype: number, wiftype: number, taddr?: number, o?: O): Promise<HexResult>
  gatewaysclaim(bindtxid: string, coin: string, deposittxid: string, destpub: string, amount: AmountInput, o?: O): Promise<HexResult>
  gatewayscompletesigning(withdrawtxid: string, coin: string, hex: string, o?: O): Promise<HexResult>
  gatewaysdeposit(bindtxid: string, height: number, coin: string, cointxid: string, claimvout: number, deposithex: string, proof: string,
    destpub: string, amount: AmountInput, o?: O): Promise<HexResult>
  gatewaysdumpprivkey(bindtxid: string, address: string, o?: O): Promise<{ result: string; privkey: string }>
  gatewaysexternaladdress(bindtxid: string, pubkey: string, o?: O): Promise<{ result: string; address: string }>
  gatewaysinfo(bindtxid: string, o?: O): Promise<GatewayInfo>
  gatewayslist(o?: O): Promise<string[]>
  gatewayswithdraw(bindtxid: string, coin: string, withdrawpub: string, amount: AmountInput, o?: O): Promise<HexResult>
  // rewards
  rewardsaddfunding(name: string, fundingtxid: string, amount: AmountInput, o?: O): Promise<HexResult>
  rewardsaddress(pubkey?: string, o?: O): Promise<ModuleAddresses>
  rewardscreatefunding(name: string, amount: AmountInput, APR?: string | number, mindays?: number, maxdays?: number, mindeposit?: AmountInput, o?: O): Promise<HexResult>
  rewardsinfo(fundingtxid: string, o?: O): Promise<RewardsInfo>
  rewardslist(o?: O): Promise<string[]>
  rewardslock(name: string, fundingtxid: string, amount: AmountInput, o?: O): Promise<HexResult>
  rewardsunlock(name: string, fundingtxid: string, txid?: string, o?: O): Promise<HexResult>
  // helpers of the two-step flow
  sendrawtransaction(hex: string, o?: O): Promise<string>
  decoderawtransaction(hex: string, o?: O): Promise<Record<string, ExactJson>>
  getrawmempool(o?: O): Promise<string[]>
  getrawtransaction(txid: string, o?: O): Promise<string>
  getaddressutxos(addresses: string | readonly string[], o?: O): Promise<AddressUtxo[]>
  listunspent(minconf?: number, maxconf?: number, addresses?: readonly string[], o?: O): Promise<WalletUnspent[]>
  gettxoutproof(txids: readonly string[], blockhash?: string, o?: O): Promise<string>
  getinfo(o?: O): Promise<NodeInfo>
  getblockcount(o?: O): Promise<number>
}

const ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{25,40}$/
const METHOD_RE = /^[a-z][a-z0-9_]{0,63}$/i

/** Current daemons take the publisher's baton address; 2018 daemons took a baton txid. Both are accepted. */
function batonParam(v: unknown): string {
  if (typeof v === 'string' && /^[0-9a-fA-F]{64}$/.test(v)) return v
  return addressParam(v, 'baton')
}

function addressParam(v: unknown, name: string): string {
  if (typeof v !== 'string' || !ADDRESS_RE.test(v)) throw new KomodoCcError('ARG_INVALID', `${name} must be a base58 address`, { name })
  return v
}

/**
 * Creates the komodod JSON-RPC client (fetch-based: Node ≥ 20 and browsers). Credentials are held in a closure and
 * never appear in errors. Conf-file reading (`chain` / `confPath`) happens on the first call and needs Node.
 * @throws KomodoCcError RPC_CONFIG for unusable options
 * @example
 * const rpc = createKomodoRpc({ chain: 'DOC' })                       // reads ~/.komodo/DOC/DOC.conf
 * const { hex } = await rpc.oraclescreate('BTCUSD', 'coindesk price', 'L')
 * const txid = await rpc.sendrawtransaction(hex)
 */
export function createKomodoRpc(options: KomodoRpcOptions): KomodoRpc {
  if (typeof options !== 'object' || options === null) throw new KomodoCcError('RPC_CONFIG', 'options must be an object', { field: 'options' })
  let endpoint: () => Promise<RpcEndpoint>
  if ('url' in options && options.url !== undefined) {
    const ep = endpointFromUrl(options.url, options.user, options.password)
    endpoint = () => Promise.resolve(ep)
  } else if (('chain' in options && options.chain !== undefined) || ('confPath' in options && options.confPath !== undefined)) {
    const source = { ...('chain' in options ? { chain: options.chain, dataDir: options.dataDir } : {}), ...('confPath' in options ? { confPath: options.confPath } : {}) }
    let cached: Promise<RpcEndpoint> | undefined
    endpoint = () => {
      cached ??= import('./conf.js').then((m) => m.readKomodoConf(source))
      cached.catch(() => { cached = undefined })
      return cached
    }
  } else throw new KomodoCcError('RPC_CONFIG', 'give url (with user and password), chain, or confPath', { field: 'options' })

  const send = createRpcTransport(endpoint, options)
  const run = async <T>(method: string, params: readonly ExactParam[], parse: (v: ExactJson) => T, o: O): Promise<T> => {
    const result = await send(method, params, o)
    try {
      return parse(result)
    } catch (e) {
      // a result's text (echoed by the daemon) may hold the password in any form: scrub what goes out
      const ep = await endpoint()
      if (e instanceof KomodoCcError && (e.code === 'RPC_RESULT' || e.code === 'TX_INVALID')) {
        const err = new RpcError('RPC_RESULT', method, hostOf(ep.url), e.message.slice(e.code.length + 2), { reason: e.code === 'TX_INVALID' ? 'not-a-transaction' : 'shape', path: e.details.path })
        throw scrubError(err, endpointSecretForms(ep))
      }
      throw scrubError(e, endpointSecretForms(ep))
    }
  }
  const opt = (v: string | undefined, f: (x: string) => string): string[] => (v === undefined ? [] : [f(v)])
  const addr = (names: readonly string[]) => (v: ExactJson): ModuleAddresses => parseModuleAddresses(v, names)

  const rpc: KomodoRpc = {
    call: (method, params = [], o) => {
      if (typeof method !== 'string' || !METHOD_RE.test(method)) throw new KomodoCcError('ARG_INVALID', 'method must be an RPC method name', { name: 'method' })
      if (!Array.isArray(params)) throw new KomodoCcError('ARG_INVALID', 'params must be an array', { name: 'params' })
      return send(method, params.map((p, i) => plainParam(p, `params[${i}]`, 0)), o)
    },
    host: async () => hostOf((await endpoint()).url),
    // tokens
    tokenaddress: (pubkey, o) => run('tokenaddress', opt(pubkey, (p) => pubkeyParam(p, 'pubkey')), addr(['Tokens', 'Assets']), o),
    tokenbalance: (tokenid, pubkey, o) => run('tokenbalance', [txidParam(tokenid, 'tokenid'), ...opt(pubkey, (p) => pubkeyParam(p, 'pubkey'))], parseTokenBalance, o),
    tokencreate: (name, supply, description, data, o) => {
      const params = [textParam(name, 'name', 32), coinsParam(supply, 'supply', { min: 1n })]
      if (description !== undefined || data !== undefined) params.push(textParam(description ?? '', 'description', 4096, true))
      if (data !== undefined) {
        const d = hexParam(data, 'data')
        if (d.length > 20002) throw new KomodoCcError('ARG_INVALID', 'data must be at most 10001 bytes', { name: 'data' })
        if (params[1] !== '0.00000001') throw new KomodoCcError('ARG_INVALID', 'a non-fungible token (data given) must have supply 1 satoshi', { name: 'supply' })
        params.push(d)
      }
      return run('tokencreate', params, parseHexResult, o)
    },
    tokeninfo: (tokenid, o) => run('tokeninfo', [txidParam(tokenid, 'tokenid')], parseTokenInfo, o),
    tokenlist: (o) => run('tokenlist', [], parseTxidList, o),
    tokentransfer: (tokenid, destpubkey, amount, o) =>
      run('tokentransfer', [txidParam(tokenid, 'tokenid'), pubkeyParam(destpubkey, 'destpubkey'), unitsParam(amount, 'amount', 1n)], parseHexResult, o),
    // faucet
    faucetaddress: (pubkey, o) => run('faucetaddress', opt(pubkey, (p) => pubkeyParam(p, 'pubkey')), addr(['Faucet']), o),
    faucetfund: (amount, o) => run('faucetfund', [coinsParam(amount, 'amount', { min: 1n })], parseHexResult, o),
    faucetget: (o) => run('faucetget', [], parseHexResult, o),
    faucetinfo: (o) => run('faucetinfo', [], parseFaucetInfo, o),
    // dice
    diceaddfunds: (name, fundingtxid, amount, o) =>
      run('diceaddfunds', [planNameParam(name, 'name'), txidParam(fundingtxid, 'fundingtxid'), coinsParam(amount, 'amount', { min: 1n })], parseHexResult, o),
    diceaddress: (pubkey, o) => run('diceaddress', opt(pubkey, (p) => pubkeyParam(p, 'pubkey')), addr(['Dice']), o),
    dicebet: (name, fundingtxid, amount, odds, o) =>
      run('dicebet', [planNameParam(name, 'name'), txidParam(fundingtxid, 'fundingtxid'), coinsParam(amount, 'amount', { min: 1n }), intParam(odds, 'odds', 1, 9999)], parseHexResult, o),
    dicefinish: (name, fundingtxid, bettxid, o) =>
      run('dicefinish', [planNameParam(name, 'name'), txidParam(fundingtxid, 'fundingtxid'), txidParam(bettxid, 'bettxid')], parseDiceFinish, o),
    dicefund: (name, funds, minbet, maxbet, maxodds, timeoutblocks, o) =>
      run('dicefund', [planNameParam(name, 'name'), coinsParam(funds, 'funds', { min: 1n }), coinsParam(minbet, 'minbet'), coinsParam(maxbet, 'maxbet'),
        intParam(maxodds, 'maxodds', 1, 9999), intParam(timeoutblocks, 'timeoutblocks', 1, 0x7fffffff)], parseHexResult, o),
    diceinfo: (fundingtxid, o) => run('diceinfo', [txidParam(fundingtxid, 'fundingtxid')], parseDiceInfo, o),
    dicelist: (o) => run('dicelist', [], parseTxidList, o),
    dicestatus: (name, fundingtxid, bettxid, o) =>
      run('dicestatus', [planNameParam(name, 'name'), txidParam(fundingtxid, 'fundingtxid'), ...opt(bettxid, (t) => txidParam(t, 'bettxid'))], parseDiceStatus, o),
    // oracles
    oraclesaddress: (pubkey, o) => run('oraclesaddress', opt(pubkey, (p) => pubkeyParam(p, 'pubkey')), addr(['Oracles']), o),
    oraclescreate: (name, description, format, o) => {
      const f = textParam(format, 'format', 4096)
      if (!/^[sSdDcCtTiIlLh]+$/.test(f)) throw new KomodoCcError('ORACLE_FORMAT', 'format must use only the characters s S d D c C t T i I l L h', { name: 'format' })
      return run('oraclescreate', [textParam(name, 'name', 32), textParam(description, 'description', 4096, true), f], parseHexResult, o)
    },
    oraclesdata: (oracletxid, hexstr, o) => run('oraclesdata', [txidParam(oracletxid, 'oracletxid'), hexParam(hexstr, 'hexstr')], parseHexResult, o),
    oraclesfund: (oracletxid, o) => run('oraclesfund', [txidParam(oracletxid, 'oracletxid')], parseHexResult, o),
    oraclesinfo: (oracletxid, o) => run('oraclesinfo', [txidParam(oracletxid, 'oracletxid')], parseOracleInfo, o),
    oracleslist: (o) => run('oracleslist', [], parseTxidList, o),
    oraclesregister: (oracletxid, datafee, o) =>
      // the daemon reads a non-zero integer as satoshis (atol first), so the fee goes out as satoshi digits
      run('oraclesregister', [txidParam(oracletxid, 'oracletxid'), unitsParam(datafeeSats(datafee), 'datafee', 10000n)], parseHexResult, o),
    oraclessamples: (oracletxid, baton, num, o) =>
      run('oraclessamples', [txidParam(oracletxid, 'oracletxid'), batonParam(baton), intParam(num, 'num', 0, 0x7fffffff)], parseOracleSamples, o),
    oraclessubscribe: (oracletxid, publisher, amount, o) =>
      run('oraclessubscribe', [txidParam(oracletxid, 'oracletxid'), pubkeyParam(publisher, 'publisher'), coinsParam(amount, 'amount', { min: 1n })], parseHexResult, o),
    // gateways
    gatewaysaddress: (pubkey, o) => run('gatewaysaddress', opt(pubkey, (p) => pubkeyParam(p, 'pubkey')), addr(['Gateways']), o),
    gatewaysbind: (tokenid, oracletxid, coin, tokensupply, M, N, pubkeys, pubtype, p2shtype, wiftype, taddr, o) => {
      const list = typeof pubkeys === 'string' ? [pubkeys] : Array.isArray(pubkeys) ? pubkeys : []
      const n = Number(intParam(N, 'N', 1, 15))
      if (list.length !== n) throw new KomodoCcError('ARG_INVALID', `N is ${n} but ${list.length} pubkey(s) were given`, { name: 'pubkeys' })
      const m = Number(intParam(M, 'M', 1, n))
      return run('gatewaysbind', [
        txidParam(tokenid, 'tokenid'), txidParam(oracletxid, 'oracletxid'), textParam(coin, 'coin', 32), unitsParam(tokensupplySats(tokensupply), 'tokensupply', 1n),
        String(m), String(n), ...list.map((p, i) => pubkeyParam(p, `pubkeys[${i}]`)),
        intParam(pubtype, 'pubtype', 0, 255), intParam(p2shtype, 'p2shtype', 0, 255), intParam(wiftype, 'wiftype', 0, 255),
        ...(taddr === undefined ? [] : [intParam(taddr, 'taddr', 0, 255)]),
      ], parseHexResult, o)
    },
    gatewaysclaim: (bindtxid, coin, deposittxid, destpub, amount, o) =>
      run('gatewaysclaim', [txidParam(bindtxid, 'bindtxid'), textParam(coin, 'coin', 32), txidParam(deposittxid, 'deposittxid'), pubkeyParam(destpub, 'destpub'),
        coinsParam(amount, 'amount', { min: 1n })], parseHexResult, o),
    gatewayscompletesigning: (withdrawtxid, coin, hex, o) =>
      run('gatewayscompletesigning', [txidParam(withdrawtxid, 'withdrawtxid'), textParam(coin, 'coin', 32), hexParam(hex, 'hex')], parseHexResult, o),
    gatewaysdeposit: (bindtxid, height, coin, cointxid, claimvout, deposithex, proof, destpub, amount, o) =>
      run('gatewaysdeposit', [txidParam(bindtxid, 'bindtxid'), intParam(height, 'height', 0, 0x7fffffff), textParam(coin, 'coin', 32), txidParam(cointxid, 'cointxid'),
        intParam(claimvout, 'claimvout', 0, 0x7fffffff), hexParam(deposithex, 'deposithex'), hexParam(proof, 'proof'), pubkeyParam(destpub, 'destpub'),
        coinsParam(amount, 'amount', { min: 1n })], parseHexResult, o),
    gatewaysdumpprivkey: (bindtxid, address, o) => run('gatewaysdumpprivkey', [txidParam(bindtxid, 'bindtxid'), textParam(address, 'address', 128)], (v) => parseKeyed(v, 'privkey'), o),
    gatewaysexternaladdress: (bindtxid, pubkey, o) =>
      run('gatewaysexternaladdress', [txidParam(bindtxid, 'bindtxid'), pubkeyParam(pubkey, 'pubkey')], (v) => parseKeyed(v, 'address'), o),
    gatewaysinfo: (bindtxid, o) => run('gatewaysinfo', [txidParam(bindtxid, 'bindtxid')], parseGatewayInfo, o),
    gatewayslist: (o) => run('gatewayslist', [], parseTxidList, o),
    gatewayswithdraw: (bindtxid, coin, withdrawpub, amount, o) =>
      run('gatewayswithdraw', [txidParam(bindtxid, 'bindtxid'), textParam(coin, 'coin', 32), pubkeyParam(withdrawpub, 'withdrawpub'), coinsParam(amount, 'amount', { min: 1n })], parseHexResult, o),
    // rewards
    rewardsaddfunding: (name, fundingtxid, amount, o) =>
      run('rewardsaddfunding', [planNameParam(name, 'name'), txidParam(fundingtxid, 'fundingtxid'), coinsParam(amount, 'amount', { min: 1n })], parseHexResult, o),
    rewardsaddress: (pubkey, o) => run('rewardsaddress', opt(pubkey, (p) => pubkeyParam(p, 'pubkey')), addr(['Rewards']), o),
    rewardscreatefunding: (name, amount, APR, mindays, maxdays, mindeposit, o) => {
      const params = [planNameParam(name, 'name'), coinsParam(amount, 'amount', { min: 1n })]
      const rest: string[] = []
      // optional parameters may be omitted only from the end
      if (APR !== undefined) rest.push(coinsParam(typeof APR === 'number' ? APR : String(APR), 'APR', { fudge: false }))
      if (mindays !== undefined) { if (APR === undefined) return Promise.reject(gap('mindays', 'APR')); rest.push(intParam(mindays, 'mindays', 0, 0x7fffffff)) }
      if (maxdays !== undefined) { if (mindays === undefined) return Promise.reject(gap('maxdays', 'mindays')); rest.push(intParam(maxdays, 'maxdays', 0, 0x7fffffff)) }
      if (mindeposit !== undefined) { if (maxdays === undefined) return Promise.reject(gap('mindeposit', 'maxdays')); rest.push(coinsParam(mindeposit, 'mindeposit')) }
      return run('rewardscreatefunding', [...params, ...rest], parseHexResult, o)
    },
    rewardsinfo: (fundingtxid, o) => run('rewardsinfo', [txidParam(fundingtxid, 'fundingtxid')], parseRewardsInfo, o),
    rewardslist: (o) => run('rewardslist', [], parseTxidList, o),
    rewardslock: (name, fundingtxid, amount, o) =>
      run('rewardslock', [planNameParam(name, 'name'), txidParam(fundingtxid, 'fundingtxid'), coinsParam(amount, 'amount', { min: 1n })], parseHexResult, o),
    rewardsunlock: (name, fundingtxid, txid, o) =>
      run('rewardsunlock', [planNameParam(name, 'name'), txidParam(fundingtxid, 'fundingtxid'), ...opt(txid, (t) => txidParam(t, 'txid'))], parseHexResult, o),
    // helpers (core RPCs take typed JSON, not strings)
    sendrawtransaction: (hex, o) => run('sendrawtransaction', [hexParam(hex, 'hex')], parseTxid, o),
    decoderawtransaction: (hex, o) => run('decoderawtransaction', [hexParam(hex, 'hex')], (v) => asObject(v), o),
    getrawmempool: (o) => run('getrawmempool', [], parseTxidList, o),
    getrawtransaction: (txid, o) => run('getrawtransaction', [txidParam(txid, 'txid'), 0], parseHexString, o),
    getaddressutxos: (addresses, o) => {
      const list = typeof addresses === 'string' ? [addresses] : Array.isArray(addresses) ? addresses : []
      if (list.length === 0) return Promise.reject(new KomodoCcError('ARG_INVALID', 'addresses must hold at least one address', { name: 'addresses' }))
      return run('getaddressutxos', [{ addresses: list.map((a, i) => addressParam(a, `addresses[${i}]`)) }], parseAddressUtxos, o)
    },
    listunspent: (minconf, maxconf, addresses, o) => {
      const params: ExactParam[] = []
      if (minconf !== undefined || maxconf !== undefined || addresses !== undefined) params.push(Number(intParam(minconf ?? 1, 'minconf', 0, 0x7fffffff)))
      if (maxconf !== undefined || addresses !== undefined) params.push(Number(intParam(maxconf ?? 9999999, 'maxconf', 0, 0x7fffffff)))
      if (addresses !== undefined) {
        if (!Array.isArray(addresses)) throw new KomodoCcError('ARG_INVALID', 'addresses must be an array of addresses', { name: 'addresses' })
        params.push(addresses.map((a, i) => addressParam(a, `addresses[${i}]`)))
      }
      return run('listunspent', params, parseListUnspent, o)
    },
    gettxoutproof: (txids, blockhash, o) => {
      if (!Array.isArray(txids) || txids.length === 0) return Promise.reject(new KomodoCcError('ARG_INVALID', 'txids must hold at least one txid', { name: 'txids' }))
      return run('gettxoutproof', [txids.map((t, i) => txidParam(t, `txids[${i}]`)), ...opt(blockhash, (b) => txidParam(b, 'blockhash'))], parseHexString, o)
    },
    getinfo: (o) => run('getinfo', [], parseNodeInfo, o),
    getblockcount: (o) => run('getblockcount', [], parseInt32, o),
    // ChainView
    getTransaction: (txid) => rpc.getrawtransaction(txid),
    listUnspent: async (address): Promise<ChainUtxo[]> =>
      (await rpc.getaddressutxos(address)).map((u) => ({ txid: u.txid, vout: u.outputIndex, satoshis: u.satoshis, script: hexToBytes(u.script, 'script'), height: u.height })),
    getMempool: () => rpc.getrawmempool(),
  }
  // argument checks throw synchronously inside the arrow functions; every method reports them as a rejection
  const table = rpc as unknown as Record<string, unknown>
  for (const key of Object.keys(table)) {
    const f = table[key]
    if (typeof f === 'function') table[key] = (...a: unknown[]): Promise<unknown> => {
      try {
        return Promise.resolve((f as (...x: unknown[]) => unknown)(...a))
      } catch (e) {
        return Promise.reject(e)
      }
    }
  }
  return rpc
}

/** A raw `call` parameter: JSON values only; bigint goes out as its decimal text (the modules read strings). */
function plainParam(v: unknown, name: string, depth: number): ExactParam {
  if (depth > 32) throw new KomodoCcError('ARG_INVALID', `${name} is nested too deeply`, { name })
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new KomodoCcError('ARG_INVALID', `${name} must be a finite number`, { name })
    return v
  }
  if (typeof v === 'bigint') return v.toString()
  if (Array.isArray(v)) return v.map((x, i) => plainParam(x, `${name}[${i}]`, depth + 1))
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, plainParam(x, `${name}.${k}`, depth + 1)]))
  throw new KomodoCcError('ARG_INVALID', `${name} must be a JSON value (string, number, boolean, null, array, plain object)`, { name })
}

function gap(field: string, missing: string): KomodoCcError {
  return new KomodoCcError('ARG_INVALID', `${field} needs ${missing} (optional parameters may be omitted only from the end)`, { name: field })
}

/** datafee and tokensupply follow the AmountInput convention (string/number = coins, bigint = satoshis). */
function datafeeSats(v: AmountInput): bigint {
  return toSatoshis(v, 'datafee')
}

function tokensupplySats(v: AmountInput): bigint {
  return toSatoshis(v, 'tokensupply')
}

function endpointFromUrl(url: unknown, user: unknown, password: unknown): RpcEndpoint {
  if (typeof url !== 'string') throw new KomodoCcError('RPC_CONFIG', 'url must be a string', { field: 'url' })
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new KomodoCcError('RPC_CONFIG', 'url is not a valid URL', { field: 'url' })
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new KomodoCcError('RPC_CONFIG', 'url must be http or https', { field: 'url' })
  const fromUrlUser = decodeCredential(u.username, 'user')
  const fromUrlPass = decodeCredential(u.password, 'password')
  u.username = ''
  u.password = ''
  const finalUser = user ?? fromUrlUser
  const finalPass = password ?? fromUrlPass
  if (typeof finalUser !== 'string' || finalUser === '') throw new KomodoCcError('RPC_CONFIG', 'user is required (rpcuser)', { field: 'user' })
  if (typeof finalPass !== 'string' || finalPass === '') throw new KomodoCcError('RPC_CONFIG', 'password is required (rpcpassword)', { field: 'password' })
  if (finalUser.includes(':')) throw new KomodoCcError('RPC_CONFIG', 'user must not contain ":" (basic auth)', { field: 'user' })
  return { url: u.toString(), user: finalUser, password: finalPass }
}

/** A percent-encoded credential of a URL; malformed encoding (`%zz`) is RPC_CONFIG, naming neither the URL nor the value. */
function decodeCredential(v: string, field: 'user' | 'password'): string {
  try {
    return decodeURIComponent(v)
  } catch {
    throw new KomodoCcError('RPC_CONFIG', `the ${field} in url is not valid percent-encoding`, { field: 'url', part: field })
  }
}
