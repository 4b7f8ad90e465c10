#!/usr/bin/python3
"""Records what CPython's `re` does, for test_regex_fixtures.cpp to compare
against.

Run with the reference interpreter (CPython 3.11):
    /usr/bin/python3 tests/unit/regex/make_fixtures.py [LATER_PYTHON]
It rewrites fixtures.json next to this script. Nothing in the fixture is
written by hand: every expected value is CPython's own answer.

3.11.2 (Debian's) has bugs in possessive repeats that later 3.11 releases
fix. When a later 3.11 interpreter is available (LATER_PYTHON, by default
/root/.pyenv/versions/3.11.7/bin/python3), every case is replayed on it too,
and where it answers differently its answer is stored as "later_result" /
"later_error": the engine may match either.
"""
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import warnings

import cases_handwritten as hand
import cases_random

CALLBACKS = {
    "wrap": lambda m: "<" + m.group(0) + ">",
    "span": lambda m: "%d:%d" % m.span(),
    "groups": lambda m: "|".join("-" if g is None else g for g in m.groups()),
}


def error_record(e):
    return {
        "type": "error" if isinstance(e, re.error) else type(e).__name__,
        "msg": getattr(e, "msg", str(e)),
        "pos": getattr(e, "pos", None),
        "str": str(e),
    }


def match_record(m, with_bounds):
    """A match as the fixture stores it: spans of all groups; lastindex and
    lastgroup when not None; pos and endpos when the call gave them."""
    if m is None:
        return None
    record = {"spans": [list(m.span(g)) for g in range(m.re.groups + 1)]}
    if m.lastindex is not None:
        record["lastindex"] = m.lastindex
    if m.lastgroup is not None:
        record["lastgroup"] = m.lastgroup
    if with_bounds:
        record["pos"], record["endpos"] = m.pos, m.endpos
    return record


def findall_record(items, groups):
    # One list of strings per match, whatever Python's shape (str or tuple).
    return [list(item) if groups > 1 else [item] for item in items]


def run_case(case):
    """Fills in case["result"] (or case["error"]) from CPython. SystemError
    is recorded too: _sre raises it ("The span of capturing group is wrong")
    when its marks go stale, which the engine reproduces."""
    op = case["op"]
    args = [a for a in (case.get("pos"), case.get("endpos")) if a is not None]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if op == "escape":
                case["result"] = re.escape(case["string"])
                return case
            p = re.compile(case["pattern"], case["flags"])
            s = case.get("string")
            if op == "compile":
                case["result"] = {"groups": p.groups, "flags": p.flags,
                                  "groupindex": [[k, v] for k, v in p.groupindex.items()]}
                case["warnings"] = [[w.category.__name__, str(w.message)] for w in caught]
            elif op in ("match", "search", "fullmatch"):
                case["result"] = match_record(getattr(p, op)(s, *args), bool(args))
            elif op == "finditer":
                case["result"] = [match_record(m, bool(args)) for m in p.finditer(s, *args)]
            elif op == "findall":
                case["result"] = findall_record(p.findall(s, *args), p.groups)
            elif op == "split":
                case["result"] = p.split(s, case["maxsplit"])
            elif op == "sub":
                text, count = p.subn(case["repl"], s, case["count"])
                case["result"] = {"text": text, "count": count}
            elif op == "sub_callback":
                text, count = p.subn(CALLBACKS[case["callback"]], s, case["count"])
                case["result"] = {"text": text, "count": count}
            elif op == "expand":
                case["result"] = p.search(s).expand(case["template"])
            else:
                raise ValueError(op)
        except (re.error, OverflowError, ValueError, IndexError, RecursionError, SystemError) as e:
            case["error"] = error_record(e)
    return case


def unicode_digest():
    """FNV-1a over the character facts of every code point, as test_regex.cpp
    computes them from the engine's tables."""
    import _sre
    h = 0xcbf29ce484222325
    for c in range(0x110000):
        if 0xD800 <= c < 0xE000:
            continue
        ch = chr(c)
        facts = (int(ch.isalnum() or ch == "_"), int(ch.isdecimal()), int(ch.isspace()),
                 _sre.unicode_tolower(c), ord(ch.upper()[0]), int(_sre.unicode_iscased(c)))
        for value in facts:
            for byte in value.to_bytes(4, "little"):
                h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


class TimedOut(Exception):
    pass


def run_with_deadline(case, seconds=2):
    """run_case, or None when CPython does not finish (3.11 can loop forever,
    or exhaust memory, on a possessive repeat of a lookbehind, e.g. sub on
    '(?<=ab)?+')."""
    def expire(*_):
        raise TimedOut()
    signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        return run_case(case)
    except (TimedOut, MemoryError):
        return None
    finally:
        signal.alarm(0)


DEFAULT_LATER_PYTHON = "/root/.pyenv/versions/3.11.7/bin/python3"


def record_all(cases):
    return [run_with_deadline(dict(c)) for c in cases]


def replay_on(python, cases):
    """The cases as `python` records them (None where it hung)."""
    child = subprocess.run([python, os.path.abspath(__file__), "--replay"], input=json.dumps(cases),
                           capture_output=True, text=True, check=True)
    return json.loads(child.stdout)


def add_later_answers(recorded, later_python):
    version = subprocess.run([later_python, "-c", "import sys; print(sys.version.split()[0])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    inputs = [{k: v for k, v in c.items() if k not in ("result", "error", "warnings")} for c in recorded]
    differing = 0
    for case, later in zip(recorded, replay_on(later_python, inputs)):
        if later is None:
            continue
        mine = {k: case.get(k) for k in ("result", "error")}
        theirs = {k: later.get(k) for k in ("result", "error")}
        if mine != theirs:
            differing += 1
            case["later_python"] = version
            for key in ("result", "error"):
                if key in later:
                    case["later_" + key] = later[key]
    return version, differing


def main():
    assert sys.version_info[:2] == (3, 11), "record with CPython 3.11"
    # A runaway case must end in MemoryError, not in the OOM killer.
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    if "--replay" in sys.argv:
        json.dump(record_all(json.load(sys.stdin)), sys.stdout)
        return
    cases = hand.cases() + cases_random.cases(random.Random(20240611), 1500)
    recorded = [r for r in record_all(cases) if r is not None]
    dropped = len(cases) - len(recorded)
    later_python = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_LATER_PYTHON
    if os.path.exists(later_python):
        version, differing = add_later_answers(recorded, later_python)
        print("%d cases answer differently on %s" % (differing, version))
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures.json")
    with open(out, "w") as f:
        # One case per line, so that a re-recording diffs readably.
        f.write('{"python":%s,"unicode_digest":"%s","cases":[\n'
                % (json.dumps(sys.version.split()[0]), unicode_digest()))
        f.write(",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in recorded))
        f.write("\n]}\n")
    errors = sum("error" in c for c in recorded)
    print("%d cases (%d expect errors; %d dropped: CPython hung or ran out of memory) -> %s"
          % (len(recorded), errors, dropped, out))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()
