#!/usr/bin/env python3
"""Records what real PyTorch prints for the programs here marked
`# oracle: pytorch` into expected/<name>.out. Run with /usr/bin/python3
(Debian's python3-torch); the tests then run without Python's torch.
Programs marked `# oracle: hand` have hand-checked expected output (they use
torch.autograd.graph features that PyTorch 1.13's Python lacks)."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

for name in sorted(os.listdir(HERE)):
    if not name.endswith(".py") or name in ("record_expected.py", "run_programs.py"):
        continue
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        if "# oracle: pytorch" not in f.readline():
            continue
    p = subprocess.run([sys.executable, os.path.join(HERE, name)], capture_output=True, text=True,
                       env=dict(os.environ, OMP_NUM_THREADS="1"))
    if p.returncode != 0:
        sys.exit("%s failed under PyTorch:\n%s" % (name, p.stderr))
    with open(os.path.join(HERE, "expected", name[:-3] + ".out"), "w", encoding="utf-8") as f:
        f.write(p.stdout)
    print("recorded", name)
