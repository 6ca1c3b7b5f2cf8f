// Activating ETH and three ERC20 tokens in the Komodo DeFi Framework, with balances.
import { createKdfClient, isHdEnableResult } from '../src/kdf/index.js'
import type { KdfWarning } from '../src/kdf/index.js'

export async function activateEth(url: string, userpass: string) {
  const kdf = createKdfClient({ url, userpass })
  const warnings: KdfWarning[] = []
  const r = await kdf.enableEthWithTokens(
    {
      ticker: 'ETH',
      swap_contract_address: '0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80',
      fallback_swap_contract: '0x8500AFc0bc5214728082163326C2FF0C73f4a871',
      nodes: [{ url: 'https://eth1.cipig.net:18555' }, { url: 'https://eth2.cipig.net:18555' }],
      erc20_tokens_requests: [{ ticker: 'APE-ERC20' }, { ticker: 'BCH-ERC20' }, { ticker: 'BUSD-ERC20' }],
      required_confirmations: 5,
    },
    { onWarning: (w) => warnings.push(w) },
  )

  if (isHdEnableResult(r)) return { block: r.current_block, accounts: r.wallet_balance.accounts.length, warnings }
  const [address, eth] = Object.entries(r.eth_addresses_infos)[0]!
  const tokens = Object.values(r.erc20_addresses_infos)[0]?.balances ?? {}
  return { block: r.current_block, address, eth: eth.balances?.spendable, tokens: Object.keys(tokens).sort(), warnings }
}

// e.g. activateEth('http://127.0.0.1:7783', process.env.KDF_USERPASS!)
