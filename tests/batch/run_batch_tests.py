#!/usr/bin/env python3
"""Batch mode as CI uses it: every exit status, the trace / graph / picture
files (validated against docs/*.schema.json), --json-errors, --timeout,
--log-backward, and colour only on a terminal (NO_COLOR honoured).

Usage: run_batch_tests.py --backstep build/backstep --schema-checker build/tests/tools/check_json_schema
"""
import argparse
import json
import re
import os
import pty
import shutil
import subprocess
import sys
import tempfile
import time

from report_tests import test_report
from steps_output_tests import test_log_steps, test_render_grads_after_steps

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGRAMS = os.path.join(HERE, "programs")
sys.path.insert(0, HERE)

failures = []
passed = 0


def check(name, condition, detail=""):
    global passed
    if condition:
        passed += 1
        print(f"PASS {name}")
    else:
        failures.append(name)
        print(f"FAIL {name}" + (f"\n{detail}" if detail else ""))


import files_whole  # noqa: E402  (after check: it is handed over)
test_files_whole = files_whole.make_test(check)
import backward_interrupts  # noqa: E402
test_backward_interrupts = backward_interrupts.make_test(check, PROGRAMS)
import trace_summaries  # noqa: E402
test_trace_summaries = trace_summaries.make_test(check, PROGRAMS)


def prog(name):
    return os.path.join(PROGRAMS, name)


class Runner:
    def __init__(self, backstep, checker, tmp):
        self.backstep, self.checker, self.tmp = backstep, checker, tmp

    def run(self, *args, env=None, timeout=120):
        e = dict(os.environ)
        e.pop("NO_COLOR", None)
        e.update(env or {})
        return subprocess.run([self.backstep, *args], capture_output=True, text=True, env=e, timeout=timeout, cwd=ROOT)

    def valid(self, schema, path):
        c = subprocess.run([self.checker, os.path.join(ROOT, "docs", schema), path], capture_output=True, text=True)
        return c.returncode == 0, c.stdout + c.stderr

    def path(self, name):
        return os.path.join(self.tmp, name)


def test_files(r):
    trace, graphs, pics = r.path("t.json"), r.path("g.json"), r.path("pics")
    p = r.run("run", prog("two_backwards.py"), "--trace", trace, "--graph-json", graphs, "--render-dir", pics)
    check("exit 0 after a clean run", p.returncode == 0, p.stderr)
    ok, why = r.valid("trace.schema.json", trace)
    check("trace valid against docs/trace.schema.json", ok, why)
    ok, why = r.valid("graphs.schema.json", graphs)
    check("graph file valid against docs/graphs.schema.json", ok, why)
    t = json.load(open(trace))
    kinds = [(b["kind"], b["call_site"]["line"], b["outcome"]) for b in t["backwards"]]
    check("trace: one entry per backward and grad, with call sites", kinds == [("backward", 6, "finished"), ("grad", 7, "finished")], kinds)
    first = t["backwards"][0]["records"]
    names = [rec["name"] for rec in first]
    check("trace: nodes in engine order", names == ["SumBackward0", "SinBackward0", "MulBackward0", "torch::autograd::AccumulateGrad"], names)
    sin = first[1]
    # d/dx sum(sin(2x)) flows 1s into SinBackward0 and cos(2x) out of it.
    import math
    want = math.sqrt(sum(math.cos(2 * v) ** 2 for v in (0.5, -1.0, 2.0)))
    check("trace: gradient statistics are the real gradient's",
          sin["grad_outputs"][0]["norm"] == 3 ** 0.5 or abs(sin["grad_outputs"][0]["norm"] - 3 ** 0.5) < 1e-5
          and abs(sin["grad_inputs"][0]["norm"] - want) < 1e-5, json.dumps(sin))
    check("trace: creating line of each node", all(rec["source"]["line"] == 5 for rec in first), json.dumps(first)[:500])
    g = json.load(open(graphs))
    check("graph file: one graph per backward, roots set",
          [x["backward"] for x in g["graphs"]] == [1, 2] and all(x["graph"]["roots"] for x in g["graphs"]), json.dumps(g)[:500])
    pictures = sorted(os.listdir(pics))
    check("--render-dir: backward-001.svg, backward-002.svg", pictures == ["backward-001.svg", "backward-002.svg"], pictures)
    svg = open(os.path.join(pics, "backward-001.svg")).read()
    check("pictures are SVG of the backward's graph", svg.lstrip().startswith("<?xml") and "SinBackward0" in svg, svg[:200])
    check("no temporary files left beside the outputs", sorted(os.listdir(r.tmp)) == ["g.json", "pics", "t.json"], os.listdir(r.tmp))
    p = r.run(prog("two_backwards.py"), "--render-dir", r.path("png"), "--format", "png")
    data = open(os.path.join(r.path("png"), "backward-002.png"), "rb").read()
    check("`backstep FILE --render-dir --format png` writes PNGs", p.returncode == 0 and data[:8] == b"\x89PNG\r\n\x1a\n")


