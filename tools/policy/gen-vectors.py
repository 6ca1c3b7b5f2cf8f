#!/usr/bin/env python3
# Writes vectors/tx/policy-ccoracle.json: for each case of tools/policy/cases.ts, komodod's own verdicts
# (CheckTransaction and IsStandardTx, from ccoracle: komodod's unmodified C++, tools/komodod-oracle) under several
# node configurations. The expected values are komodod's; this library's code only serializes the transactions.
#   CCORACLE=/path/to/ccoracle python3 tools/policy/gen-vectors.py
import json, os, subprocess, sys
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ccoracle = os.environ.get('CCORACLE', os.path.join(root, '.ccoracle', 'ccoracle'))
cases = json.loads(subprocess.run(['npx', 'tsx', 'tools/policy/cases.ts'], cwd=root, check=True,
                                  capture_output=True, text=True).stdout)
configs = [
    {'name': 'asset chain, defaults', 'args': [], 'policy': {'chain': 'asset'}},
    # an empty chain name is komodod's KMD (assetchain::isKMD: no symbol); the harness keeps CC enabled
    {'name': 'KMD, defaults (CC enabled as in the harness)', 'args': ['--chain', ''],
     'policy': {'chain': 'KMD', 'cryptoconditions': True}},
    {'name': 'asset chain, -datacarriersize=348', 'args': ['--datacarriersize', '348'],
     'policy': {'chain': 'asset', 'datacarriersize': 348}},
    {'name': 'asset chain, -datacarrier=0', 'args': ['--datacarrier', '0'],
     'policy': {'chain': 'asset', 'datacarrier': False}},
]
out = []
for c in cases:
    verdicts = []
    for cfg in configs:
        r = subprocess.run([ccoracle] + cfg['args'] + [c['hex']], capture_output=True, text=True)
        j = json.loads(r.stdout)
        verdicts.append({'config': cfg['name'], 'checkTransaction': j['checkTransaction'],
                         'isStandardTx': j['isStandardTx']})
    out.append({'description': c['description'], 'hex': c['hex'], 'verdicts': verdicts})
doc = {
    'source': 'komodod (KomodoPlatform/komodo master 0adeeab) CheckTransaction and IsStandardTx, run by ccoracle '
              '(tools/komodod-oracle) on transactions built by tools/policy/cases.ts; regenerate with '
              'tools/policy/gen-vectors.py',
    'license': 'MIT (komodod)',
    'configs': configs,
    'cases': out,
}
with open(os.path.join(root, 'vectors', 'tx', 'policy-ccoracle.json'), 'w') as f:
    json.dump(doc, f, indent=1)
    f.write('\n')
print(len(out), 'cases')
