// The explorer's script, run in the browser: fetches the devnet's explorer JSON (same origin) and draws blocks,
// mempool, one transaction's inspection, token balances and each oracle's samples as an inline SVG chart. It is sent
// as the text of this function (Function.prototype.toString): it must use nothing from outside its own body.
/* eslint-disable */

/**
 * The explorer page's whole script (browser side). Not for calling in Node.
 * @example `<script>(${explorerClient.toString()})()</script>`
 */
export function explorerClient(): void {
  type Json = any
  const NUMERIC = 'cCtTiIlL'
  const $ = (id: string): HTMLElement => document.getElementById(id)!
  const h = (tag: string, attrs: Record<string, string> = {}, ...kids: (Node | string)[]): HTMLElement => {
    const el = document.createElement(tag)
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
    for (const c of kids) el.append(c)
    return el
  }
  const svg = (tag: string, attrs: Record<string, string | number>, ...kids: (Node | string)[]): SVGElement => {
    const el = document.createElementNS('http://www.w3.org/2000/svg', tag)
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v))
    for (const c of kids) el.append(c)
    return el
  }
  const coins = (sats: string): string => {
    const neg = sats.startsWith('-')
    const d = (neg ? sats.slice(1) : sats).padStart(9, '0')
    return (neg ? '-' : '') + d.slice(0, -8) + '.' + d.slice(-8)
  }
  const when = (t: number): string => new Date(t * 1000).toISOString().replace('T', ' ').slice(0, 19)
  const short = (id: string): string => id.slice(0, 10) + '…' + id.slice(-6)
  const txLink = (id: string): HTMLElement => {
    const a = h('a', { href: '#tx=' + id, class: 'txid', 'data-txid': id }, short(id))
    return a
  }
  const label = (t: { module: string | null; method: string | null }): string =>
    t.method !== null ? (t.module !== null ? t.module + ' · ' : '') + t.method : (t.module ?? 'plain')

  async function get(path: string): Promise<Json> {
    const r = await fetch(path, { cache: 'no-store' })
    if (!r.ok) throw new Error(path + ': HTTP ' + r.status)
    return r.json()
  }

  function table(head: string[], rows: (Node | string)[][], cls = ''): HTMLElement {
    return h(
      'table',
      { class: cls },
      h('thead', {}, h('tr', {}, ...head.map((x) => h('th', {}, x)))),
      h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, c))))),
    )
  }

  function chart(o: Json): Node {
    const numeric = NUMERIC.includes(o.format[0] ?? '')
    const pts = numeric
      ? o.samples.map((s: Json) => ({ s, v: Number(s.values[0]) })).filter((p: Json) => Number.isFinite(p.v))
      : []
    if (pts.length === 0)
      return h('p', { class: 'muted' }, numeric ? 'no samples yet' : 'format ' + o.format + ': not numeric')
    const W = 640
    const H = 200
    const P = 36
    const t0 = Math.min(...pts.map((p: Json) => p.s.time))
    const t1 = Math.max(...pts.map((p: Json) => p.s.time))
    const v0 = Math.min(...pts.map((p: Json) => p.v))
    const v1 = Math.max(...pts.map((p: Json) => p.v))
    // samples in one second (or of one value) spread evenly so that each point stays visible
    const x = (p: Json, i: number): number =>
      P +
      (t1 > t0
        ? ((p.s.time - t0) / (t1 - t0)) * (W - 2 * P)
        : pts.length > 1
          ? (i / (pts.length - 1)) * (W - 2 * P)
          : (W - 2 * P) / 2)
    const y = (p: Json): number => H - P - (v1 > v0 ? ((p.v - v0) / (v1 - v0)) * (H - 2 * P) : (H - 2 * P) / 2)
    const line = pts.map((p: Json, i: number) => x(p, i).toFixed(1) + ',' + y(p).toFixed(1)).join(' ')
    return svg(
      'svg',
      { class: 'chart', viewBox: '0 0 ' + W + ' ' + H, width: W, height: H, 'data-oracle': o.txid, role: 'img' },
      svg('title', {}, o.name + ' (' + o.format + '): ' + pts.length + ' samples'),
      svg('line', { x1: P, y1: H - P, x2: W - P, y2: H - P, class: 'axis' }),
      svg('line', { x1: P, y1: P, x2: P, y2: H - P, class: 'axis' }),
      svg('text', { x: 2, y: P, class: 'tick' }, String(v1)),
      svg('text', { x: 2, y: H - P, class: 'tick' }, String(v0)),
      svg('text', { x: P, y: H - 8, class: 'tick' }, when(t0)),
      svg('text', { x: W - P, y: H - 8, class: 'tick', 'text-anchor': 'end' }, when(t1)),
      svg('polyline', { points: line, class: 'series' }),
      ...pts.map((p: Json, i: number) =>
        svg(
          'circle',
          {
            cx: x(p, i).toFixed(1),
            cy: y(p).toFixed(1),
            r: 3,
            class: 'sample',
            'data-value': p.s.values[0],
            'data-time': p.s.time,
            'data-txid': p.s.txid,
          },
          svg('title', {}, p.s.values.join(', ') + ' at ' + when(p.s.time)),
        ),
      ),
    )
  }

  function render(s: Json): void {
    $('head').textContent =
      s.chain + ' · height ' + s.height + ' · clock ' + when(s.now) + ' · wallet ' + s.walletAddress
    const mem = $('mempool')
    mem.replaceChildren(
      s.mempool.length === 0
        ? h('p', { class: 'muted' }, 'empty')
        : table(
            ['txid', 'what', 'bytes', 'fee'],
            s.mempool.map((t: Json) => [txLink(t.txid), label(t), String(t.size), coins(String(t.fee))]),
          ),
    )
    $('blocks').replaceChildren(
      table(
        ['height', 'time', 'hash', 'transactions'],
        s.blocks.map((b: Json) => [
          String(b.height),
          when(b.time),
          short(b.hash),
          h(
            'span',
            {},
            ...b.txs.flatMap((t: Json) => [txLink(t.txid), h('span', { class: 'what' }, ' ' + label(t) + ' ')]),
          ),
        ]),
      ),
    )
    $('tokens').replaceChildren(
      s.tokens.length === 0
        ? h('p', { class: 'muted' }, 'no tokens yet')
        : h(
            'div',
            {},
            ...s.tokens.map((t: Json) =>
              h(
                'section',
                { class: 'token', 'data-tokenid': t.tokenid },
                h('h3', {}, t.name + ' ', txLink(t.tokenid), h('span', { class: 'muted' }, ' supply ' + t.supply)),
                table(
                  ['holder pubkey', 'token CC address', 'balance'],
                  t.balances.map((b: Json) => [short(b.pubkey), b.address, String(b.balance)]),
                  'balances',
                ),
              ),
            ),
          ),
    )
    $('oracles').replaceChildren(
      s.oracles.length === 0
        ? h('p', { class: 'muted' }, 'no oracles yet')
        : h(
            'div',
            {},
            ...s.oracles.map((o: Json) =>
              h(
                'section',
                { class: 'oracle', 'data-oracle': o.txid },
                h(
                  'h3',
                  {},
                  o.name + ' ',
                  txLink(o.txid),
                  h('span', { class: 'muted' }, ' format ' + o.format + ' · ' + o.samples.length + ' samples'),
                ),
                chart(o),
              ),
            ),
          ),
    )
  }

  function pretty(v: Json): string {
    return JSON.stringify(v, null, 2)
  }

  async function showTx(id: string): Promise<void> {
    const box = $('tx')
    if (!/^[0-9a-f]{64}$/.test(id)) {
      box.replaceChildren()
      return
    }
    try {
      const t = await get('/explorer/api/tx/' + id)
      const ins = t.inspection
      box.replaceChildren(
        h('h2', {}, 'Transaction ', h('code', { id: 'tx-id' }, t.txid)),
        h(
          'p',
          {},
          (t.height >= 0 ? 'block ' + t.height + ' · ' + t.confirmations + ' confirmations' : 'in the mempool') +
            ' · ' +
            when(t.time) +
            (ins.fee !== undefined ? ' · fee ' + coins(String(ins.fee)) : ''),
        ),
        h(
          'p',
          { id: 'tx-what' },
          'module ',
          h('b', { id: 'tx-module' }, ins.module ?? 'none'),
          ' · method ',
          h('b', { id: 'tx-method' }, ins.method ?? 'none'),
        ),
        table(
          ['n', 'value', 'kind', 'role', 'address'],
          ins.outputs.map((o: Json) => [String(o.n), coins(String(o.value)), o.kind, o.role ?? '', o.address ?? '']),
          'outputs',
        ),
        h('h3', {}, 'Payload'),
        h('pre', { id: 'tx-payload' }, pretty(ins.payload)),
        h('h3', {}, 'Reading'),
        h('pre', { id: 'tx-reading' }, pretty(ins.reading)),
        h('details', {}, h('summary', {}, 'raw hex'), h('pre', { class: 'hex' }, t.hex)),
      )
    } catch (e) {
      box.replaceChildren(h('p', { class: 'error' }, String(e)))
    }
  }

  async function refresh(): Promise<void> {
    try {
      render(await get('/explorer/api/state'))
      $('status').textContent = 'updated ' + new Date().toISOString().slice(11, 19)
      document.body.setAttribute('data-loaded', 'true')
    } catch (e) {
      $('status').textContent = String(e)
    }
  }
  const route = (): void => {
    const m = /^#tx=([0-9a-f]{64})$/.exec(location.hash)
    void showTx(m === null ? '' : m[1]!)
  }
  window.addEventListener('hashchange', route)
  route()
  void refresh()
  setInterval(() => void refresh(), 3000)
}
