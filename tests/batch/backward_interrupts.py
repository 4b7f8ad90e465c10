"""--timeout during a long backward in plain `run` (no hooks on the graph):
the backward stops between two nodes, exit 124, --timeout's own message and
a traceback at the `.backward()` line, well before the backward would have
ended; with output files asked for, each is whole or absent afterwards.

programs/long_backward.py times a short backward of its kind first and
prints what the long one would take, so the test knows the graph is big
enough to mean something."""
import json
import os
import re
import signal
import subprocess
import threading
import time

TIMEOUT = 3  # seconds; the program's set-up takes well under one
# Seconds after the timeout within which the backward must have stopped (its
# KeyboardInterrupt printed). A sanitizer build (scripts/test_sanitizers)
# runs several times slower.
SANITIZER_BUILD = "ASAN_OPTIONS" in os.environ or "TSAN_OPTIONS" in os.environ
STOP_WITHIN = 4.0 if SANITIZER_BUILD else 1.0
# After the stop, the files asked for are finished (the trace and the
# 50,000-node graph); that may take longer on a loaded machine, but never
# past --timeout's last resort, 5 s after the timeout (repl/batch.cpp's
# Watchdog), which ends the process with the files absent.
LAST_RESORT = 5.0
ESTIMATE = re.compile(r"backward of (\d+) nodes, about ([0-9.]+) s")
INTERRUPTED = "KeyboardInterrupt: --timeout"


class Run:
    """How a run under --timeout went: the process, its stdout and stderr,
    seconds from the backward's start to its KeyboardInterrupt on stderr
    (None if none came) and to the process's end, and the program's estimate
    of the whole backward."""
    def __init__(self, p, out, err, stopped, ended, estimate):
        self.p, self.out, self.err = p, out, err
        self.stopped, self.ended, self.estimate = stopped, ended, estimate


