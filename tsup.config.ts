import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'oracles/index': 'src/oracles/index.ts',
    'bytes/index': 'src/bytes/index.ts',
    'address/index': 'src/address/index.ts',
    'hash/index': 'src/hash/index.ts',
    'cli/main': 'src/cli/main.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', 'oracles/index': 'src/oracles/index.ts', 'bytes/index': 'src/bytes/index.ts', 'address/index': 'src/address/index.ts', 'hash/index': 'src/hash/index.ts' } },
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  clean: true,
  sourcemap: true,
  external: ['bs58check', '@noble/hashes', '@noble/secp256k1'],
})
