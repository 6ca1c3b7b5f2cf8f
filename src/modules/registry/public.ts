// The registry's list of the modules' public parts (layer 6): each module's subpath surface (`komodo-cc/<m>`: its
// payload codec, builders, offline `*info` and reading types), re-exported whole by the package root (src/index.ts).
export * from '../tokens/index.js'
export * from '../faucet/index.js'
export * from '../dice/index.js'
export * from '../oracles/index.js'
export * from '../gateways/index.js'
export * from '../rewards/index.js'
// the root also exports gateways' deposit-proof checks (komodod's gatewaysdeposit verification), not its subpath
export {
  gatewaysCustomAddress,
  parseMerkleProof,
  gatewaysVerifyDeposit,
  type GatewaysPrefixes,
  type MerkleProof,
  type GatewaysVerifyInput,
} from '../gateways/proof.js'
