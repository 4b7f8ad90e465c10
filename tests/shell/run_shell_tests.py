#!/usr/bin/env python3
"""Runs the shell tests against a built backstep: one line per test, exit
status 1 when any fails.

    tests/shell/run_shell_tests.py --backstep build/backstep [-k PATTERN] [-v]

Every test runs: a backstep whose `import torch` fails fails the tests that
need it (they once skipped themselves, which let a broken torch pass).
"""

import argparse
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import batch_tests  # noqa: E402
import debugger_tests  # noqa: E402
import editor_tests  # noqa: E402
import forward_debug_tests  # noqa: E402
import frame_tests  # noqa: E402
import run_breakpoint_tests  # noqa: E402
import interrupt_tests  # noqa: E402
import pause_tests  # noqa: E402
import prompt_tests  # noqa: E402
import completion_tests  # noqa: E402
import doc_session_tests  # noqa: E402
import pause_commands_tests  # noqa: E402
import terminal_tests  # noqa: E402
from harness import TestFailure  # noqa: E402


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
    for module in (batch_tests, terminal_tests, debugger_tests, editor_tests, forward_debug_tests, frame_tests,
                   run_breakpoint_tests, interrupt_tests, pause_tests,
                   prompt_tests, completion_tests, doc_session_tests, pause_commands_tests):
        for t in module.TESTS:
            if args.pattern in t.__name__:
                tests.append(t)
    failed = 0
    for test in tests:
        name = test.__name__[len("test_"):]
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
    print(f"{len(tests) - failed}/{len(tests)} shell tests passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
