"""Records the order in which real PyTorch's engine runs the nodes of every
backward a program performs: the oracle for tests/engine_order.

It runs itself under the oracle (the venv's Python with the pinned torch
wheel backstep links, see tests/tools/oracle_python.py):

    tests/engine_order/collect_order.py --update [KEY ...]
    tests/engine_order/collect_order.py --out DIR [KEY ...]   (elsewhere)

(KEYs, e.g. programs__optim_sgd_adam, record only those programs.)

For each program listed by run_order_tests.py it writes
expected/<group>__<name>.json: {"calls": [...], "final": ...}; "calls" has
one entry per backward() or
torch.autograd.grad() call, of {"kind", "nodes": [node names in run order],
"graph": {"nodes": [names, breadth first from the roots], "edges": [[from,
to, input_nr] by position]}}: the graph as the call found it; and "final":
the graph of the program's global tensors that have a grad_fn when it ends
({"variables": [names], "graph": ...}), null when there are none or the
program raised.

How: torch.autograd.backward and torch.autograd.grad are wrapped; before
each call, a post-hook goes on every node reachable from the roots, and
comes off after. A post-hook runs right after its node, so on the CPU
engine (one thread, no reentrant backward in these programs) the order of
post-hooks is the order the nodes ran in, the same order backstep's
pre-hooks see.
"""
import io
import json
import os
import runpy
import sys
import contextlib

HERE = os.path.dirname(os.path.abspath(__file__))


def collect(path):
    import torch

    calls = []
    original_backward = torch.autograd.backward
    original_grad = torch.autograd.grad

    def roots_of(tensors):
        if isinstance(tensors, torch.Tensor):
            tensors = [tensors]
        return [t.grad_fn for t in tensors if isinstance(t, torch.Tensor) and t.grad_fn is not None]

    def hook_all(roots, record):
        handles, seen, stack = [], set(), list(roots)
        while stack:
            node = stack.pop()
            if node is None or node in seen:
                continue
            seen.add(node)
            name = node.name()
            handles.append(node.register_hook(lambda gi, go, name=name: record.append(name)))
            stack.extend(n for n, _ in node.next_functions)
        return handles

    def graph_of(roots):
        """The graph as it stands, breadth first from the roots: node names,
        and edges (from, to, input_nr) by position, per consumer in
        next_functions order; None entries left out."""
        order, index = [], {}
        for r in roots:
            if r not in index:
                index[r] = len(order)
                order.append(r)
        i = 0
        while i < len(order):
            for n, _ in order[i].next_functions:
                if n is not None and n not in index:
                    index[n] = len(order)
                    order.append(n)
            i += 1
        edges = [[index[a], index[b], nr] for a in order for b, nr in a.next_functions if b is not None]
        return {"nodes": [n.name() for n in order], "edges": edges}

    def traced(kind, original):
        def call(*args, **kwargs):
            record = []
            tensors = args[0] if args else kwargs.get("tensors", kwargs.get("outputs"))
            roots = roots_of(tensors)
            calls.append({"kind": kind, "nodes": record, "graph": graph_of(roots)})
            handles = hook_all(roots, record)
            try:
                return original(*args, **kwargs)
            finally:
                for h in handles:
                    h.remove()
        return call

    torch.autograd.backward = traced("backward", original_backward)
    torch.autograd.grad = traced("grad", original_grad)
    os.environ["PYTHONBREAKPOINT"] = "0"
    out = io.StringIO()
    final = None
    try:
        # As `python prog.py` runs it: the program's folder first on sys.path,
        # so it imports its own modules (and they do not leak into the next).
        # sys.argv as the program sees it there too (argparse scripts parse it).
        before = set(sys.modules)
        saved_argv = sys.argv
        sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
        sys.argv = [path]
        try:
            with contextlib.redirect_stdout(out):
                names = runpy.run_path(path, run_name="__main__")
        finally:
            sys.argv = saved_argv
            sys.path.pop(0)
            for m in set(sys.modules) - before:
                if getattr(sys.modules[m], "__file__", "") and \
                        os.path.abspath(sys.modules[m].__file__).startswith(os.path.dirname(os.path.abspath(path)) + os.sep):
                    del sys.modules[m]
        # The graph of every global tensor that has a grad_fn, at the end:
        # what `backstep render P --var NAME...` draws.
        variables = sorted(k for k, v in names.items()
                           if isinstance(v, torch.Tensor) and v.grad_fn is not None and not k.startswith("_"))
        if variables:
            final = {"variables": variables, "graph": graph_of([names[k].grad_fn for k in variables])}
    except SystemExit:
        pass
    except BaseException as e:  # the program's own error: what ran before it still counts
        print(f"  ({os.path.basename(path)} raised {type(e).__name__}: {e})", file=sys.stderr)
    finally:
        torch.autograd.backward = original_backward
        torch.autograd.grad = original_grad
        # A program that turned anomaly mode on must not leave it on for the
        # next one: it changes which backwards that program gets to run.
        torch.autograd.set_detect_anomaly(False)
    return calls, final


def main(only, out_dir):
    sys.path.insert(0, HERE)
    from programs_list import programs
    for key, path in programs():
        if only and key not in only:
            continue
        calls, final = collect(path)
        with open(os.path.join(out_dir, key + ".json"), "w") as f:
            f.write('{"final": ' + json.dumps(final, separators=(",", ":")) + ',\n"calls": [\n'
                    + ",\n".join(json.dumps(c, separators=(",", ":")) for c in calls) + "\n]}\n")
        print(f"{key}: {len(calls)} backward(s), {sum(len(c['nodes']) for c in calls)} nodes")


if __name__ == "__main__":
    # --update: into expected/; --out DIR: into DIR (run_order_tests.py's
    # check against this machine's PyTorch, Note [A record from another CPU]).
    args = sys.argv[1:]
    if "--update" in args:
        out_dir = os.path.join(HERE, "expected")
        args.remove("--update")
    elif "--out" in args and args.index("--out") + 1 < len(args):
        i = args.index("--out")
        out_dir = args[i + 1]
        del args[i:i + 2]
    else:
        sys.exit(__doc__)
    sys.path.insert(0, os.path.join(HERE, "..", "tools"))
    from oracle_python import reexec_under_oracle
    reexec_under_oracle()
    main(args, out_dir)
