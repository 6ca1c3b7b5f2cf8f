// The offline inspector, a browser app: paste a raw transaction's hex, read the inspector's explanation. Bundled
// for the browser by esbuild (`node scripts/build-inspector.mjs` writes dist/inspector.html); it never reaches the network.
import { inspectTransaction } from '../../inspect/inspect.js'
import { KomodoCcError } from '../../errors.js'
import { EXPLORER_CSS } from './css.js'

/** JSON text of an inspection: bigints as decimal strings, Uint8Arrays as hex. */
function json(v: unknown): string {
  return JSON.stringify(
    v,
    (_k, x: unknown) =>
      typeof x === 'bigint'
        ? x.toString()
        : x instanceof Uint8Array
          ? Array.from(x, (b) => b.toString(16).padStart(2, '0')).join('')
          : x,
    2,
  )
}

/**
 * Draws the inspector's form into `root` and decodes whatever is pasted (or given in the URL's `#hex=` part).
 * @example mountInspector(document.body)
 */
export function mountInspector(root: HTMLElement): void {
  const style = document.createElement('style')
  style.textContent = EXPLORER_CSS
  document.head.append(style)
  const head = document.createElement('header')
  head.innerHTML = '<h1>komodo-cc offline inspector</h1><span>decodes in this page; nothing is sent anywhere</span>'
  const area = document.createElement('textarea')
  area.id = 'hex'
  area.placeholder = 'raw transaction hex'
  area.spellcheck = false
  const fmt = document.createElement('input')
  fmt.id = 'format'
  fmt.placeholder = 'oracle format (optional, e.g. L)'
  const out = document.createElement('pre')
  out.id = 'out'
  const what = document.createElement('p')
  what.id = 'what'
  const main = document.createElement('main')
  const panel = document.createElement('section')
  panel.className = 'panel wide'
  panel.append(area, fmt, what, out)
  main.append(panel)
  root.append(head, main)
  const run = (): void => {
    const hex = area.value.replace(/\s+/g, '')
    if (hex === '') {
      what.textContent = ''
      out.textContent = ''
      return
    }
    try {
      const f = fmt.value.trim()
      const ins = inspectTransaction(hex, f === '' ? {} : { oracleFormat: f })
      what.textContent = `txid ${ins.txid} · module ${ins.module ?? 'none'} · method ${ins.method ?? 'none'}`
      what.dataset.module = ins.module ?? ''
      what.dataset.method = ins.method ?? ''
      out.textContent = json(ins)
    } catch (e) {
      what.textContent = e instanceof KomodoCcError ? `${e.code}` : 'error'
      what.dataset.module = ''
      what.dataset.method = ''
      out.textContent = e instanceof Error ? e.message : String(e)
    }
  }
  area.addEventListener('input', run)
  fmt.addEventListener('input', run)
  const m = /^#hex=([0-9a-fA-F]*)$/.exec(location.hash)
  if (m !== null) area.value = m[1]!
  run()
  document.body.dataset.loaded = 'true'
}
