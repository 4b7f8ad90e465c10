#!/usr/bin/env python3
"""Checkpoints across backstep and real PyTorch, both ways.

1. The same program (make_objects below) runs under the oracle and under
   backstep; each saves its objects. Each side then loads the other's
   checkpoint and the oracle's, and prints a summary (values, dtypes,
   shapes, parameter-ness, requires_grad, which tensors share storage). All
   summaries must be equal, and backstep's archive must hold the records
   torch.save writes, with a byte-identical data.pkl.
2. Broken files (truncated at several points, bytes flipped, not a zip,
   empty, a zip without data.pkl) and a checkpoint holding a class the
   weights-only unpickler refuses: backstep must raise what PyTorch raises
   (same exception class and message), exit with status 1, and print a
   Python traceback, never a crash or a C++ backtrace.
3. 300 randomly damaged checkpoints: each load raises or succeeds, no crash.
4. A save that fails leaves no file behind and keeps an older checkpoint
   intact; no temporary directories are left.

    run_serialization_tests.py --backstep build/backstep
"""
import argparse
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from oracle_python import oracle_python  # noqa: E402

OBJECTS = r'''
import collections
import torch

def make_objects():
    torch.manual_seed(0)
    w = torch.randn(4, 3)
    sd = collections.OrderedDict()
    sd['layer.weight'] = torch.nn.Parameter(w.clone())
    sd['layer.bias'] = torch.nn.Parameter(torch.zeros(4), requires_grad=False)
    sd['bn.running_var'] = torch.ones(3, dtype=torch.float64)
    sd['bn.num_batches_tracked'] = torch.tensor(3)
    base = torch.arange(24.).reshape(2, 3, 4)
    return {
        'state_dict': sd,
        'views': [base, base[1], base[:, 1, :], base.transpose(0, 2), base[0, 0, 1:3]],
        'dtypes': [torch.tensor([1.5, -2.25], dtype=d) for d in
                   (torch.float16, torch.bfloat16, torch.float32, torch.float64)] +
                  [torch.tensor([7, -8], dtype=d) for d in (torch.int8, torch.int16, torch.int32, torch.int64)] +
                  [torch.tensor([3, 250], dtype=torch.uint8), torch.tensor([True, False, True])],
        'grad': torch.full((2, 2), 0.5, requires_grad=True),
        'scalar': torch.tensor(2.5),
        'empty': torch.zeros(0, 3),
        'python': [1, -1, 2**33, -2**33, 70000, 1.25, 'naïve', None, True, (1, 'a'), {'k': [1.5]},
                   torch.Size([3, 4]), torch.int32, torch.device('cpu'), {5}],
        'od': collections.OrderedDict([('z', 1), ('a', 2)]),
        'counter': collections.Counter([3, 1, 3]),   # MultiStepLR's milestones in a checkpoint
    }
'''

SUMMARY = r'''
def describe(v, seen):
    if isinstance(v, torch.Tensor):
        kind = 'Parameter' if isinstance(v, torch.nn.Parameter) else 'Tensor'
        key = (v.data_ptr() - v.storage_offset() * v.element_size()) if v.numel() else None  # the storage
        return '%s %s %s off=%d stride=%s rg=%s leaf=%s %s share=%s' % (
            kind, v.dtype, tuple(v.shape), v.storage_offset(), v.stride(), v.requires_grad, v.is_leaf,
            v.detach().tolist(), seen.setdefault(key, len(seen)) if key is not None else '-')
    if isinstance(v, dict):
        return type(v).__name__ + '{' + ', '.join('%r: %s' % (k, describe(x, seen)) for k, x in v.items()) + '}'
    if isinstance(v, (list, tuple)) and not isinstance(v, torch.Size):
        return type(v).__name__ + '[' + ', '.join(describe(x, seen) for x in v) + ']'
    return repr(v)

def summary(path):
    obj = torch.load(path)
    print(describe(obj, {}))
'''


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=300)
    return p.returncode, p.stdout, p.stderr


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


