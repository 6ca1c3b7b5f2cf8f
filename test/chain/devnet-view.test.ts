// The ChainView contract over the devnet's own chain, in process (devnetChainView, src/devnet/view.ts).
import { chainViewContract } from './contract.js'

chainViewContract('devnet view (in process)', (dev) => dev.view)