def test_failures(r):
    trace = r.path("fail.json")
    p = r.run("run", prog("inplace_backward.py"), "--trace", trace)
    check("exit 1 when a backward fails", p.returncode == 1, p.stderr)
    b = json.load(open(trace))["backwards"]
    check("the trace of a failed backward says why",
          len(b) == 1 and b[0]["outcome"] == "failed" and "modified by an inplace operation" in b[0]["error"]
          and b[0]["records"][-1]["state"] == "failed", json.dumps(b)[:800])
    p = r.run("run", prog("raises.py"))
    check("exit 1 and a Python traceback when the program raises",
          p.returncode == 1 and "Traceback (most recent call last)" in p.stderr and "raises.py\", line 5" in p.stderr, p.stderr)
    check("no colour when stderr is not a terminal", "\x1b[" not in p.stderr + p.stdout)
    p = r.run("run", prog("raises.py"), "--json-errors")
    try:
        j = json.loads(p.stderr.strip().splitlines()[-1])
    except Exception as e:  # noqa: BLE001
        j = {"unparsable": str(e)}
    check("--json-errors: one JSON object with type, message, place, traceback",
          p.returncode == 1 and j.get("type") == "RuntimeError" and j.get("line") == 5 and j.get("column") == 12
          and [f["function"] for f in j.get("traceback", [])] == ["<module>", "project"]
          and "elements" in j.get("message", ""), p.stderr)
    p = r.run("run", prog("syntax_error.py"), "--json-errors")
    j = json.loads(p.stderr.strip().splitlines()[-1]) if p.stderr.strip() else {}
    check("--json-errors for a syntax error", p.returncode == 1 and j.get("type") == "SyntaxError" and j.get("line") == 1, p.stderr)
    p = r.run("run", prog("exits.py"))
    check("sys.exit(5) exits 5, sys.argv and sys.stderr work",
          p.returncode == 5 and p.stdout == "argv 1\n" and p.stderr == "to stderr\n", (p.returncode, p.stdout, p.stderr))
    p = r.run("run", prog("exit_message.py"))
    check("sys.exit('message') prints it and exits 1", p.returncode == 1 and p.stderr == "gradient check failed\n", p.stderr)


def test_usage_and_files(r):
    for args, what in ((["run", "--bogus", prog("raises.py")], "an unknown option"),
                       (["run"], "no FILE"),
                       (["run", prog("raises.py"), "--format", "bmp"], "a bad --format"),
                       (["run", prog("raises.py"), "--timeout", "soon"], "a bad --timeout"),
                       (["render", prog("two_backwards.py"), "-o", r.path("x.svg"), "--depth", "deep"], "a bad render flag")):
        p = r.run(*args)
        check(f"exit 2 for {what}", p.returncode == 2 and "usage" in p.stderr.lower() or p.returncode == 2 and "backstep" in p.stderr, p.stderr)
    p = r.run("run", r.path("missing.py"))
    check("exit 3 when the program cannot be read", p.returncode == 3 and "missing.py" in p.stderr, p.stderr)
    open(r.path("a_file"), "w").close()
    p = r.run("run", prog("two_backwards.py"), "--trace", r.path("a_file/t.json"))
    check("exit 3, before running, when the trace cannot be written",
          p.returncode == 3 and p.stdout == "" and "is a file, not a folder" in p.stderr, (p.stdout, p.stderr))
    p = r.run("run", prog("two_backwards.py"), "--trace", r.path("made/by/run/t.json"))
    check("missing folders of an output file are made",
          p.returncode == 0 and os.path.isfile(r.path("made/by/run/t.json")), (p.returncode, p.stderr))
    p = r.run("run", prog("two_backwards.py"), "--render-dir", r.path("a_file"))
    check("exit 3 when --render-dir is a file", p.returncode == 3 and "not a folder" in p.stderr, p.stderr)
    p = r.run("run", prog("two_backwards.py"), "--log-backward", r.path("no/such/log.txt"))
    check("exit 3 when the log cannot be opened", p.returncode == 3, p.stderr)
    log = r.path("log.txt")
    p = r.run("run", prog("two_backwards.py"), "--log-backward", log)
    lines = open(log).read().splitlines() if os.path.exists(log) else []
    check("--log-backward FILE: one line per node run",
          p.returncode == 0 and len(lines) == 6 and "SumBackward0" in lines[0], lines)
    check("--log-backward FILE: PyTorch's line with the node's id and creating line",
          bool(lines) and lines[0].startswith("Executing: SumBackward0 #0 ")
          and lines[0].endswith("two_backwards.py:5 with grad_outputs: [f32[]]")
          and lines[2].endswith("two_backwards.py:5 with grad_outputs: [f32[3]]"), lines)


HELP_FORMS = (["--help"], ["run", "--help"], ["debug", "--help"], ["render", "--help"])


