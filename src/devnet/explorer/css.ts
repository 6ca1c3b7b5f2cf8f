// The explorer's and the offline inspector's style sheet.

/** CSS of the explorer pages (inline: the pages load nothing else). */
export const EXPLORER_CSS = `
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d232a;background:#f6f7f9}
header{background:#1d3557;color:#fff;padding:10px 16px;display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
header h1{font-size:18px;margin:0}header a{color:#cde}
main{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px;padding:16px}
section.panel{background:#fff;border:1px solid #dde;border-radius:6px;padding:8px 12px;overflow:auto}
section.wide{grid-column:1/-1}
h2{font-size:16px;margin:4px 0 8px}h3{font-size:14px;margin:8px 0 4px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:2px 6px;border-bottom:1px solid #eef;vertical-align:top}
code,pre,.txid{font-family:ui-monospace,monospace;font-size:12px}pre{white-space:pre-wrap;word-break:break-all;background:#f3f4f8;padding:6px}
.muted{color:#778}.what{color:#456;font-size:12px}.error{color:#b00}
svg.chart{background:#fbfcff;border:1px solid #eef;max-width:100%;height:auto}
.axis{stroke:#99a}.series{fill:none;stroke:#2a6fdb;stroke-width:1.5}.sample{fill:#e63946}.tick{font-size:10px;fill:#667}
textarea{width:100%;min-height:120px;font-family:ui-monospace,monospace}input{width:100%;margin:6px 0;box-sizing:border-box}
`
