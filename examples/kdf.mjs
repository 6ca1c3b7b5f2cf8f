// The Komodo DeFi Framework: activate ETH with three ERC20 tokens. Prints the `enable_eth_with_tokens` request it
// checked and built; with KDF_URL (and KDF_USERPASS) set it also sends it to that KDF node and prints the balances.
// Run: node examples/kdf.mjs   (or KDF_URL=http://127.0.0.1:7783 KDF_USERPASS=… node examples/kdf.mjs)
import { buildEnableEthWithTokensRequest, createKdfClient, isHdEnableResult } from 'komodo-cc/kdf'

const params = {
  ticker: 'ETH',
  swap_contract_address: '0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80',
  fallback_swap_contract: '0x8500AFc0bc5214728082163326C2FF0C73f4a871',
  nodes: [{ url: 'https://eth1.cipig.net:18555' }, { url: 'https://eth2.cipig.net:18555' }],
  erc20_tokens_requests: [{ ticker: 'APE-ERC20' }, { ticker: 'BCH-ERC20' }, { ticker: 'BUSD-ERC20' }],
  required_confirmations: 5,
}
const userpass = process.env.KDF_USERPASS ?? 'RPC_UserP@SSW0RD'

// what goes over the wire (refused with KDF_PARAMS before sending if the node would refuse or drop a field)
const body = buildEnableEthWithTokensRequest(params, { userpass })
console.dir({ ...body, userpass: '(hidden)' }, { depth: null })

const url = process.env.KDF_URL
if (url === undefined) {
  console.log('KDF_URL is not set: request built, not sent')
} else {
  const kdf = createKdfClient({ url, userpass })
  /** @type {import('komodo-cc/kdf').KdfWarning[]} */
  const warnings = []
  const r = await kdf.enableEthWithTokens(params, { onWarning: (w) => warnings.push(w) })
  console.log('current block', r.current_block)
  if (isHdEnableResult(r)) {
    console.log('HD wallet accounts', r.wallet_balance.accounts.length)
  } else {
    for (const [address, info] of Object.entries(r.eth_addresses_infos))
      console.log('ETH', address, 'spendable', info.balances?.spendable)
    for (const info of Object.values(r.erc20_addresses_infos))
      for (const [ticker, b] of Object.entries(info.balances ?? {})) console.log(ticker, 'spendable', b.spendable)
  }
  if (warnings.length > 0) console.log('warnings', warnings)
}
