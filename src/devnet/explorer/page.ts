// The explorer's HTML: one page, CSS and script inline, nothing fetched from beyond the devnet itself.
import { explorerClient } from './client.js'
import { EXPLORER_CSS as CSS } from './css.js'

/**
 * The explorer page served at the devnet's HTTP root (with `explorer` on): blocks, mempool, a transaction's
 * inspection, token balances and oracle charts, drawn by an inline script from `/explorer/api/…`.
 * @example explorerHtml('DEVNET').startsWith('<!doctype html>') // true
 */
export function explorerHtml(chain: string): string {
  const title = `${chain.replace(/[^A-Za-z0-9_-]/g, '')} devnet explorer`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${CSS}</style></head>
<body>
<header><h1>${title}</h1><span id="head">loading…</span><span id="status" class="muted"></span>
<a href="/inspector">offline inspector</a></header>
<main>
<section class="panel wide" id="tx"></section>
<section class="panel"><h2>Mempool</h2><div id="mempool"></div></section>
<section class="panel"><h2>Tokens</h2><div id="tokens"></div></section>
<section class="panel wide"><h2>Oracles</h2><div id="oracles"></div></section>
<section class="panel wide"><h2>Blocks</h2><div id="blocks"></div></section>
</main>
<script>var __name=function(f){return f};(${explorerClient.toString()})()</script>
</body></html>
`
}
