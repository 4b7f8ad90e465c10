"""A training loop's step in the other outputs, for run_batch_tests.py:
`--log-backward` lines name each backward's step and loss, and `render
--grads` after N steps draws the last backward, coloured by its gradients,
with a title naming its step (docs/training.md)."""
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "programs", "train_steps.py")


def test_log_steps(r, check):
    log = r.path("log.txt")
    p = r.run("run", PROGRAM, "--log-backward", log)
    losses = eval(p.stdout.strip()) if p.returncode == 0 else []
    lines = open(log).read().splitlines() if os.path.exists(log) else []
    steps = []
    for line in lines:
        m = re.match(r"^Executing: \S+ #\d+ (?:\S+:\d+ )?step (\d+) loss (\S+) with grad_outputs: \[.*\]$", line)
        steps.append((int(m.group(1)), m.group(2)) if m else line)
    per_backward = len(lines) // 4 if lines else 0
    expected = [(k, f"{losses[k]:.4g}") for k in range(4) for _ in range(per_backward)]
    check("--log-backward in a training loop: each line names its step and loss after the creating line",
          len(losses) == 4 and per_backward > 0 and steps == expected, "\n".join(lines[:8]))


def test_render_grads_after_steps(r, check):
    dot, trace = r.path("last.dot"), r.path("t.json")
    p = r.run("render", PROGRAM, "--grads", "-o", dot)
    losses = eval(p.stdout.strip()) if p.returncode == 0 else []
    text = open(dot).read() if p.returncode == 0 else p.stderr
    check("render --grads after 3 steps: the title names the step drawn (the last backward's)",
          len(losses) == 4 and f"train_steps.py: step 3 (backward #4), loss {losses[3]:.4g}" in text, text[:400])
    q = r.run("run", PROGRAM, "--trace", trace)
    backwards = json.load(open(trace))["backwards"] if q.returncode == 0 else []

    def norms(b):
        return sorted(f"{g['norm']:.3g}" for rec in b["records"] for g in rec["grad_outputs"] if g)
    drawn = sorted(re.findall(r"grad in \d+: \|g\|=([0-9.e+-]+)", text))
    check("render --grads after 3 steps: nodes coloured by the last backward's gradients, not an earlier one's",
          len(backwards) == 4 and drawn == norms(backwards[-1]) and drawn != norms(backwards[0]),
          f"{drawn} vs last {norms(backwards[-1]) if backwards else None}")
