import { defineConfig } from 'tsup'

// One entry per public subpath (package.json "exports"), plus the CLI.
const entry = {
  index: 'src/index.ts',
  'bytes/index': 'src/bytes/index.ts',
  'hash/index': 'src/hash/index.ts',
  'address/index': 'src/address/index.ts',
  'cc/index': 'src/cc/index.ts',
  'tx/index': 'src/tx/index.ts',
  'script/index': 'src/script/index.ts',
  'oracles/index': 'src/modules/oracles/index.ts',
  'tokens/index': 'src/modules/tokens/index.ts',
  'faucet/index': 'src/modules/faucet/index.ts',
  'dice/index': 'src/modules/dice/index.ts',
  'gateways/index': 'src/modules/gateways/index.ts',
  'rewards/index': 'src/modules/rewards/index.ts',
  'rpc/index': 'src/rpc/index.ts',
  'kdf/index': 'src/kdf/index.ts',
  'electrum/index': 'src/electrum/index.ts',
  'node/index': 'src/node.ts',
}

export default defineConfig({
  entry: { ...entry, 'cli/main': 'src/cli/main.ts' },
  format: ['esm'],
  dts: { entry },
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  clean: true,
  sourcemap: true,
  external: ['bs58check', '@noble/hashes', '@noble/secp256k1'],
})