def option_lines(text):
    """The option lines of CLI11's help: (names and metavar, description)."""
    rows = []
    for line in text.splitlines():
        m = re.match(r"^  (-\S.*?)\s{2,}(\S.*)$", line)
        if m:
            rows.append((m.group(1), m.group(2)))
        elif re.match(r"^  -\S", line):
            rows.append((line.strip(), ""))
    return rows


def test_help(r):
    """Item 9 of issue 15: --help lists every option with a sentence and an English metavar; `help CMD`."""
    helps = {}
    for args in HELP_FORMS:
        p = r.run(*args)
        helps[args[0]] = p.stdout
        rows = option_lines(p.stdout)
        check(f"{' '.join(args)}: exit 0 and options listed", p.returncode == 0 and len(rows) >= 2, p.stdout + p.stderr)
        check(f"{' '.join(args)}: every option has a sentence", all(desc for _, desc in rows), rows)
        metavars = " ".join(names for names, _ in rows)
        check(f"{' '.join(args)}: metavars read as English (no SECONDS:SECONDS, TEXT:{{...}}, FLOAT)",
              not re.search(r"[:{}]|\b(TEXT|FLOAT|INT|UINT)\b", metavars), metavars)
    render = helps["render"]
    for flag in ("-o", "--var", "--saved", "--grads", "--depth", "--module-depth", "--around", "--radius",
                 "--rankdir", "--layout", "--no-fold", "--no-fit", "--no-legend", "--title", "--format"):
        check(f"render --help lists {flag}", re.search(r"^\s+(-o,)?" + re.escape(flag) + r"\b", render, re.M) is not None, render)
    check("render --help: --saved[=all] and --around #ID read as English",
          "--saved [=all]" in render and "--around #ID" in render and "-o,--output OUT" in render, render)
    check("run --help: --timeout SECONDS, --format FORMAT",
          "--timeout SECONDS" in helps["run"] and "--format FORMAT" in helps["run"], helps["run"])
    check("debug --help lists no exit status 124 (debug has no --timeout)", "124" not in helps["debug"], helps["debug"])
    p = r.run("debug", prog("two_backwards.py"), "--timeout", "5")
    check("debug --timeout is refused as a usage error", p.returncode == 2 and "--timeout" in p.stderr, p.stderr)
    for topic, form in (([], "--help"), (["run"], "run"), (["debug"], "debug"), (["render"], "render")):
        p = r.run("help", *topic)
        check(f"backstep help {' '.join(topic)}: the same text as {form} --help",
              p.returncode == 0 and p.stdout == helps[form] and p.stderr == "", (p.returncode, p.stderr, p.stdout[:300]))
    check("backstep --help names `help`", re.search(r"^\s+help\s", helps["--help"], re.M) is not None, helps["--help"])
    p = r.run("help", "nope")
    check("backstep help nope: usage error naming the commands",
          p.returncode == 2 and "no command 'nope'" in p.stderr and "render" in p.stderr, p.stderr)


def test_early_validation(r):
    """Item 9: options are checked before the program runs; --json-errors covers usage and file errors."""
    printing = prog("two_backwards.py")  # prints when it runs
    p = r.run("render", printing, "-o", r.path("x.foo"))
    check("render -o x.foo: usage error before the program runs",
          p.returncode == 2 and p.stdout == "" and "unknown extension '.foo'" in p.stderr, (p.stdout, p.stderr))
    p = r.run("render", printing, "-o", r.path("x.svg"), "--around", "twelve")
    check("render --around twelve: usage error before the program runs",
          p.returncode == 2 and p.stdout == "" and "--around" in p.stderr, (p.stdout, p.stderr))
    p = r.run("render", printing, "-o", r.path("x.svg"), "--around", "#999")
    check("render --around #999: a usage error naming the ids there are, no picture",
          p.returncode == 2 and "--around #999: the graph drawn has no such node (its nodes are #" in p.stderr
          and not os.path.exists(r.path("x.svg")), (p.returncode, p.stderr))
    p = r.run("render", printing, "-o", r.path("made/by/render/x.svg"))
    check("render -o into a missing folder makes it", p.returncode == 0 and os.path.isfile(r.path("made/by/render/x.svg")),
          p.stderr)
    p = r.run("run", printing, "--bogus", "--json-errors")
    j = json_line(p.stderr)
    check("--json-errors: a usage error is one JSON object (type UsageError), exit 2",
          p.returncode == 2 and j.get("type") == "UsageError" and "--bogus" in j.get("message", "")
          and p.stderr.count("\n") == 1, p.stderr)
    p = r.run("run", r.path("missing.py"), "--json-errors")
    j = json_line(p.stderr)
    check("--json-errors: a program that cannot be read is one JSON object (type FileError), exit 3",
          p.returncode == 3 and j.get("type") == "FileError" and "missing.py" in j.get("message", ""), p.stderr)
    open(r.path("a_file"), "w").close()
    p = r.run("run", printing, "--trace", r.path("a_file/t.json"), "--json-errors")
    j = json_line(p.stderr)
    check("--json-errors: an output that cannot be written is one JSON object, exit 3, before running",
          p.returncode == 3 and p.stdout == "" and j.get("type") == "FileError", (p.stdout, p.stderr))
    p = r.run("run", printing, "--log-backward", r.path("a_file/log.txt"), "--json-errors")
    j = json_line(p.stderr)
    check("--json-errors: a log that cannot be opened is one JSON object, exit 3",
          p.returncode == 3 and j.get("type") == "FileError" and "log.txt" in j.get("message", ""), p.stderr)


