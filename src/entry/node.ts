// komodo-cc/node: Node-only helpers (reading komodod's conf file)
export { readKomodoConf, komodoDataDir, komodoConfPath, parseKomodoConf } from '../rpc/conf.js'
