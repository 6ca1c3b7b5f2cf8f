// Framing (LF lines, RFC 6455 frames), URLs, and the address book's P2PK/CC rules.
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { LineFramer, WsReader, WS_OP, encodeWsFrame, wsAcceptKey } from '../../src/electrum/framing.js'
import { parseElectrumUrl } from '../../src/electrum/transport.js'
import { ScriptBook } from '../../src/electrum/scripts.js'
import { serverError } from '../../src/electrum/client.js'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { ccAddress, txidAddress } from '../../src/cc/address.js'
import { EVAL } from '../../src/cc/eval.js'
import { p2pkScript } from '../../src/script/script.js'

const enc = (s: string) => new TextEncoder().encode(s)
const dec = (b: Uint8Array) => new TextDecoder().decode(b)

describe('LF framing', () => {
  test('several messages per read and one message over several reads', () => {
    const f = new LineFramer(100, 'error')
    expect(f.push(enc('{"a":1}\n{"b"')).map(dec)).toEqual(['{"a":1}'])
    expect(f.push(enc(':2}')).map(dec)).toEqual([])
    expect(f.push(enc('\n\n{}\n')).map(dec)).toEqual(['{"b":2}', '', '{}'])
  })
  test('over the cap: a client errors, a server drops the line and goes on', () => {
    expect(() => new LineFramer(10, 'error').push(enc('x'.repeat(11)))).toThrow(
      expect.objectContaining({ code: 'RESPONSE_TOO_LARGE' }),
    )
    const s = new LineFramer(10, 'discard')
    expect(s.push(enc('x'.repeat(30))).map(dec)).toEqual([])
    expect(s.push(enc('yy\nok\n')).map(dec)).toEqual(['ok'])
    expect(s.dropped).toBe(1)
  })
  test('property: any split of lines gives back the lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).map((x) => x.replace(/\n/g, ''))),
        fc.nat(50),
        (lines, cut) => {
          const bytes = enc(lines.map((l) => l + '\n').join(''))
          const f = new LineFramer(1000, 'error')
          const at = Math.min(cut, bytes.length)
          const got = [...f.push(bytes.subarray(0, at)), ...f.push(bytes.subarray(at))].map(dec)
          expect(got).toEqual(lines)
        },
      ),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 200) },
    )
  })
})

describe('RFC 6455', () => {
  test("the RFC's handshake example (section 1.3)", () => {
    expect(wsAcceptKey('dGhlIHNhbXBsZSBub25jZQ==')).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=')
  })
  test("the RFC's frame examples (section 5.7): unmasked and masked 'Hello', 256 and 65536 bytes", () => {
    expect(bytesToHex(encodeWsFrame(WS_OP.TEXT, enc('Hello')))).toBe('810548656c6c6f')
    expect(bytesToHex(encodeWsFrame(WS_OP.TEXT, enc('Hello'), hexToBytes('37fa213d')))).toBe('818537fa213d7f9f4d5158')
    expect(bytesToHex(encodeWsFrame(WS_OP.BINARY, new Uint8Array(256)).subarray(0, 4))).toBe('827e0100')
    expect(bytesToHex(encodeWsFrame(WS_OP.BINARY, new Uint8Array(65536)).subarray(0, 10))).toBe('827f0000000000010000')
    const server = new WsReader('server', 1000)
    expect(server.push(hexToBytes('818537fa213d7f9f4d5158'))).toEqual([
      { kind: 'message', text: true, data: enc('Hello') },
    ])
  })
  test('fragments, control frames between them, and the refusals', () => {
    const r = new WsReader('client', 1000)
    // "Hel" then ping then "lo" (RFC 5.7's fragmented example, with a ping between)
    const out = r.push(hexToBytes('010348656c' + '890548656c6c6f' + '80026c6f'))
    expect(out).toEqual([
      { kind: 'ping', data: enc('Hello') },
      { kind: 'message', text: true, data: enc('Hello') },
    ])
    expect(() => new WsReader('server', 1000).push(hexToBytes('810548656c6c6f'))).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    ) // unmasked from a client
    expect(() => new WsReader('client', 10).push(encodeWsFrame(WS_OP.TEXT, new Uint8Array(11)))).toThrow(
      expect.objectContaining({ code: 'RESPONSE_TOO_LARGE' }),
    )
    expect(() => new WsReader('client', 1e9).push(hexToBytes('817f7fffffffffffffff'))).toThrow(
      expect.objectContaining({ code: 'RESPONSE_TOO_LARGE' }),
    )
    expect(() => new WsReader('client', 1000).push(hexToBytes('c100'))).toThrow(
      expect.objectContaining({ code: 'ARG_INVALID' }),
    )
  })
})

