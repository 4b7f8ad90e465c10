"""The shape of a traceback, for comparing backstep's with CPython's: the
headers, the `File` entries (backstep's `, col N` dropped, the folder as
{here}), the "[Previous line repeated N more times]" folds, the chain
separators and the exception lines; the source and caret lines are left out
(backstep's carets span whole expressions where CPython 3.11's vary).
Programs whose header has `# compare-traceback` are compared against
tracebacks/NAME.txt, recorded from the oracle by record_expected.py."""
import os
import re

MARKER = "# compare-traceback"
KEEP = re.compile(r"^(Traceback \(most recent call last\):|  File \"|  \[Previous line repeated |"
                  r"During handling of the above|The above exception was|[A-Za-z_][\w.]*(Error|Exception|Interrupt):?)")


def wants_traceback(path):
    with open(path, encoding="utf-8") as f:
        return any(line.rstrip("\n") == MARKER for line in f)


def shape(stderr, here):
    out = []
    for line in stderr.splitlines():
        if KEEP.match(line):
            out.append(re.sub(r", col \d+", "", line).replace(here, "{here}"))
    return "\n".join(out) + "\n"


def golden_path(here, name):
    return os.path.join(here, "tracebacks", name[:-3] + ".txt")