def json_line(text):
    try:
        return json.loads(text)
    except ValueError:
        return {}


def test_not_text(r):
    """Item 10: a binary program file is refused with one line, nothing of it echoed."""
    binary = r.path("prog.bin")
    with open(binary, "wb") as f:
        f.write(b"\x7fELF\x02\x01\x01\x00\x00\x1b[31mred\x1b[0m\nprint(1)\n" + bytes(range(256)) * 8)
    for args in (["run", binary], [binary], ["debug", binary], ["render", binary, "-o", r.path("b.svg")]):
        p = r.run(*args)
        check(f"{' '.join(a if a != binary else 'prog.bin' for a in args)}: refused with one line",
              p.returncode == 3 and p.stdout == "" and p.stderr == f"backstep: {binary}: not a text file\n",
              (p.returncode, p.stdout[:200], p.stderr[:300]))
    p = r.run("/bin/ls")
    check("backstep /bin/ls: one line, no control characters",
          p.returncode == 3 and p.stderr == "backstep: /bin/ls: not a text file\n" and p.stdout == "",
          (p.returncode, p.stderr[:300]))
    p = r.run("run", binary, "--json-errors")
    check("--json-errors: a binary file is one JSON object", json_line(p.stderr).get("message") == f"{binary}: not a text file",
          p.stderr[:300])
    weird = r.path("we\x1bird.py")
    p = r.run("run", weird)
    check("a control character in a file name is shown escaped, never raw",
          p.returncode == 3 and "\x1b" not in p.stderr and "we\\x1bird.py" in p.stderr, repr(p.stderr))


def test_trace_functions(r):
    out = r.path("functions.json")
    p = r.run("run", prog("function_nodes.py"), "--trace", out)
    trace = json.load(open(out)) if p.returncode == 0 else {"backwards": []}
    by_line = {}
    for run in trace["backwards"]:
        for rec in run["records"]:
            if rec["source"]:
                by_line.setdefault(rec["source"]["line"], set()).add(rec["source"]["function"])
    check("trace records name the script function that made each node, after its graph died",
          by_line.get(5) == {"layer"} and by_line.get(11) == {"<module>"}, by_line)


def test_timeout(r):
    start = time.monotonic()
    p = r.run("run", prog("forever.py"), "--timeout", "1", "--trace", r.path("timeout.json"))
    took = time.monotonic() - start
    check("exit 124 when --timeout runs out", p.returncode == 124, (p.returncode, p.stderr))
    check("--timeout says so and where the program was",
          "--timeout 1" in p.stderr and "forever.py\", line" in p.stderr, p.stderr)
    check("--timeout stops it promptly", took < 15, took)
    check("files are still written after a timeout", os.path.exists(r.path("timeout.json")))
    start = time.monotonic()
    p = r.run("run", prog("sleeps.py"), "--timeout", "1")
    took = time.monotonic() - start
    check("--timeout interrupts time.sleep", p.returncode == 124 and "woke up" not in p.stdout and took < 10,
          (p.returncode, took, p.stderr))
    check("the traceback points at the sleep", 'sleeps.py", line 3' in p.stderr and "time.sleep(600)" in p.stderr,
          p.stderr)


def test_colour(r):
    def on_pty(env):
        master, slave = pty.openpty()
        e = dict(os.environ)
        e.pop("NO_COLOR", None)
        e.update(env)
        p = subprocess.Popen([r.backstep, "run", prog("raises.py")], stdin=slave, stdout=slave, stderr=slave, env=e, cwd=ROOT)
        os.close(slave)
        out = b""
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
        p.wait(timeout=60)
        os.close(master)
        return out.decode(errors="replace")
    check("colour on a terminal", "\x1b[" in on_pty({}))
    check("NO_COLOR turns colour off on a terminal", "\x1b[" not in on_pty({"NO_COLOR": "1"}))


def test_hook_counts(r):
    js = r.path("hooks.json")
    p = r.run("render", prog("hook_counts.py"), "-o", js, "--var", "z")
    nodes = {n["name"]: n["hooks"] for n in json.load(open(js))["nodes"]} if p.returncode == 0 else {}
    check("graph JSON counts every script hook, removed ones not",
          nodes.get("torch::autograd::AccumulateGrad") == {"pre": 2, "post": 0}
          and nodes.get("MulBackward0") == {"pre": 3, "post": 0}
          and nodes.get("SumBackward0") == {"pre": 0, "post": 1}, (nodes, p.stderr))