describe('URLs', () => {
  test.each([
    ['tcp://127.0.0.1:50001', { host: '127.0.0.1', port: 50001, tls: false, ws: false }],
    ['ssl://kmd.electrum1.cipig.net:20001', { host: 'kmd.electrum1.cipig.net', port: 20001, tls: true, ws: false }],
    ['ws://localhost:30001', { host: 'localhost', port: 30001, tls: false, ws: true }],
    ['wss://h:1/path', { host: 'h', port: 1, tls: true, ws: true, path: '/path' }],
    ['[::1]:10001', { host: '::1', port: 10001, tls: false, ws: false }],
  ])('%s', (url, want) => expect(parseElectrumUrl(url)).toEqual(want))
  test.each(['http://h:1', 'tcp://h', 'tcp://h:0', 'tcp://h:1/path', 42])('refuses %s', (url) => {
    expect(() => parseElectrumUrl(url as string)).toThrow(expect.objectContaining({ code: 'ARG_INVALID' }))
  })
})

describe('ScriptBook: which scripts an address stands for', () => {
  const key = hexToBytes('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798')
  test('a known key: its P2PKH address covers P2PKH and P2PK; its CC addresses are known', () => {
    const book = new ScriptBook([key])
    const s = book.scriptsOf(p2pkhAddress(key)).map(bytesToHex)
    expect(s).toContain(bytesToHex(p2pkScript(key)))
    expect(s.length).toBe(2)
    expect(book.knows(ccAddress(EVAL.TOKENS, key))).toBe(true)
    expect(book.knows(ccAddress(EVAL.ORACLES, key))).toBe(true)
  })
  test('an unknown key: only the P2PKH script (its P2PK outputs are not found)', () => {
    const book = new ScriptBook()
    expect(book.scriptsOf(p2pkhAddress(key)).length).toBe(1)
  })
  test('a transaction teaches its outputs, the keys it names and its CCtxidaddr pseudo-key', () => {
    const book = new ScriptBook()
    const txid = '11'.repeat(32)
    expect(book.knows(txidAddress(txid))).toBe(false)
    book.learnTransaction(txid, {
      vout: [
        { value: 1n, script: p2pkScript(key) },
        { value: 0n, script: hexToBytes('6a' + '23' + 'f2' + '63' + '21' + bytesToHex(key)) },
      ],
    } as never)
    expect(book.scriptsOf(txidAddress(txid)).length).toBe(2)
    expect(book.scriptsOf(ccAddress(EVAL.TOKENS, key)).length).toBe(1)
  })
})

describe('server errors', () => {
  test('not found, broadcast reasons, oversize', () => {
    expect(
      serverError('m', { code: 2, message: "daemon error: DaemonError({'code': -5, 'message': 'No such'})" }).code,
    ).toBe('TX_NOT_FOUND')
    const b = serverError('blockchain.transaction.broadcast', {
      code: 1,
      message: 'the transaction was rejected by network rules.\n\n18: bad-txns-inputs-spent\n[0400008085202f89]',
    })
    expect([b.code, b.serverCode, b.serverMessage]).toEqual(['ELECTRUM_ERROR', 1, '18: bad-txns-inputs-spent'])
    expect(serverError('m', { code: -32600, message: 'response too large (over 1,000 bytes' }).code).toBe(
      'RESPONSE_TOO_LARGE',
    )
  })
})
