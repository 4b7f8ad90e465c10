#!/usr/bin/env python3
"""backstep against the tools a user would pick instead (issue 13), in one run:

1. Recording a model's graph with source lines and module paths: TorchLens's
   capture (`torchlens.trace`, named `log_forward_pass` before TorchLens 2)
   on a Transformer encoder, against backstep, which records both for every
   node of every forward. Each tool's cost is its overhead over a plain
   CPython + PyTorch forward of the same model; backstep's is its forward
   (recording included) plus writing the graph as JSON with the source and
   module of each node (`backstep render --var y -o graph.json`, less the
   same program under `backstep run`).
2. Drawing a 10,000-node graph: torchviz's `make_dot` + Graphviz (its
   default `dot` layout, and `sfdp`) against `backstep render` to SVG: its
   default (the repeated loop folded), `--no-fold` (fitted: the far part cut
   off into one box) and `--no-fold --no-fit` (every node, laid out by sfdp).

    bench/peers_bench.py BACKSTEP [runs] [--dot-timeout SECONDS]

TorchLens and torchviz (and their pure-Python dependencies) are installed
from PyPI with pip into ~/.cache/backstep/bench-peers, outside the oracle
venv, and put on PYTHONPATH for the benchmark only; without PyPI the
benchmark says so and stops. Graphviz's `dot` lays out 10k nodes in minutes:
the torchviz `dot` run is cut at --dot-timeout (default 120 s) and reported
as a lower bound.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "tools"))
from oracle_python import oracle_python  # noqa: E402

PEERS = os.path.expanduser("~/.cache/backstep/bench-peers")
PACKAGES = ["torchlens==2.36.1", "torchviz==0.0.3", "graphviz==0.21", "pillow", "safetensors", "tqdm", "packaging"]

MODEL = r'''
import time
import torch
import torch.nn as nn
torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, batch_first=True)
model = nn.Sequential(nn.Linear(16, 32), nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False),
                      nn.Linear(32, 4))
x = torch.randn(4, 10, 16)
'''

# Seconds per plain forward (best of 5 rounds of 20), printed last.
FORWARD = MODEL + r'''
for _ in range(5):
    model(x)
best = None
for _ in range(5):
    t = time.perf_counter()
    for _ in range(20):
        y = model(x)
    dt = (time.perf_counter() - t) / 20
    best = dt if best is None else min(best, dt)
print(best)
'''

# One forward, the tensor backstep render --var y draws.
ONE_FORWARD = MODEL + "y = model(x)\n"

TORCHLENS = MODEL + r'''
import torchlens
capture = getattr(torchlens, 'trace', None) or torchlens.log_forward_pass
best = None
for _ in range(%(runs)d):
    t = time.perf_counter()
    log = capture(model, x)
    dt = time.perf_counter() - t
    best = dt if best is None else min(best, dt)
print(len(log.layer_list), best)
'''

CHAIN = r'''
import torch
x = torch.randn(4, requires_grad=True)
y = x
for i in range(5000):
    y = y * 1.001 + 0.001
y = y.sum()
'''

# make_dot walks the graph recursively: a 10k-deep chain needs a higher limit.
TORCHVIZ = CHAIN + r'''
import sys
import time
import torchviz
sys.setrecursionlimit(100000)
t = time.perf_counter()
dot = torchviz.make_dot(y)
dot.engine = %(engine)r
dot.render(%(out)r, format='svg', cleanup=True)
print(time.perf_counter() - t)
'''


def ensure_peers(python):
    """Installs the peers into PEERS once; False (with a message) without PyPI."""
    probe = [python, "-c", "import torchlens, torchviz"]
    env = dict(os.environ, PYTHONPATH=PEERS)
    if subprocess.run(probe, env=env, capture_output=True).returncode == 0:
        return True
    print("installing %s into %s (pip, for this benchmark only)" % (", ".join(PACKAGES), PEERS))
    p = subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", "--target", PEERS] + PACKAGES,
                       capture_output=True, text=True)
    if p.returncode != 0:
        print("cannot install the peers from PyPI (is it reachable?); pip said:")
        print("  " + "\n  ".join(p.stderr.strip().splitlines()[-3:]))
        return False
    return subprocess.run(probe, env=env, capture_output=True).returncode == 0


def run(cmd, timeout=None):
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=PEERS)
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    if p.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), p.stderr[-2000:]))
    return time.perf_counter() - t, p.stdout.strip().splitlines()


def best_wall(cmd, runs):
    return min(run(cmd)[0] for _ in range(runs))


def write(work, name, text):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def bench_recording(backstep, python, work, runs):
    forward = write(work, "forward.py", FORWARD)
    one = write(work, "one_forward.py", ONE_FORWARD)
    lens = write(work, "torchlens_capture.py", TORCHLENS % {"runs": runs})
    plain = min(float(run([python, forward])[1][-1]) for _ in range(runs))
    ours_forward = min(float(run([backstep, "run", forward])[1][-1]) for _ in range(runs))
    graph = os.path.join(work, "graph.json")
    export = max(0.0, best_wall([backstep, "render", one, "--var", "y", "-o", graph], runs)
                 - best_wall([backstep, "run", one], runs))
    layers, theirs = run([python, lens])[1][-1].split()
    theirs = float(theirs)
    ours = ours_forward + export
    print("1. recording a Transformer encoder's graph with source lines and module paths")
    print("   plain forward, CPython + PyTorch      %9.2f ms" % (plain * 1e3))
    print("   backstep forward (records every node) %9.2f ms" % (ours_forward * 1e3))
    print("   backstep graph JSON of it             %9.2f ms" % (export * 1e3))
    print("   TorchLens capture (%s layers)        %9.2f ms" % (layers, theirs * 1e3))
    # backstep's forward can beat CPython's: its overhead is then 0.
    print("   overhead over the plain forward: backstep %.2fx, TorchLens %.1fx (backstep's is %.4f of TorchLens's);"
          % (max(0.0, ours / plain - 1), theirs / plain - 1, max(0.0, ours / plain - 1) / (theirs / plain - 1)))
    print("   recording time backstep / TorchLens: %.4f" % (ours / theirs))


def bench_drawing(backstep, python, work, runs, dot_timeout):
    chain = write(work, "chain.py", CHAIN)
    base = best_wall([backstep, "run", chain], runs)
    folded = best_wall([backstep, "render", chain, "--var", "y", "-o", os.path.join(work, "f.svg")], runs) - base
    fitted = best_wall([backstep, "render", chain, "--var", "y", "--no-fold", "-o", os.path.join(work, "n.svg")],
                       runs) - base
    every = best_wall([backstep, "render", chain, "--var", "y", "--no-fold", "--no-fit", "-o",
                       os.path.join(work, "e.svg")], 1) - base
    viz = {}
    for engine in ("sfdp", "dot"):
        prog = write(work, "torchviz_%s.py" % engine,
                     TORCHVIZ % {"engine": engine, "out": os.path.join(work, "viz_" + engine)})
        try:
            viz[engine] = (float(run([python, prog], timeout=dot_timeout if engine == "dot" else None)[1][-1]), "")
        except subprocess.TimeoutExpired:
            viz[engine] = (float(dot_timeout), ">")
    print("2. drawing a 10,002-node graph to SVG")
    print("   backstep render (loop folded)       %9.2f s" % folded)
    print("   backstep render --no-fold (fitted)  %9.2f s" % fitted)
    print("   backstep render --no-fold --no-fit  %9.2f s  (every node, sfdp)" % every)
    print("   torchviz make_dot + Graphviz sfdp   %9.2f s" % viz["sfdp"][0])
    print("   torchviz make_dot + Graphviz dot   %s%9.2f s" % (viz["dot"][1] or " ", viz["dot"][0]))
    print("   ratios: backstep default / torchviz dot %s%.4f; every node: backstep / torchviz sfdp %.2f"
          % ("<" if viz["dot"][1] else "", folded / viz["dot"][0], every / viz["sfdp"][0]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("backstep")
    ap.add_argument("runs", nargs="?", type=int, default=3)
    ap.add_argument("--dot-timeout", type=float, default=120.0)
    args = ap.parse_args()
    backstep = os.path.abspath(args.backstep)
    python = oracle_python()
    if not ensure_peers(python):
        return 1
    with tempfile.TemporaryDirectory(prefix="backstep-peers-bench-") as work:
        bench_recording(backstep, python, work, args.runs)
        bench_drawing(backstep, python, work, args.runs, args.dot_timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
