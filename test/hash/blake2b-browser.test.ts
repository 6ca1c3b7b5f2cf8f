// The default BLAKE2b in a real browser (headless Chromium): WebAssembly where the page allows it, the pure-JS
// fallback by itself under a Content-Security-Policy without 'wasm-unsafe-eval', the same sighash either way.
import { describe, expect, test } from 'vitest'
import { build } from 'esbuild'
import { resolve } from 'node:path'
import ccSpend from '../../vectors/tx/cc-spend.json' with { type: 'json' }
import { browserTestsRun, dumpDom, withPages } from '../_util/chromium.js'

const c = (ccSpend.cases as Record<string, any>[]).find((x) => x.kind === 'tx_cc_spend_example')!

// The page script: the backend the library chose, and the vector's sighash computed in the browser.
const ENTRY = `
import { blake2bBackend, sighash, parseTransaction } from './src/tx/index.ts'
import { hexToBytes, bytesToHex } from './src/bytes/hex.ts'
let text
try {
  const digest = bytesToHex(sighash(parseTransaction(${JSON.stringify(c.unsignedTx)}), 0,
    { scriptCode: hexToBytes(${JSON.stringify(c.scriptCode)}), value: BigInt(${JSON.stringify(String(c.spentOutput.value))}), hashType: ${c.hashType} }))
  let wasmCompiles = true
  try { new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) } catch { wasmCompiles = false }
  text = JSON.stringify({ backend: blake2bBackend(), digest, wasmCompiles })
} catch (e) {
  text = JSON.stringify({ error: String(e) })
}
const pre = document.createElement('pre')
pre.id = 'result'
pre.textContent = text
document.body.appendChild(pre)
`

async function runPage(
  headers: Record<string, string>,
): Promise<{ backend?: string; digest?: string; wasmCompiles?: boolean; error?: string }> {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: resolve(__dirname, '..', '..'), loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
    target: 'es2022',
  })
  const js = bundle.outputFiles[0]!.text
  const html =
    '<!doctype html><html><head><meta charset="utf-8"></head><body><script src="/app.js"></script></body></html>'
  const dom = await withPages(
    {
      '/': { body: html, type: 'text/html', headers },
      '/app.js': { body: js, type: 'text/javascript' },
    },
    (origin) => dumpDom(`${origin}/`),
  )
  const m = /<pre id="result">([^<]*)<\/pre>/.exec(dom)
  if (m === null) throw new Error(`no result in the page: ${dom.slice(0, 300)}`)
  return JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))
}

describe.runIf(browserTestsRun)('BLAKE2b in headless Chromium', () => {
  test("no CSP: the WebAssembly BLAKE2b is the default and gives the vector's sighash", async () => {
    const r = await runPage({})
    expect(r).toEqual({ backend: 'wasm', digest: c.sighash, wasmCompiles: true })
  }, 60_000)
  test("a CSP without 'wasm-unsafe-eval': the pure-JS fallback is chosen by itself, same sighash", async () => {
    const r = await runPage({ 'content-security-policy': "default-src 'none'; script-src 'self'" })
    expect(r).toEqual({ backend: 'js', digest: c.sighash, wasmCompiles: false })
  }, 60_000)
  test("a CSP with 'wasm-unsafe-eval': WebAssembly again", async () => {
    const r = await runPage({ 'content-security-policy': "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'" })
    expect(r).toEqual({ backend: 'wasm', digest: c.sighash, wasmCompiles: true })
  }, 60_000)
})
