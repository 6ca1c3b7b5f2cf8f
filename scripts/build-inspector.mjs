// Builds the offline inspector page: the library's inspector bundled for the browser by esbuild into one
// self-contained HTML file (default dist/inspector.html), which the devnet explorer serves at /inspector and which
// also works opened from disk. Usage: node scripts/build-inspector.mjs [OUT.html]
import { build } from 'esbuild'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const out = resolve(process.argv[2] ?? resolve(root, 'dist', 'inspector.html'))

const result = await build({
  stdin: {
    contents:
      "import { mountInspector } from './src/devnet/explorer/inspector-app.ts'\nmountInspector(document.body)\n",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: true,
  write: false,
  logLevel: 'silent',
})
const js = result.outputFiles[0].text.replace(/<\/script/gi, '<\\/script')
const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'">
<title>komodo-cc offline inspector</title></head>
<body><script>${js}</script></body></html>
`
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, html)
process.stdout.write(`${out} ${Buffer.byteLength(html)} bytes\n`)