def test_example_pictures(r):
    """Every examples/graphs program renders; its JSON is valid and whole."""
    folder = os.path.join(ROOT, "examples", "graphs")
    for name in sorted(f for f in os.listdir(folder) if f.endswith(".py")):
        stem = name[:-3]
        js, svg = r.path(stem + ".json"), r.path(stem + ".svg")
        p = r.run("render", os.path.join(folder, name), "-o", js)
        ok, why = r.valid("graph.schema.json", js) if p.returncode == 0 else (False, p.stderr)
        nodes = len(json.load(open(js))["nodes"]) if ok else 0
        p2 = r.run("render", os.path.join(folder, name), "-o", svg, "--grads")
        picture = open(svg).read() if p2.returncode == 0 else ""
        check(f"examples/graphs/{name}: renders ({nodes} nodes), JSON valid",
              ok and nodes >= 6 and "<svg" in picture and "Backward0" in picture, why + p2.stderr)


def test_nan_origin_picture(r):
    """Item 11: --grads marks where the Inf is born (SqrtBackward0), not where the red starts."""
    dot = r.path("nan.dot")
    p = r.run("render", os.path.join(ROOT, "examples", "nan_origin.py"), "-o", dot, "--grads")
    text = open(dot).read() if p.returncode == 0 else ""
    nodes = {m.group(1): m.group(2) for m in re.finditer(r"^\s+(n\d+) \[(.*)\];$", text, re.M)}
    born = [n for n, attrs in nodes.items() if 'shape="doubleoctagon"' in attrs]
    label = nodes.get(born[0], "") if len(born) == 1 else ""
    check("nan_origin --grads: exactly one node marked as where the Inf is born, and it is SqrtBackward0",
          len(born) == 1 and "SqrtBackward0" in label and "Inf born here" in label, (p.stderr, born))
    carriers = [n for n, attrs in nodes.items() if 'fillcolor="#ff3b30"' in attrs]
    check("nan_origin --grads: the nodes after it carry the Inf/NaN (red), the origin does not",
          len(carriers) >= 2 and born and born[0] not in carriers, carriers)
    check("nan_origin --grads: the legend says what the double octagon and the red mean",
          "NaN/Inf born here" in text and "receives a NaN/Inf gradient" in text and "norm of the gradient" in text, text[-1500:])


def test_torch_warnings(r):
    """libtorch's warnings print as PyTorch prints them and obey -W and
    PYTHONWARNINGS, as they do under python."""
    path = prog("torch_warning.py")
    message = ("UserWarning: An output with one or more elements was resized since it had shape [2], which does not "
               "match the required output shape [3]. This behavior is deprecated, and in a future PyTorch release "
               "outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t "
               "by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally at "
               "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)")
    p = r.run("run", path)
    check("a libtorch warning: file:line: UserWarning: message and the source line",
          p.returncode == 0 and p.stdout == "after\n"
          and p.stderr == f"{path}:5: {message}\n  torch.add(x, x, out=out)\n", (p.returncode, p.stdout, p.stderr))
    p = r.run("run", "-W", "error", path)
    check("-W error: the libtorch warning raises", p.returncode == 1 and p.stdout == ""
          and p.stderr.strip().splitlines()[-1:] == [message], (p.returncode, p.stdout, p.stderr[-600:]))
    p = r.run("run", "-W", "ignore::UserWarning", path)
    check("-W ignore::UserWarning: nothing on stderr", p.returncode == 0 and p.stderr == "", p.stderr)
    p = r.run("run", path, env={"PYTHONWARNINGS": "error"})
    check("PYTHONWARNINGS=error: the warning raises", p.returncode == 1, (p.returncode, p.stderr[-600:]))
    p = r.run("run", "-W", "bogus", path)
    check("-W with a bad action is reported and ignored, as python does",
          p.returncode == 0 and p.stderr.startswith("Invalid -W option ignored: invalid action: 'bogus'\n"), p.stderr)


def test_library_warnings(r):
    """A warning attributed to a line of backstep's library shows, on
    stderr, the user's line that called into it, with its source (Note
    [Warnings from the library] in engine/pylib/warnings.py); what
    catch_warnings(record=True) sees keeps the library's location."""
    path = prog("library_warning.py")
    message = ("UserWarning: Using a target size (torch.Size([3])) that is different to the input size "
               "(torch.Size([2, 3])). This will likely lead to incorrect results due to broadcasting. "
               "Please ensure they have the same size.")
    p = r.run("run", path)
    check("a warning from inside nn: shown at the user's line, with its source",
          p.returncode == 0 and p.stdout == "True\n"
          and p.stderr == f"{path}:6: {message}\n  loss = nn.MSELoss()(torch.ones(2, 3), torch.ones(3))\n",
          (p.returncode, p.stdout, p.stderr))


