"""Records the order in which real PyTorch's engine runs the nodes of every
backward a program performs: the oracle for tests/engine_order.

Run with the interpreter that has PyTorch (Debian's python3-torch):

    /usr/bin/python3 tests/engine_order/collect_order.py --update

For each program listed by run_order_tests.py it writes
expected/<group>__<name>.json: a list, one entry per backward() or
torch.autograd.grad() call, of {"kind", "nodes": [node names in run order]}.

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

    def traced(kind, original):
        def call(*args, **kwargs):
            record = []
            calls.append({"kind": kind, "nodes": record})
            tensors = args[0] if args else kwargs.get("tensors", kwargs.get("outputs"))
            handles = hook_all(roots_of(tensors), record)
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
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(path, run_name="__main__")
    except SystemExit:
        pass
    except BaseException as e:  # the program's own error: what ran before it still counts
        print(f"  ({os.path.basename(path)} raised {type(e).__name__}: {e})", file=sys.stderr)
    finally:
        torch.autograd.backward = original_backward
        torch.autograd.grad = original_grad
    return calls


def main():
    sys.path.insert(0, HERE)
    from programs_list import programs
    for key, path in programs():
        calls = collect(path)
        with open(os.path.join(HERE, "expected", key + ".json"), "w") as f:
            json.dump(calls, f, indent=1)
            f.write("\n")
        print(f"{key}: {len(calls)} backward(s), {sum(len(c['nodes']) for c in calls)} nodes")


if __name__ == "__main__":
    if "--update" not in sys.argv:
        sys.exit(__doc__)
    main()