def run_until_timeout(r, program, *options):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    p = subprocess.Popen([r.backstep, "run", program, "--timeout", str(TIMEOUT), *options], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = p.stdout.readline()  # printed (and flushed) just before the backward
    started = time.monotonic()
    err_lines, stopped = [], [None]

    def read_stderr():
        for line in p.stderr:
            if stopped[0] is None and line.startswith(INTERRUPTED):
                stopped[0] = time.monotonic() - started
            err_lines.append(line)

    reader = threading.Thread(target=read_stderr)
    reader.start()
    out = p.stdout.read()
    p.wait(timeout=120)
    ended = time.monotonic() - started
    reader.join()
    m = ESTIMATE.search(first)
    return Run(p, first + out, "".join(err_lines), stopped[0], ended, float(m.group(2)) if m else 0.0)


def make_test(check, programs):
    program = os.path.join(programs, "long_backward.py")

    def test_backward_interrupts(r):
        run = run_until_timeout(r, program)
        check("--timeout in a long backward: the graph is big enough (its backward takes >= 5 s)",
              run.estimate >= 5, run.out)
        check("--timeout in a long backward: exit 124, the backward cut short",
              run.p.returncode == 124 and "backward done" not in run.out, (run.p.returncode, run.out, run.err))
        check("--timeout in a long backward: its own message, the traceback at the .backward() line",
              run.err.endswith('line 18, col 1, in <module>\n    loss.backward()\n    ^^^^^^^^^^^^^^^\n'
                               f"{INTERRUPTED} {TIMEOUT}: the program ran longer than {TIMEOUT} s\n"),
              run.err)
        check(f"--timeout in a long backward: the process ends within {STOP_WITHIN} s of the timeout",
              run.ended < TIMEOUT + STOP_WITHIN,
              f"{run.ended:.2f} s after the backward started (estimate {run.estimate} s)")

        # With files asked for (their hooks watch every node): the backward
        # stops as promptly; the files are then finished, each whole or absent.
        out_dir = r.path("out")
        os.mkdir(out_dir)
        trace, graphs = os.path.join(out_dir, "t.json"), os.path.join(out_dir, "g.json")
        run = run_until_timeout(r, program, "--trace", trace, "--graph-json", graphs)
        check("--timeout in a watched backward: exit 124, the backward cut short",
              run.p.returncode == 124 and "backward done" not in run.out, (run.p.returncode, run.err))
        # Under a sanitizer, writing the 50,000-node graph as the backward
        # starts (a check point every 1024 nodes, but each is slow there) can
        # outlast the last resort, which then ends the run: what matters
        # there is exit 124 and whole files.
        stopped = run.stopped is not None and run.stopped < TIMEOUT + STOP_WITHIN
        if SANITIZER_BUILD and run.stopped is None:
            stopped = "the program did not stop, ending it" in run.err
        check(f"--timeout in a watched backward: it stops within {STOP_WITHIN} s of the timeout",
              stopped, f"KeyboardInterrupt at {run.stopped} s after the backward started; stderr: {run.err}")
        check("--timeout in a watched backward: the process ends before the last resort would end it",
              run.ended < TIMEOUT + LAST_RESORT + 1, f"{run.ended:.2f} s after the backward started")

        def whole(path):
            try:
                with open(path) as f:
                    json.load(f)
                return True
            except (OSError, ValueError):
                return False
        left = sorted(os.listdir(out_dir))
        check("--timeout in a watched backward: the files are whole JSON, nothing else is left",
              set(left) <= {"t.json", "g.json"} and all(whole(os.path.join(out_dir, f)) for f in left), left)

        # Ctrl-C while --graph-json describes and writes the 50,000-node graph
        # at the backward's start (Note [A backward interrupted before it
        # starts]): it stops there, before any node runs, and the trace says so.
        ctrl_c_dir = r.path("ctrl_c")
        os.mkdir(ctrl_c_dir)
        trace, graphs = os.path.join(ctrl_c_dir, "t.json"), os.path.join(ctrl_c_dir, "g.json")
        p = subprocess.Popen([r.backstep, "run", program, "--trace", trace, "--graph-json", graphs],
                             env=dict(os.environ, OMP_NUM_THREADS="1"), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        p.stdout.readline()  # printed just before loss.backward()
        # Describing and writing the graph takes ~0.4 s here (26 MB of JSON,
        # many times that under a sanitizer); 0.1 s in, the backward has
        # started (a Ctrl-C before it would stop the statement itself) and no
        # node has run.
        time.sleep(0.1)
        p.send_signal(signal.SIGINT)
        signalled = time.monotonic()
        out, err = p.communicate(timeout=120)
        ended = time.monotonic() - signalled
        check("Ctrl-C as --graph-json writes a big graph: exit 130, a KeyboardInterrupt at .backward()",
              p.returncode == 130 and "backward done" not in out
              and err.endswith("    loss.backward()\n    ^^^^^^^^^^^^^^^\nKeyboardInterrupt\n"), (p.returncode, err))
        check(f"Ctrl-C as --graph-json writes a big graph: the process ends within {STOP_WITHIN} s",
              ended < STOP_WITHIN, f"{ended:.2f} s")
        try:
            with open(trace) as f:
                runs = json.load(f)["backwards"]
            with open(graphs) as f:
                drawn = json.load(f)["graphs"]
        except (OSError, ValueError) as e:
            runs, drawn = [], e
        check("Ctrl-C as --graph-json writes a big graph: the trace records that backward as stopped before it started",
              len(runs) == 2 and runs[1]["outcome"] == "aborted" and runs[1]["error"] == "interrupted before it started"
              and runs[1]["records"] == [], runs)
        check("Ctrl-C as --graph-json writes a big graph: the graphs file is whole, with the backward before it",
              isinstance(drawn, list) and len(drawn) == 1, drawn)

        # --timeout's last resort: a libtorch call that never returns to a
        # check point; the process ends 5 s after the timeout, and the trace
        # it was streaming is absent, not half written.
        stuck_dir = r.path("stuck")
        os.mkdir(stuck_dir)
        env = dict(os.environ, OMP_NUM_THREADS="1")
        p = subprocess.run([r.backstep, "run", os.path.join(programs, "stuck_in_libtorch.py"), "--timeout", "1",
                            "--trace", os.path.join(stuck_dir, "t.json"), "--graph-json", os.path.join(stuck_dir, "g.json")],
                           env=env, capture_output=True, text=True, timeout=120)
        check("--timeout's last resort: exit 124 with its message",
              p.returncode == 124 and "the program did not stop, ending it" in p.stderr and "done" not in p.stdout,
              (p.returncode, p.stdout, p.stderr))
        left = sorted(os.listdir(stuck_dir))
        check("--timeout's last resort: no file half written is left", left == [], left)
    return test_backward_interrupts
