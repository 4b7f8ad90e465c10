#!/usr/bin/env python3
"""Runs the shell tests against a built backstep: one line per test, exit
status 1 when any fails.

    tests/shell/run_shell_tests.py --backstep build/backstep [-k PATTERN] [-v]

Tests that need torch in the language are skipped (and said so) while
`import torch` fails in backstep; every other failure counts.
"""

import argparse
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import batch_tests  # noqa: E402
import debugger_tests  # noqa: E402
import terminal_tests  # noqa: E402
from harness import TempDir, TestFailure, base_env, run  # noqa: E402


def engine_has_torch(backstep):
    with TempDir() as tmp:
        r = run(backstep, [], stdin="import torch\ntorch.ones(1)\n", env=base_env(tmp))
        return r.returncode == 0 and "Error" not in r.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--backstep", required=True, help="path to the backstep binary")
    ap.add_argument("-k", dest="pattern", default="", help="run only tests whose name has this")
    ap.add_argument("-v", "--verbose", action="store_true", help="print tracebacks of failures")
    args = ap.parse_args()
    backstep = os.path.abspath(args.backstep)
    if not os.access(backstep, os.X_OK):
        print(f"run_shell_tests: {args.backstep} is not an executable", file=sys.stderr)
        return 2

    tests = []
    for module in (batch_tests, terminal_tests, debugger_tests):
        for t in module.TESTS:
            if args.pattern in t.__name__:
                tests.append((t, t in module.NEEDS_TORCH))
    has_torch = None
    failed = skipped = 0
    for test, needs_torch in tests:
        name = test.__name__[len("test_"):]
        if needs_torch:
            if has_torch is None:
                has_torch = engine_has_torch(backstep)
            if not has_torch:
                skipped += 1
                print(f"skip {name} (import torch does not work in backstep yet)", flush=True)
                continue
        start = time.time()
        try:
            test(backstep)
        except Exception as e:  # noqa: BLE001 (a crash in a test is a failure too)
            failed += 1
            first = str(e).split("\n")[0] if isinstance(e, TestFailure) else repr(e)
            print(f"FAIL {name}: {first}", flush=True)
            if args.verbose:
                detail = str(e) if isinstance(e, TestFailure) else traceback.format_exc()
                print("     " + detail.replace("\n", "\n     "), flush=True)
            continue
        print(f"ok   {name} ({time.time() - start:.1f} s)", flush=True)
    ran = len(tests) - skipped
    print(f"{ran - failed}/{ran} shell tests passed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
