"""A gradient summarized once (Note [A gradient summarized once]): the
summary a node's post-hook made of a big gradient is reused by the next
node's pre-hook only when the very tensor arrives unmodified. Where a hook
changed it in place, replaced it, or two gradients were accumulated, the
receiving node's incoming summary must be the tensor it got: here checked
against the producer's summary times what the hook did."""
import json
import os


def make_test(check, programs):
    def test_trace_summaries(r):
        trace = r.path("t.json")
        p = r.run("run", os.path.join(programs, "handed_over_grads.py"), "--trace", trace)
        check("handed-over summaries: the program runs", p.returncode == 0, p.stderr)
        records = json.load(open(trace))["backwards"][0]["records"] if p.returncode == 0 else []
        by_name = {}
        for rec in records:
            by_name.setdefault(rec["name"], []).append(rec)

        def incoming(rec):
            return rec["grad_outputs"][0]["norm"]

        def produced(rec, i=0):
            return rec["grad_inputs"][i]["norm"]

        adds = by_name.get("AddBackward0", [])
        muls = by_name.get("MulBackward0", [])
        tanh = by_name.get("TanhBackward0", [None])[0]
        ok = len(adds) == 2 and len(muls) == 2 and tanh is not None
        check("handed-over summaries: the graph is the expected one", ok, [r["name"] for r in records])
        if not ok:
            return
        e_add, c_add = adds  # e = d + d runs first, then c = b + 1
        # d + d: both of its gradients go to d's TanhBackward0 input and are
        # accumulated (a new tensor): twice what one of them is.
        check("two gradients accumulated: the receiver's summary is their sum's",
              abs(incoming(tanh) - 2 * produced(e_add, 0)) < 1e-3 * incoming(tanh), (incoming(tanh), produced(e_add, 0)))
        # c's hook returned g * 5: c's AddBackward0 receives a new tensor.
        check("a gradient a hook replaced: the receiver's summary is the new tensor's",
              abs(incoming(c_add) - 5 * produced(tanh)) < 1e-3 * incoming(c_add), (incoming(c_add), produced(tanh)))
        # b's hook multiplied in place by 4: b's MulBackward0 receives the
        # produced tensor itself, changed.
        b_mul = muls[0]
        check("a gradient a hook changed in place: the receiver's summary is of the changed values",
              abs(incoming(b_mul) - 4 * produced(c_add)) < 1e-3 * incoming(b_mul), (incoming(b_mul), produced(c_add)))
        # a's MulBackward0 receives what b's produced, as it was: handed over.
        a_mul = muls[1]
        check("a gradient that arrives as produced: the same summary",
              incoming(a_mul) == produced(b_mul), (incoming(a_mul), produced(b_mul)))
    return test_trace_summaries
