// What a hurried developer writes for the oracle data format: Buffer.concat, BigInt, TextEncoder/TextDecoder.
// Kept only as the benchmark peer (and checked against our codec before timing).
const enc = new TextEncoder()
const dec = new TextDecoder()

export type PlainValue = number | bigint | string | Uint8Array

export function plainEncode(format: string, values: PlainValue[]): Buffer {
  const parts: Buffer[] = []
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!
    const v = values[i]!
    if (c === 's' || c === 'S' || c === 'd' || c === 'D') {
      const body = Buffer.from(typeof v === 'string' ? enc.encode(v) : (v as Uint8Array))
      const len = Buffer.alloc(c === 's' || c === 'd' ? 1 : 2)
      if (len.length === 1) len.writeUInt8(body.length)
      else len.writeUInt16LE(body.length)
      parts.push(len, body)
    } else if (c === 'h') {
      parts.push(Buffer.from(v as string, 'hex').reverse())
    } else {
      const width = { c: 1, C: 1, t: 2, T: 2, i: 4, I: 4, l: 8, L: 8 }[c]!
      const b = Buffer.alloc(width)
      if (width === 8) {
        if (c === 'l') b.writeBigInt64LE(BigInt(v as bigint))
        else b.writeBigUInt64LE(BigInt(v as bigint))
      } else if (c === c.toLowerCase()) b.writeIntLE(v as number, 0, width)
      else b.writeUIntLE(v as number, 0, width)
      parts.push(b)
    }
  }
  return Buffer.concat(parts)
}

export function plainDecode(format: string, data: Uint8Array): PlainValue[] {
  const buf = Buffer.from(data)
  const out: PlainValue[] = []
  let o = 0
  for (const c of format) {
    if (c === 's' || c === 'S' || c === 'd' || c === 'D') {
      const len = c === 's' || c === 'd' ? buf.readUInt8(o) : buf.readUInt16LE(o)
      o += c === 's' || c === 'd' ? 1 : 2
      const body = buf.subarray(o, o + len)
      if (body.length !== len) throw new Error('short')
      out.push(c === 's' || c === 'S' ? dec.decode(body) : new Uint8Array(body))
      o += len
    } else if (c === 'h') {
      out.push(
        Buffer.from(buf.subarray(o, o + 32))
          .reverse()
          .toString('hex'),
      )
      o += 32
    } else {
      const width = { c: 1, C: 1, t: 2, T: 2, i: 4, I: 4, l: 8, L: 8 }[c]!
      if (width === 8) out.push(c === 'l' ? buf.readBigInt64LE(o) : buf.readBigUInt64LE(o))
      else out.push(c === c.toLowerCase() ? buf.readIntLE(o, width) : buf.readUIntLE(o, width))
      o += width
    }
  }
  if (o !== buf.length) throw new Error('trailing')
  return out
}
