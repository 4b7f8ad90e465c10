"""Files whole or absent (docs/limits.md): a write that fails mid-run (a full
disk, simulated with RLIMIT_FSIZE, which makes write() fail with EFBIG the
way ENOSPC would, with no privileges or preloaded libraries) leaves neither a
partial file nor a temporary one and exits 3; an older file survives; a
failed run leaves no --render-dir folder it made; an unwritable destination
is refused before the program runs."""
import os
import resource
import signal
import subprocess

LOOP = """import torch
print("started")
x = torch.ones(3, requires_grad=True)
for i in range(300):
    (x * 2).sum().backward()
"""


def limited_file_size(limit):
    def set_limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() then fails with EFBIG instead of a signal
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return set_limit


def make_test(check):
    def test_files_whole(r):
        program = r.path("loop.py")
        with open(program, "w") as f:
            f.write(LOOP)
        out = r.path("out")
        os.mkdir(out)
        trace = os.path.join(out, "t.json")
        with open(trace, "w") as f:
            f.write("older trace\n")
        p = subprocess.run([r.backstep, "run", program, "--trace", trace], capture_output=True, text=True,
                           timeout=120, preexec_fn=limited_file_size(8192))
        check("a trace that cannot be written whole exits 3 and says why",
              p.returncode == 3 and f"cannot write '{trace}': File too large" in p.stderr, p.stderr[-600:])
        with open(trace) as f:
            kept = f.read()
        check("the older file is kept, and no temporary file is left",
              kept == "older trace\n" and os.listdir(out) == ["t.json"], (kept[:80], os.listdir(out)))

        p = subprocess.run([r.backstep, "run", program, "--trace", trace], capture_output=True, text=True, timeout=120)
        check("without the limit the same trace is written whole",
              p.returncode == 0 and os.listdir(out) == ["t.json"] and open(trace).read().rstrip().endswith("]}"),
              p.stderr[-600:])

        log = os.path.join(out, "backward.log")
        p = subprocess.run([r.backstep, "run", program, "--log-backward", log], capture_output=True, text=True,
                           timeout=120, preexec_fn=limited_file_size(8192))
        check("a --log-backward file that cannot be written whole exits 3, says why, and leaves nothing",
              p.returncode == 3 and f"cannot write '{log}': File too large" in p.stderr
              and os.listdir(out) == ["t.json"], (p.stderr[-600:], os.listdir(out)))
        p = r.run("run", program, "--log-backward", log)
        lines = open(log).read().splitlines() if os.path.exists(log) else []
        check("without the limit the log is written whole: a line per node of all 300 backwards",
              p.returncode == 0 and len(lines) == 300 * 3 and all(l.startswith("Executing: ") for l in lines)
              and sorted(os.listdir(out)) == ["backward.log", "t.json"], (p.stderr[-400:], len(lines)))
        p = r.run("run", program, "--log-backward", "/dev/stdout")
        check("a device is written in place (/dev/stdout stays a link to the terminal)",
              p.returncode == 0 and p.stdout.count("Executing: ") == 300 * 3 and os.path.islink("/dev/stdout"),
              p.stdout[-300:] + p.stderr[-300:])

        failing = r.path("fails.py")
        with open(failing, "w") as f:
            f.write("import torch\nraise ValueError('before any backward')\n")
        pictures = r.path("made/pictures")
        p = r.run("run", failing, "--render-dir", pictures)
        check("a failed run leaves no empty --render-dir folder it made",
              p.returncode == 1 and not os.path.exists(r.path("made")), (p.returncode, os.listdir(r.tmp)))

        p = r.run("run", program, "--trace", "/proc/backstep-trace.json")
        check("an unwritable destination is refused before the program runs",
              p.returncode == 3 and "started" not in p.stdout and "cannot write '/proc/backstep-trace.json'" in p.stderr,
              p.stdout[-200:] + p.stderr[-400:])
    return test_files_whole
