// What does this raw transaction do? Inspect an `oraclesregister` from the developer docs, decode and re-encode its
// payload, and rebuild the daemon's `oraclesinfo` offline. Run: node examples/inspect.mjs
import { bytesToHex, inspectTransaction, inspectionText, parseTransaction } from 'komodo-cc'
import { decodeOraclesOpret, encodeOraclesOpret, oraclesinfo } from 'komodo-cc/oracles'

// `getrawtransaction` of an oraclescreate and of an oraclesregister on it (developer docs, oracles.md)
const createHex =
  '010000000185b76ed0fbdb9ee2bdb5693f491b6ea23de6498f42c6e83f9f36c1eaf411dd990200000049483045022100aa198a2a' +
  'e959ee191e1359df48867480bf5a1a5bd4fa76b4398481c89ff3095102205034824dcd56b312183acd65c27a002a13dae84f5d22' +
  'c767f1efaae09ef63a5c01ffffffff0310270000000000002321038c1d42db6a45a57eccb8981b078fb7857b9b496293fe299d2b' +
  '8d120ac5b5691aac378740a804000000232103810d28146f60a42090991b044fe630d1664f3f8f46286c61e7420523318047b5ac' +
  '00000000000000001c6a1aec43064e5957544852014c0e5765617468657220696e204e594300000000'
const registerHex =
  '010000000103921d76b33363fb05b0fe68e2cf179f73584517bbd4ab08ba8df044d8c4f70d010000004847304402207241f313ef' +
  '2fb65d9eb1f870068ceba436f14996ce79d16ff85f2937c75357ee022025f0b888e742546469ad0b7fae9b85cf7c89cddf307170' +
  'bbcf794e5e90ae28b101ffffffff04102700000000000023210203921d76b33363fb05b0fe68e2cf179f73584517bbd4ab08ba8d' +
  'f044d8c4f70dac1027000000000000302ea22c80200648c12e7e058c98f0a5cc288ac271ad08bd493e1fb7de83edeea69789338f' +
  'c58103120c008203000401cc071240a804000000232103810d28146f60a42090991b044fe630d1664f3f8f46286c61e742052331' +
  '8047b5ac00000000000000004f6a4c4cec5203921d76b33363fb05b0fe68e2cf179f73584517bbd4ab08ba8df044d8c4f70d2103' +
  '810d28146f60a42090991b044fe630d1664f3f8f46286c61e7420523318047b540420f000000000000000000'

// 1. Which module, which RPC, which fields, which output does what?
const ins = inspectTransaction(registerHex)
console.log(inspectionText(ins))
console.log(ins.module, ins.method, ins.payload)
for (const [i, o] of ins.outputs.entries()) console.log(`  vout ${i}: ${o.role ?? '?'} ${o.address ?? ''}`)

// 2. The OP_RETURN payload alone, decoded and re-encoded byte for byte
const { vout } = parseTransaction(registerHex)
const opret = vout[vout.length - 1].script
const same = bytesToHex(encodeOraclesOpret(decodeOraclesOpret(opret))) === bytesToHex(opret)
console.log('payload re-encodes to the same bytes:', same)

// 3. What `oraclesinfo` would print, from the two transactions alone
console.log(oraclesinfo(createHex, [registerHex]))