class Runner:
    def __init__(self, backstep, oracle, work):
        self.backstep, self.oracle, self.work = backstep, oracle, work
        self.failures = 0

    def check(self, name, ok, detail=""):
        print(("PASS " if ok else "FAIL ") + name)
        if not ok:
            self.failures += 1
            if detail:
                print("    " + detail.replace("\n", "\n    "))

    def round_trips(self):
        # Each side saves to its own file.
        for side, exe in (("oracle", [self.oracle]), ("backstep", [self.backstep, "run"])):
            prog = os.path.join(self.work, "save_%s.py" % side)
            os.makedirs(os.path.join(self.work, side))
            sd_path = os.path.join(self.work, side, "sd.pt")
            write(prog, OBJECTS + "torch.save(make_objects(), %r)\n" % os.path.join(self.work, side + ".pt") +
                  "o = make_objects()\ntorch.save({'sd': o['state_dict'], 'views': o['views']}, %r)\n" % sd_path)
            rc, out, err = run(exe + [prog], self.work)
            self.check("%s saves" % side, rc == 0, err)
        outputs = {}
        for reader, exe in (("oracle", [self.oracle]), ("backstep", [self.backstep, "run"])):
            for writer in ("oracle", "backstep"):
                prog = os.path.join(self.work, "load_%s_%s.py" % (reader, writer))
                write(prog, OBJECTS + SUMMARY + "summary(%r)\n" % os.path.join(self.work, writer + ".pt"))
                rc, out, err = run(exe + [prog], self.work)
                self.check("%s loads %s's checkpoint" % (reader, writer), rc == 0 and out, err)
                outputs[(reader, writer)] = out
        ref = outputs[("oracle", "oracle")]
        for key, out in outputs.items():
            self.check("summary %s<-%s equals the oracle's own" % key, out == ref,
                       "expected:\n%s\ngot:\n%s" % (ref, out))
        a = zipfile.ZipFile(os.path.join(self.work, "oracle.pt"))
        b = zipfile.ZipFile(os.path.join(self.work, "backstep.pt"))
        self.check("same records as torch.save",
                   [i.filename.replace("oracle/", "") for i in a.infolist()] ==
                   [i.filename.replace("backstep/", "") for i in b.infolist()],
                   "%s\n%s" % (a.namelist(), b.namelist()))
        # Without repeated str literals (whose sharing depends on the interpreter's
        # constants), the whole file is the same bytes as torch.save's.
        with open(os.path.join(self.work, "oracle", "sd.pt"), "rb") as f:
            oracle_bytes = f.read()
        with open(os.path.join(self.work, "backstep", "sd.pt"), "rb") as f:
            backstep_bytes = f.read()
        self.check("a state_dict checkpoint is byte-identical to torch.save's", oracle_bytes == backstep_bytes)

    def error_case(self, name, path, extra=""):
        """Loads `path` on both sides; compares the exception and how backstep exits."""
        body = ("import torch\ntry:\n    torch.load(%r%s)\nexcept Exception as e:\n"
                "    print(type(e).__name__, '|', e)\n" % (path, extra))
        prog = os.path.join(self.work, "err.py")
        write(prog, body)
        _, py_out, _ = run([self.oracle, prog], self.work)
        rc, bs_out, bs_err = run([self.backstep, "run", prog], self.work)
        self.check("%s: same error as PyTorch" % name, rc == 0 and py_out == bs_out,
                   "oracle:  %r\nbackstep: %r %s" % (py_out, bs_out, bs_err))
        # Uncaught: a traceback and status 1, nothing from C++.
        write(prog, "import torch\ntorch.load(%r%s)\n" % (path, extra))
        rc, out, err = run([self.backstep, "run", prog], self.work)
        clean = ("Traceback (most recent call last)" in err and "terminate called" not in err
                 and "C++" not in err and "Exception raised from" not in err and "frame #" not in err)
        self.check("%s: uncaught error exits 1 with a Python traceback" % name, rc == 1 and clean,
                   "rc=%d\n%s" % (rc, err))

    def broken_files(self):
        good = os.path.join(self.work, "oracle.pt")
        data = open(good, "rb").read()
        cases = {
            "truncated to half": data[: len(data) // 2],
            "truncated by 10 bytes": data[:-10],
            "only the first 100 bytes": data[:100],
            "not a zip": b"hello world, not a checkpoint",
            "empty": b"",
            "zip magic then garbage": b"PK\x03\x04" + b"\x00" * 200,
        }
        flipped = bytearray(data)
        flipped[100] ^= 0xFF
        cases["a flipped byte in data.pkl"] = bytes(flipped)
        for name, content in cases.items():
            path = os.path.join(self.work, "broken.pt")
            with open(path, "wb") as f:
                f.write(content)
            self.error_case(name, path)
            self.error_case(name + " (weights_only=False)", path, ", weights_only=False")
        # A zip archive without data.pkl.
        path = os.path.join(self.work, "nopkl.pt")
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("archive/version", "3\n")
        self.error_case("a zip without data.pkl", path)
        # A global the weights-only unpickler refuses (written by the oracle).
        prog = os.path.join(self.work, "cls.py")
        path = os.path.join(self.work, "cls.pt")
        write(prog, "import torch\nclass C:\n    pass\ntorch.save({'c': C(), 't': torch.ones(1)}, %r)\n" % path)
        run([self.oracle, prog], self.work)
        self.error_case("a disallowed global", path)

    def mutated_files(self):
        """300 checkpoints with random bytes changed or cut off, each loaded with
        and without weights_only in one backstep run: every load ends in a
        Python exception or a value, never a crash."""
        data = open(os.path.join(self.work, "oracle.pt"), "rb").read()
        folder = os.path.join(self.work, "mutated")
        os.makedirs(folder)
        rng = random.Random(13)
        for i in range(300):
            b = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(len(b)) if rng.random() < 0.5 else rng.randrange(min(len(b), 1500))] = rng.randrange(256)
            if rng.random() < 0.2:
                b = b[: rng.randrange(len(b))]
            with open(os.path.join(folder, "%03d.pt" % i), "wb") as f:
                f.write(bytes(b))
        prog = os.path.join(self.work, "mutated.py")
        write(prog, "import os\nimport torch\nn = 0\nfor name in sorted(os.listdir(%r)):\n"
                    "    for wo in (True, False):\n        try:\n"
                    "            torch.load(os.path.join(%r, name), weights_only=wo)\n"
                    "        except Exception:\n            pass\n        n += 1\nprint(n)\n" % (folder, folder))
        rc, out, err = run([self.backstep, "run", prog], self.work)
        self.check("300 mutated checkpoints load or raise, never crash", rc == 0 and out == "600\n", "rc=%d %s" % (rc, err[-2000:]))

    def atomic_saves(self):
        path = os.path.join(self.work, "keep.pt")
        prog = os.path.join(self.work, "atomic.py")
        write(prog, "import torch\ntorch.save({'a': torch.arange(3)}, %r)\n"
                    "try:\n    torch.save({'a': torch.zeros(2), 'bad': lambda: 0}, %r)\n"
                    "except Exception as e:\n    print('refused', type(e).__name__)\n"
                    "print(torch.load(%r))\n"
                    "try:\n    torch.save({'bad': lambda: 0}, %r)\nexcept Exception as e:\n    print('refused', type(e).__name__)\n"
                    % (path, path, path, path + ".new"))
        rc, out, err = run([self.backstep, "run", prog], self.work)
        self.check("a failed save keeps the old checkpoint", rc == 0 and out == "refused PicklingError\n{'a': tensor([0, 1, 2])}\nrefused PicklingError\n",
                   out + err)
        self.check("a failed save leaves no file", not os.path.exists(path + ".new"))
        # A disk that fills up mid-save (a file-size limit stands in for it):
        # an OSError, the old checkpoint intact; and a file object on /dev/full.
        write(prog, "import torch\ntry:\n    torch.save({'a': torch.ones(1000000)}, %r)\n"
                    "except OSError as e:\n    print(type(e).__name__, e)\nprint(torch.load(%r))\n"
                    "f = open('/dev/full', 'wb')\ntry:\n    torch.save({'a': torch.ones(100000)}, f)\n"
                    "except OSError as e:\n    print(type(e).__name__, e)\n" % (path, path))

        def limit_file_size():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))

        p = subprocess.run([self.backstep, "run", prog], cwd=self.work, capture_output=True, text=True,
                           errors="replace", timeout=300, preexec_fn=limit_file_size)
        self.check("a save that runs out of space raises OSError and keeps the old checkpoint",
                   p.returncode == 0 and p.stdout == "OSError [Errno 27] File too large\n{'a': tensor([0, 1, 2])}\n"
                   "OSError [Errno 28] No space left on device\n", p.stdout + p.stderr)
        leftovers = [n for n in os.listdir(self.work) if n.startswith(".backstep-save")]
        self.check("no temporary directories left", not leftovers, str(leftovers))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--backstep", required=True, help="path to the backstep binary")
    args = ap.parse_args()
    backstep = os.path.abspath(args.backstep)
    work = tempfile.mkdtemp(prefix="backstep-serialization-")
    try:
        r = Runner(backstep, oracle_python(), work)
        r.round_trips()
        r.broken_files()
        r.mutated_files()
        r.atomic_saves()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("%s: %d failure(s)" % ("FAILED" if r.failures else "OK", r.failures))
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main())
