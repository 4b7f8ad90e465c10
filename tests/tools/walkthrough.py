"""The debugger walkthroughs in the examples' comments, as command files:
an example whose header comment has a line

    #   scripts/run debug examples/NAME.py [OPTIONS]   (or `backstep debug ...`)

followed by lines typed at its prompts

    #   (backstep) :break module lstm    what it does
    #   (#..) :where                     (`#..`: whichever node it is)
    #   (#3) :finish                     (a real id: the prompt must show it)

is run from the clone's root as `backstep debug examples/NAME.py [OPTIONS]
-x FILE` with those commands; run_transcripts.py compares the transcript with
tests/debugger/examples/NAME.out, so the comments say what happens."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEBUG_LINE = re.compile(r"^#\s+(?:scripts/run|backstep) debug (examples/\S+\.py)(.*)$")
# A typed line: the prompt, then the command up to two blanks (a description follows).
TYPED_LINE = re.compile(r"^#\s+(\((?:backstep|#[\d.]+)\) )(\S.*?)(?:\s{2,}.*)?$")


def examples_with_walkthroughs():
    """The example names (examples/ relative, without .py) that have one."""
    names = []
    for folder, _, files in os.walk(os.path.join(ROOT, "examples")):
        for f in sorted(files):
            if f.endswith(".py") and parse(os.path.join(folder, f)):
                names.append(os.path.relpath(os.path.join(folder, f), os.path.join(ROOT, "examples"))[:-3])
    return sorted(names)


def parse(path):
    """(program, options, [(prompt, command)]) from the file's header comment, or None."""
    program, options, typed = None, [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            line = line.rstrip("\n")
            m = DEBUG_LINE.match(line)
            if m:
                program, options = m.group(1), m.group(2).split()
                continue
            m = TYPED_LINE.match(line)
            if m and program:
                typed.append((m.group(1), m.group(2)))
    return (program, options, typed) if program and typed else None


def concrete_prompts_missing(typed, transcript):
    """The typed lines whose comment names a real node id that the
    transcript does not show before that command."""
    return [f"{prompt}{command}" for prompt, command in typed
            if ".." not in prompt and f"\n{prompt}{command}\n" not in "\n" + transcript]
