#!/usr/bin/env python3
"""Pins backstep's view of the backward pass to real PyTorch's engine.

For every program in programs_list.py:
  1. `backstep run P --trace T --graph-json G` must write files valid
     against docs/trace.schema.json and docs/graphs.schema.json (checked
     with tests/tools/check_json_schema);
  2. the node names of each backward in the trace, in order, must equal the
     order real PyTorch ran them in, and each backward's graph in the graph
     file must have the nodes, names and edges (next_functions order) of
     PyTorch's graph of the same roots (expected/<key>.json, recorded by
     collect_order.py with real PyTorch);
  3. `backstep render P --var NAME...` of the program's tensors that have a
     grad_fn at its end must draw PyTorch's graph of them (nodes, names,
     edges), so programs without a backward are covered too;
  4. stepping through the first backward with the debugger (`backstep debug
     P -x` and `:next` per node) must pause at the same nodes in the same
     order.

Usage: run_order_tests.py --backstep build/backstep --schema-checker build/tests/tools/check_json_schema
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from programs_list import programs  # noqa: E402

# Not anchored at a line start: a program that printed with end="" leaves
# the pause message on its partial line (real_tutorial_classifier.py).
PAUSED = re.compile(r"Paused \(step\) at #\d+ (\S+)")


def nonempty(calls):
    # A call that failed before the engine started ran no node: PyTorch's
    # Python wrapper still saw it, backstep's engine never did.
    return [c for c in calls if c["nodes"]]


def graph_by_position(graph):
    """A backstep.graph/v1 graph as the oracle writes it: names in order,
    edges as (from, to, input_nr) positions."""
    position = {n["id"]: i for i, n in enumerate(graph["nodes"])}
    return {"nodes": [n["name"] for n in graph["nodes"]],
            "edges": [[position[e["from"]], position[e["to"]], e["input_nr"]] for e in graph["edges"]]}


def trace_calls(trace, graphs):
    by_number = {g["backward"]: g["graph"] for g in graphs["graphs"]}
    calls = []
    for b in trace["backwards"]:
        graph = by_number.get(b["number"])
        calls.append({"kind": b["kind"], "nodes": [r["name"] for r in b["records"] if r["state"] == "done"],
                      "graph": graph_by_position(graph) if graph else None})
    return calls


def graph_difference(i, ours, theirs):
    if ours is None:
        return f"backward {i}: no graph in the graph file"
    if ours["nodes"] != theirs["nodes"]:
        for j, (x, y) in enumerate(zip(ours["nodes"], theirs["nodes"])):
            if x != y:
                return f"backward {i}: graph node {j} is {x}, PyTorch's graph has {y}"
        return f"backward {i}: graph of {len(ours['nodes'])} nodes, PyTorch's has {len(theirs['nodes'])}"
    if ours["edges"] != theirs["edges"]:
        for x, y in zip(ours["edges"], theirs["edges"]):
            if x != y:
                return f"backward {i}: graph edge {x}, PyTorch's next_functions give {y}"
        return f"backward {i}: {len(ours['edges'])} graph edges, PyTorch's graph has {len(theirs['edges'])}"
    return None


def first_difference(ours, theirs):
    if len(ours) != len(theirs):
        return f"{len(ours)} backward(s) with nodes, PyTorch ran {len(theirs)}"
    for i, (a, b) in enumerate(zip(ours, theirs), 1):
        if a["kind"] != b["kind"]:
            return f"backward {i}: kind {a['kind']}, PyTorch {b['kind']}"
        if a["nodes"] != b["nodes"]:
            for j, (x, y) in enumerate(zip(a["nodes"], b["nodes"]), 1):
                if x != y:
                    return f"backward {i}, node {j}: {x}, PyTorch ran {y}"
            return f"backward {i}: {len(a['nodes'])} nodes, PyTorch ran {len(b['nodes'])}"
        diff = graph_difference(i, a["graph"], b["graph"])
        if diff:
            return diff
    return None


def check_final_graph(backstep, path, final, tmp, key):
    """`backstep render P --var ...` draws PyTorch's graph of those tensors."""
    out = os.path.join(tmp, key + ".final.json")
    args = [backstep, "render", path, "-o", out]
    for name in final["variables"]:
        args += ["--var", name]
    p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return f"render --var {' '.join(final['variables'])}: exit {p.returncode}: {p.stderr[-500:]}"
    with open(out) as f:
        diff = graph_difference("at the end", graph_by_position(json.load(f)), final["graph"])
    return diff and diff.replace("backward at the end", f"graph of {', '.join(final['variables'])}")


def short_name(node):
    """The debugger names libtorch's own nodes as `:nodes` does
    (AccumulateGrad, CopySlices); PyTorch's name() keeps the C++ namespace."""
    return node.removeprefix("torch::autograd::")


