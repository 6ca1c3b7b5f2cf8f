// The ChainView contract over Electrum (createElectrumView, issue 19), served by the devnet's Electrum server over
// TCP and over WebSocket, on the suite's chain. Electrum indexes scripts: the view is told the keys whose P2PK and
// CC scripts stand behind the addresses checked (the suite's key and the devnet's wallet).
import { bytesToHex } from '../../src/bytes/hex.js'
import { keySigner } from '../../src/tx/sign.js'
import { createElectrumView, type ElectrumView } from '../../src/electrum/view.js'
import { chainViewContract, CONTRACT_KEY } from './contract.js'

const pubkeys = (walletPubkey: string) => [bytesToHex(keySigner(CONTRACT_KEY).publicKey), walletPubkey]
const options = {
  devnet: { electrum: true },
  partialMempool: true,
  close: (v: unknown) => (v as ElectrumView).close(),
}

chainViewContract(
  'Electrum view over TCP (the devnet Electrum server)',
  (dev) => createElectrumView({ url: dev.electrum!.url, pubkeys: pubkeys(dev.pubkey) }),
  options,
)
chainViewContract(
  'Electrum view over WebSocket',
  (dev) => createElectrumView({ url: dev.electrum!.wsUrl, pubkeys: pubkeys(dev.pubkey) }),
  options,
)
chainViewContract(
  'Electrum view with verifyInclusion (confirmed state checked against the headers from the genesis checkpoint)',
  (dev) =>
    createElectrumView({
      host: '127.0.0.1',
      port: dev.electrum!.port,
      pubkeys: pubkeys(dev.pubkey),
      verifyInclusion: { checkpoint: { height: 0, hash: dev.chain.blocks[0]!.hash } },
    }),
  options,
)