def workflow_command(path, step_name):
    """The folded `run: >` command of one step of a GitHub workflow file
    (read as text: no YAML package on a fresh machine)."""
    lines = open(path).read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == f"- name: {step_name}")
    run = next(i for i in range(start, len(lines)) if lines[i].strip().startswith("run:"))
    indent = len(lines[run + 1]) - len(lines[run + 1].lstrip())
    words = []
    for line in lines[run + 1:]:
        if line.strip() and len(line) - len(line.lstrip()) < indent:
            break
        if not line.strip().startswith("#"):
            words.append(line.strip())
    return " ".join(w for w in words if w)


def test_ci_example(r):
    """examples/ci: the workflow's own command, run as the workflow runs it."""
    command = workflow_command(os.path.join(ROOT, "examples", "ci", "github-workflow.yml"), "Check the gradients")
    command = command.replace("build/backstep", r.backstep).replace("examples/", os.path.join(ROOT, "examples") + "/")
    p = subprocess.run(["bash", "-c", command], cwd=r.tmp, capture_output=True, text=True, timeout=600)
    check("examples/ci: the workflow's command exits 0", p.returncode == 0, command + "\n" + p.stderr[-2000:])
    trace, graphs = os.path.join(r.tmp, "out", "trace.json"), os.path.join(r.tmp, "out", "graphs.json")
    ok, why = r.valid("trace.schema.json", trace) if os.path.exists(trace) else (False, "no trace")
    check("examples/ci: its trace is valid", ok, why)
    ok, why = r.valid("graphs.schema.json", graphs) if os.path.exists(graphs) else (False, "no graphs")
    check("examples/ci: its graph file is valid", ok, why)
    backwards = len(json.load(open(trace))["backwards"]) if os.path.exists(trace) else 0
    pictures = os.listdir(os.path.join(r.tmp, "out", "pictures")) if os.path.isdir(os.path.join(r.tmp, "out", "pictures")) else []
    check(f"examples/ci: one picture per backward ({backwards})", backwards > 10 and len(pictures) == backwards,
          (backwards, len(pictures)))


def test_modules(r):
    """Module paths reach graph files, traces and pictures (programs/modules.py: Net > fc1, act, fc2)."""
    js, trace = r.path("m.json"), r.path("mt.json")
    p = r.run("render", prog("modules.py"), "-o", js)
    ok, why = r.valid("graph.schema.json", js) if p.returncode == 0 else (False, p.stderr)
    check("modules: graph JSON valid against docs/graph.schema.json", ok, why)
    nodes = json.load(open(js))["nodes"] if ok else []
    by_name = {}
    for n in nodes:
        by_name.setdefault(n["name"], []).append(n)
    modules = sorted({(n["module"]["path"], n["module"]["type"]) for n in nodes if n.get("module") and not n["leaf"]})
    check("modules: every operator node carries the module that made it",
          modules == [("act", "ReLU"), ("fc1", "Linear"), ("fc2", "Linear")], modules)
    total = by_name.get("SumBackward0", [{}])[0]
    check("modules: a node made outside any module has module null", "module" in total and total["module"] is None, total)
    relu = by_name.get("ReluBackward0", [{}])[0].get("module")
    check("modules: the stack runs outermost first",
          relu == {"path": "act", "type": "ReLU", "stack": [{"path": "", "type": "Net"}, {"path": "act", "type": "ReLU"}]}, relu)
    params = sorted(n["leaf"]["param"] for n in nodes if n["leaf"] and n["leaf"]["param"])
    check("modules: leaves carry their parameter paths",
          params == ["fc1.bias", "fc1.weight", "fc2.bias", "fc2.weight"], params)
    check("modules: the script name stays in var", any(n["leaf"] and n["leaf"]["var"] == "params['fc1.weight']" for n in nodes),
          [n["leaf"] for n in nodes if n["leaf"]])
    p = r.run("run", prog("modules.py"), "--trace", trace)
    ok, why = r.valid("trace.schema.json", trace) if p.returncode == 0 else (False, p.stderr)
    check("modules: trace valid against docs/trace.schema.json", ok, why)
    records = json.load(open(trace))["backwards"][0]["records"] if ok else []
    seen = [(rec["name"], rec["module"]["path"] if rec["module"] else None) for rec in records
            if rec["name"] != "torch::autograd::AccumulateGrad"]
    check("modules: trace records carry module paths in engine order",
          seen == [("SumBackward0", None), ("AddmmBackward0", "fc2"), ("TBackward0", "fc2"), ("ReluBackward0", "act"),
                   ("AddmmBackward0", "fc1"), ("TBackward0", "fc1")], seen)
    dot = r.path("m.dot")
    p = r.run("render", prog("modules.py"), "-o", dot)
    text = open(dot).read() if p.returncode == 0 else p.stderr
    check("modules: DOT clusters per module with type and parameter count",
          'label="fc1: Linear (16 params)"' in text and 'label="fc2: Linear (10 params)"' in text
          and 'label="act: ReLU"' in text and 'label="Net (26 params)"' in text and "subgraph cluster_mod_fc1_" in text, text)
    check("modules: the clusters nest (fc1 inside Net)",
          text.find("subgraph cluster_mod__") < text.find("subgraph cluster_mod_fc1_")
          and text.count("subgraph cluster_mod_") == 4, text)
    check("modules: leaves drawn by parameter path", 'fc1.weight\\n(4, 3)\\n#9"' in text, text)
    p = r.run("render", prog("modules.py"), "-o", dot, "--module-depth", "1")
    text = open(dot).read() if p.returncode == 0 else p.stderr
    check("modules: --module-depth 1 keeps Net open and draws each of its modules as one box with its node count",
          "subgraph cluster_mod__" in text and "fc1: Linear \u00d74 nodes\\n16 params" in text
          and "subgraph cluster_mod_fc1_" not in text and "AddmmBackward0" not in text and "SumBackward0" in text, text)
    p = r.run("render", prog("modules.py"), "-o", dot, "--module-depth", "0")
    text = open(dot).read() if p.returncode == 0 else p.stderr
    check("modules: --module-depth 0 draws the whole model as one box",
          "Net \u00d79 nodes\\n26 params" in text and "subgraph cluster_mod_" not in text, text)
    cmds = r.path("cmds")
    with open(cmds, "w") as f:
        f.write(":where\n:continue\n:where\n:continue\n")
    p = r.run("debug", prog("modules.py"), "--break", "module:fc1", "--break", "module:nope", "-x", cmds, env={"NO_COLOR": "1"})
    out = p.stdout + p.stderr
    paused = re.findall(r"Paused \(breakpoint 1: module fc1\) at #(\d+) (\S+)", out)
    check("modules: --break module:PATH pauses inside that module only (fc1: #5 addmm, #7 bias, #8 t, #9 weight)",
          paused[:3] == [("5", "AddmmBackward0"), ("7", "AccumulateGrad"), ("8", "TBackward0")]
          and "in module: Net > fc1: Linear" in out and "in module: Net > fc2" not in out, out)
    check("modules: --break naming no module is reported when the program has made its modules",
          "breakpoint 2: no module 'nope' in this program (modules nearest that name: " in out, out)
    p = r.run("render", prog("modules.py"), "-o", dot, "--module-depth", "x")
    check("modules: --module-depth takes a number", p.returncode == 2 and "--module-depth takes a number" in p.stderr,
          (p.returncode, p.stderr))