def check_debugger(backstep, path, expected_nodes, tmp):
    """Steps through the first backward; returns None or what differed.
    Reads the pauses as they come and ends the program once it has them
    all: what runs after (2,000 more training steps under the debugger, in
    a tutorial's loop) is not this check's, and under load it took minutes."""
    cmd = os.path.join(tmp, "steps.cmd")
    with open(cmd, "w") as f:
        # :next, not :step: at a custom Function's node :step enters the
        # script's backward (pausing at its lines); :next runs it through.
        f.write(":next\n" * len(expected_nodes))
    p = subprocess.Popen([backstep, "debug", path, "-x", cmd], cwd=ROOT, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    watchdog = threading.Timer(600, p.kill)
    watchdog.start()
    out = ""
    try:
        for line in p.stdout:
            out += line
            if len(PAUSED.findall(out)) >= len(expected_nodes):
                break
    finally:
        watchdog.cancel()
        p.kill()
        p.wait()
    paused = [short_name(n) for n in PAUSED.findall(out)[: len(expected_nodes)]]
    expected = [short_name(n) for n in expected_nodes]
    if paused != expected:
        return f"debugger paused at {paused}, PyTorch ran {expected}"
    return None


def compare(backstep, key, path, ours, expected_path, tmp):
    """The first way backstep's run differs from PyTorch's record, or None."""
    with open(expected_path) as f:
        expected = json.load(f)
    theirs = nonempty(expected["calls"])
    diff = first_difference(ours, theirs)
    if not diff and expected["final"]:
        diff = check_final_graph(backstep, path, expected["final"], tmp, key)
    if not diff and theirs and len(theirs[0]["nodes"]) <= 60:
        with open(path) as f:
            interactive = "breakpoint(" in f.read()
        if not interactive:
            diff = check_debugger(backstep, path, theirs[0]["nodes"], tmp)
    return diff


def collect_here(key, tmp):
    """The record of `key` made now by this machine's PyTorch, or None."""
    out = os.path.join(tmp, "here")
    os.makedirs(out, exist_ok=True)
    p = subprocess.run([sys.executable, os.path.join(HERE, "collect_order.py"), "--out", out, key],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    path = os.path.join(out, key + ".json")
    return path if p.returncode == 0 and os.path.exists(path) else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    ap.add_argument("--schema-checker", required=True)
    ap.add_argument("only", nargs="*", help="keys to run (default: all)")
    args = ap.parse_args()
    backstep = os.path.abspath(args.backstep)
    failures, written = [], []
    tmp = tempfile.mkdtemp(prefix="backstep-order-")
    cases = [(k, p) for k, p in programs() if not args.only or k in args.only]
    for key, path in cases:
        expected_path = os.path.join(HERE, "expected", key + ".json")
        if not os.path.exists(expected_path):
            failures.append(f"{key}: no expected/{key}.json (run collect_order.py --update with real PyTorch)")
            continue
        trace, graphs = os.path.join(tmp, key + ".trace.json"), os.path.join(tmp, key + ".graphs.json")
        p = subprocess.run([backstep, "run", path, "--trace", trace, "--graph-json", graphs],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
        if p.returncode not in (0, 1) or not os.path.exists(trace) or not os.path.exists(graphs):
            failures.append(f"{key}: exit {p.returncode}, files missing\n{p.stderr[-2000:]}")
            continue
        written.append((trace, graphs))
        with open(trace) as f, open(graphs) as g:
            ours = nonempty(trace_calls(json.load(f), json.load(g)))
        diff = compare(backstep, key, path, ours, expected_path, tmp)
        note = ""
        if diff:
            # Note [A record from another CPU] (tests/run_golden.py): this
            # machine's PyTorch decides.
            here = collect_here(key, tmp)
            if here and not compare(backstep, key, path, ours, here, tmp):
                note, diff = f"; as this machine's PyTorch runs it, the record from another CPU differs: {diff}", None
            elif here:
                diff += "; this machine's PyTorch agrees with the record"
        print(f"{'FAIL' if diff else 'PASS'} {key}" + (f": {diff}" if diff else f" ({len(ours)} backward(s){note})"))
        if diff:
            failures.append(f"{key}: {diff}")
    # Schema validation: one checker run per schema over every file.
    checker = os.path.abspath(args.schema_checker)
    for schema, files in (("trace.schema.json", [t for t, _ in written]), ("graphs.schema.json", [g for _, g in written])):
        if not files:
            continue
        c = subprocess.run([checker, os.path.join(ROOT, "docs", schema)] + files, capture_output=True, text=True)
        if c.returncode != 0:
            failures.append(f"{schema}: invalid files\n{c.stdout[:3000]}{c.stderr[:1000]}")
        else:
            print(f"PASS {len(files)} files valid against docs/{schema}")
    failed_keys = {f.split(":")[0] for f in failures}
    print(f"{len([k for k, _ in cases if k not in failed_keys])} of {len(cases)} programs in PyTorch's engine order")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
