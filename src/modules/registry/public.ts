// The registry's list of the modules' public parts (layer 6): each module's subpath surface (`komodo-cc/<m>`: its
// payload codec, builders, offline `*info` and reading types), re-exported whole by the package root (src/index.ts).
export * from '../tokens/index.js'
export * from '../faucet/index.js'
export * from '../dice/index.js'
export * from '../oracles/index.js'
export * from '../gateways/index.js'
export * from '../rewards/index.js'
// Tokel's modules: their subpaths (komodo-cc/tokensv2, komodo-cc/assetsv2) hold their codecs and builders; the root
// names only the types its inspection carries
export type {
  TokensV2Opret,
  TokensV2CreateOpret,
  TokensV2TransferOpret,
  TokelData,
  TokensV2Reading,
  TokenV2CreateReading,
  TokenV2TransferReading,
  TokenV2TransferManyReading,
} from '../tokensv2/index.js'
export type {
  AssetsV2Opret,
  AssetsV2OrderOpret,
  AssetsV2CancelOpret,
  AssetsV2Reading,
  AssetsV2OrderFields,
  TokenV2AskReading,
  TokenV2BidReading,
  TokenV2FillReading,
  TokenV2CancelReading,
} from '../assetsv2/index.js'
