// The gateways module's CLI part (layer 9): its `build` methods and how `rpc` reads its RPCs' parameters.
import {
  buildGatewaysBind,
  buildGatewaysClaim,
  buildGatewaysCompleteSigning,
  buildGatewaysDeposit,
  buildGatewaysMarkDone,
  buildGatewaysPartialSign,
  buildGatewaysWithdraw,
} from './build.js'
import { cliInt, cliMethod, cliSats } from '../../cli/build-method.js'
import { usage } from '../../cli/core.js'
import { rpcInt } from '../../cli/rpc-args.js'
import type { ModuleCli } from '../../cli/module.js'

/** `rpc gatewaysbind`: tokenid oracletxid coin tokensupply M N pubkey… pubtype p2shtype wiftype [taddr]. */
function gatewaysBindArgs(args: readonly string[]): unknown[] {
  if (args.length < 10)
    usage('gatewaysbind tokenid oracletxid coin tokensupply M N pubkey… pubtype p2shtype wiftype [taddr]')
  const n = rpcInt(args[5]!, 'N')
  const pubkeys = args.slice(6, 6 + n)
  const tail = args.slice(6 + n).map((a, i) => rpcInt(a, ['pubtype', 'p2shtype', 'wiftype', 'taddr'][i] ?? 'extra'))
  if (tail.length < 3 || tail.length > 4)
    usage(`gatewaysbind needs N=${n} pubkeys, then pubtype p2shtype wiftype [taddr]`)
  return [
    args[0],
    args[1],
    args[2],
    args[3], // an amount: the text as given, read by the units table (token satoshis, atol)
    rpcInt(args[4]!, 'M'),
    n,
    pubkeys,
    tail[0],
    tail[1],
    tail[2],
    tail[3],
  ]
}

/**
 * The gateways module's CLI part.
 * @example gatewaysCli.build.gatewaysbind!.optional // 1
 */
export const gatewaysCli: ModuleCli = /* @__PURE__ */ Object.freeze({
  build: Object.freeze({
    gatewaysbind: cliMethod(
      buildGatewaysBind,
      [
        'tokenid',
        'oracletxid',
        'coin',
        { name: 'tokensupply', parse: (t) => cliSats(t, 'tokensupply') },
        { name: 'M', parse: (t) => cliInt(t, 'M') },
        { name: 'N', parse: (t) => cliInt(t, 'N') },
        { name: 'pubkeys', label: 'pubkeys(comma-separated)', parse: (t) => t.split(',').filter((k) => k !== '') },
        { name: 'pubtype', parse: (t) => cliInt(t, 'pubtype') },
        { name: 'p2shtype', parse: (t) => cliInt(t, 'p2shtype') },
        { name: 'wiftype', parse: (t) => cliInt(t, 'wiftype') },
        { name: 'taddr', parse: (t) => cliInt(t, 'taddr') },
      ],
      {
        optional: 1,
        state:
          '{"token": "<token create tx hex>", "tokens": [<utxo>…], "oracle": "<oracle create tx hex>", "binds": ["<tx hex>"…]}',
        stateFrom: (s) => ({
          ...s,
          ...(Array.isArray(s.balances) ? { balances: s.balances.map((b, i) => cliSats(b, `balances[${i}]`)) } : {}),
        }),
      },
    ),
    gatewaysdeposit: cliMethod(
      buildGatewaysDeposit,
      [
        'bindtxid',
        { name: 'height', parse: (t) => cliInt(t, 'height') },
        'coin',
        'cointxid',
        { name: 'claimvout', parse: (t) => cliInt(t, 'claimvout') },
        'deposithex',
        'proof',
        'destpub',
        'amount',
      ],
      { state: '{"bind": "<bind tx hex>", "oracle": "<oracle create tx hex>", "samples": ["<oracle D tx hex>"…]}' },
    ),
    gatewaysclaim: cliMethod(buildGatewaysClaim, ['bindtxid', 'coin', 'deposittxid', 'destpub', 'amount'], {
      state:
        '{"bind": "<bind tx hex>", "deposit": "<deposit tx hex>", "tokens": [<utxo at the gateway token address>…]}',
    }),
    gatewayswithdraw: cliMethod(buildGatewaysWithdraw, ['bindtxid', 'coin', 'withdrawpub', 'amount'], {
      state: '{"bind": "<bind tx hex>", "tokens": [<utxo>…], "markers": ["<tx hex>"…], "withdraws": ["<tx hex>"…]}',
    }),
    gatewayspartialsign: cliMethod(buildGatewaysPartialSign, ['txidaddr', 'refcoin', 'hex'], {
      state: '{"last": "<W or P tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}',
    }),
    gatewayscompletesigning: cliMethod(buildGatewaysCompleteSigning, ['withdrawtxid', 'coin', 'hex'], {
      state: '{"last": "<W or P tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}',
    }),
    gatewaysmarkdone: cliMethod(buildGatewaysMarkDone, ['completesigningtx', 'coin'], {
      state: '{"complete": "<S tx hex>", "withdraw": "<W tx hex>", "bind": "<bind tx hex>"}',
    }),
  }),
  rpc: Object.freeze({
    gatewaysaddress: 's',
    gatewaysbind: gatewaysBindArgs,
    gatewaysclaim: 'ssssc',
    gatewayscompletesigning: 'sss',
    gatewaysdeposit: 'sississsc',
    gatewaysdumpprivkey: 'ss',
    gatewaysexternaladdress: 'ss',
    gatewaysinfo: 's',
    gatewayslist: '',
    gatewayswithdraw: 'sssc',
  }),
  rpcHelp: 'gatewaysbind tokensupply is in satoshis and N pubkeys follow N',
})