def test_nn_modules(r):
    """Real torch.nn models (programs/nn_models.py: an nn.Sequential and a class Net) name their nodes and leaves."""
    js, dot = r.path("nn.json"), r.path("nn.dot")
    p = r.run("render", prog("nn_models.py"), "-o", js)
    ok, why = r.valid("graph.schema.json", js) if p.returncode == 0 else (False, p.stderr)
    check("nn: graph JSON valid against docs/graph.schema.json", ok, why)
    nodes = json.load(open(js))["nodes"] if ok else []
    inner = sorted({(n["module"]["path"], n["module"]["type"]) for n in nodes if n["module"] and not n["leaf"]})
    check("nn: nodes carry Sequential's and Net's module paths and types",
          inner == [("0", "Linear"), ("1", "ReLU"), ("2", "Linear"), ("act", "ReLU"), ("fc1", "Linear"), ("fc2", "Linear")], inner)
    stacks = sorted({tuple((m["path"], m["type"]) for m in n["module"]["stack"]) for n in nodes if n["module"] and not n["leaf"]})
    check("nn: each stack starts at its root module", all(s[0] in (("", "Net"), ("", "Sequential")) and len(s) == 2 for s in stacks),
          stacks)
    params = sorted(n["leaf"]["param"] for n in nodes if n["leaf"] and n["leaf"]["param"])
    check("nn: parameter leaves named as named_parameters() names them",
          params == ["0.bias", "0.weight", "2.bias", "2.weight", "fc1.bias", "fc1.weight", "fc2.bias", "fc2.weight"], params)
    p = r.run("render", prog("nn_models.py"), "-o", dot)
    text = open(dot).read() if p.returncode == 0 else p.stderr
    check("nn: DOT clusters labelled with module type and parameter count",
          all(label in text for label in ('label="Sequential (26 params)"', 'label="Net (26 params)"', 'label="0: Linear (16 params)"',
                                          'label="fc2: Linear (10 params)"', 'label="1: ReLU"')), text)


def test_training_steps(r):
    """Traces of a training loop: each backward's step and loss, the per-step summary, and
    streamed files a killed run leaves readable (docs/trace-format.md)."""
    trace, graphs, summary = r.path("t.json"), r.path("g.json"), r.path("s.jsonl")
    p = r.run("run", prog("train_steps.py"), "--trace", trace, "--graph-json", graphs)
    losses = eval(p.stdout.strip()) if p.returncode == 0 else []
    ok, why = r.valid("trace.schema.json", trace) if p.returncode == 0 else (False, p.stderr)
    check("steps: trace valid against docs/trace.schema.json", ok, why)
    t = json.load(open(trace)) if ok else {"backwards": []}
    got = [(b["step"], b["loss"]) for b in t["backwards"]]
    check("steps: each backward carries its step and the loss the program printed",
          got == list(zip([0, 1, 2, 3], losses)) and len(losses) == 4, f"{got} vs {losses}")
    g = json.load(open(graphs)) if p.returncode == 0 else {"graphs": []}
    check("steps: graph entries carry the same step and loss",
          len(got) == 4 and [(x["step"], x["loss"]) for x in g["graphs"]] == got, json.dumps(g)[:300])
    p = r.run("run", prog("train_steps.py"), "--trace", summary, "--trace-mode", "summary")
    lines = open(summary).read().splitlines() if p.returncode == 0 else []
    bad = []
    for i, line in enumerate(lines):
        with open(r.path("line.json"), "w") as f:
            f.write(line)
        ok, why = r.valid("steps.schema.json", r.path("line.json"))
        if not ok:
            bad.append((i, why))
    check("steps: every summary line valid against docs/steps.schema.json", lines and not bad, str(bad)[:500])
    records = [json.loads(line) for line in lines[1:]]
    check("steps: one summary record per optimizer step, then one closing the backward after the last step",
          len(losses) == 4 and [(x["step"], x["loss"], x["backwards"]) for x in records] == [(i, losses[i], 1) for i in range(4)]
          and records[-1]["params"] is None, json.dumps(records)[:500])
    first = records[0]["params"] if records else []
    check("steps: parameters by module path, gradients and updates measured (SGD lr 0.1: |dw| = 0.1 |grad|)",
          [x["name"] for x in first] == ["weight", "bias"]
          and all(abs(x["update_norm"] - 0.1 * x["grad"]["norm"]) < 1e-6 * max(1.0, x["grad"]["norm"]) for x in first)
          and all(abs(x["update_ratio"] - x["update_norm"] / x["weight_norm"]) < 1e-9 for x in first),
          json.dumps(first))
    for mode, name in (("full", "k.json"), ("summary", "k.jsonl")):
        out = r.path(name)
        proc = subprocess.Popen([r.backstep, "run", prog("train_forever.py"), "--trace", r.path(name), "--trace-mode", mode],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        # Streamed into .NAME.tmp.XXXXXX and renamed when whole (docs/limits.md):
        # a killed run leaves only that temporary file.
        deadline = time.time() + 60
        while time.time() < deadline:
            temps = [f for f in os.listdir(r.tmp) if f.startswith("." + name + ".tmp.")]
            out = r.path(temps[0]) if temps else r.path(name)
            if os.path.exists(out) and open(out).read().count("\n") >= 40:
                break
            time.sleep(0.05)
        proc.kill()
        proc.wait()
        check(f"steps: a killed {mode} trace leaves only its temporary file, not {name}",
              out != r.path(name) and not os.path.exists(r.path(name)), os.listdir(r.tmp))
        text = open(out).read() if os.path.exists(out) else ""
        complete = text.split("\n")[:-1]  # the last line may be cut short
        if mode == "summary":
            parsed = [json.loads(line) for line in complete]
            ok = len(parsed) >= 40 and [x["step"] for x in parsed[1:]] == list(range(len(parsed) - 1))
        else:
            def loads(line):
                line = line.strip().rstrip(",")
                if line.endswith('"records": ['):
                    line = line[:-len(', "records": [')] + "}"
                if line.startswith('{"format"'):
                    line = line[:line.index(', "backwards": [')] + "}"
                return json.loads(line)
            try:
                parsed = [loads(line) for line in complete if line.strip().rstrip(",") != "]}"]
                ok = len(parsed) >= 40 and parsed[0]["format"] == "backstep.trace/v1" and any("step" in x for x in parsed)
            except ValueError as e:
                ok, parsed = False, str(e)
        check(f"steps: a killed run's {mode} trace is readable up to its last complete line", ok, text[-500:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    ap.add_argument("--schema-checker", required=True)
    ap.add_argument("--only", action="append", default=[], metavar="TEST",
                    help="run only this test function (e.g. test_backward_interrupts); repeatable")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="backstep-batch-")
    try:
        for test in (test_help, test_early_validation, test_not_text, test_files, test_trace_functions, test_failures, test_usage_and_files, test_timeout, test_colour, test_hook_counts, test_example_pictures, test_nan_origin_picture,
                     test_torch_warnings, test_library_warnings, test_ci_example, test_modules, test_nn_modules, test_training_steps,
                     test_report, test_log_steps, test_render_grads_after_steps, test_files_whole,
                     test_backward_interrupts, test_trace_summaries):
            if args.only and test.__name__ not in args.only:
                continue
            sub = os.path.join(tmp, test.__name__)
            os.mkdir(sub)
            runner = Runner(os.path.abspath(args.backstep), os.path.abspath(args.schema_checker), sub)
            # The tests in files of their own get `check` passed in.
            if test in (test_report, test_log_steps, test_render_grads_after_steps):
                test(runner, check)
            else:
                test(runner)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
