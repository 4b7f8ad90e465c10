"""Compare each test program's behaviour under real CPython and under
CPython with backstep's pylib modules (run_with_pylib.py).

    /usr/bin/python3 run_tests.py [-v] [NAME_FILTER...]

Each program in cases/ may declare how to run it in header comments:
    # RUN: ARGS...         one run per RUN line (shell-quoted; none: no args)
    # COLUMNS: 80 60 120   repeat every run with COLUMNS set to each value
                           (absent: COLUMNS unset, so width is 80 off a tty)
stdout, stderr and the exit status must be identical.  In stderr, the
frames of an uncaught exception's traceback are dropped (they name library
files, which differ by design); its header and final line are compared.
"""

import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, 'cases')
PYTHON = '/usr/bin/python3'          # the reference: Debian's CPython 3.11


def read_directives(path):
    runs = []
    columns = [None]
    with open(path, encoding='utf-8') as source:
        for line in source:
            if line.startswith('# RUN:'):
                runs.append(shlex.split(line[len('# RUN:'):]))
            elif line.startswith('# COLUMNS:'):
                columns = line[len('# COLUMNS:'):].split()
    return runs or [[]], columns


def drop_traceback_frames(text):
    kept = []
    in_traceback = False
    for line in text.splitlines(keepends=True):
        if line.startswith('Traceback (most recent call last):'):
            in_traceback = True
            kept.append(line)
        elif in_traceback and line.startswith(' '):
            continue
        else:
            in_traceback = False
            kept.append(line)
    return ''.join(kept)


def run(command, columns):
    env = dict(os.environ)
    env.pop('PYTHONWARNINGS', None)
    env['PYTHONDONTWRITEBYTECODE'] = '1'      # keep __pycache__ out of the tree
    env.pop('COLUMNS', None)
    if columns is not None:
        env['COLUMNS'] = columns
    done = subprocess.run(command, cwd=CASES, env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=120)
    return done.stdout, drop_traceback_frames(done.stderr), done.returncode


def show_difference(label, expected, actual):
    import difflib
    print('    --- %s differs' % label)
    for line in difflib.unified_diff(expected.splitlines(True),
                                     actual.splitlines(True), 'cpython',
                                     'pylib', n=1):
        print('    ' + line, end='' if line.endswith('\n') else '\n')


def check(name, args, columns, verbose):
    expected = run([PYTHON, name] + args, columns)
    actual = run([PYTHON, os.path.join(HERE, 'run_with_pylib.py'), name]
                 + args, columns)
    if expected == actual:
        return True
    print('FAIL %s %s COLUMNS=%s' % (name, shlex.join(args), columns))
    if verbose:
        for label, want, got in zip(('stdout', 'stderr'), expected, actual):
            if want != got:
                show_difference(label, want, got)
        if expected[2] != actual[2]:
            print('    exit status: cpython %d, pylib %d'
                  % (expected[2], actual[2]))
    return False


def main():
    verbose = '-v' in sys.argv[1:]
    filters = [arg for arg in sys.argv[1:] if arg != '-v']
    totals = {}
    for name in sorted(os.listdir(CASES)):
        if not name.endswith('.py'):
            continue
        if filters and not any(f in name for f in filters):
            continue
        runs, column_values = read_directives(os.path.join(CASES, name))
        group = name.split('_')[0]
        passed, count = totals.get(group, (0, 0))
        for args in runs:
            for columns in column_values:
                count += 1
                passed += check(name, args, columns, verbose)
        totals[group] = (passed, count)
    all_passed = all_count = 0
    for group in sorted(totals):
        passed, count = totals[group]
        print('%-10s %4d / %4d runs identical' % (group, passed, count))
        all_passed += passed
        all_count += count
    print('%-10s %4d / %4d runs identical' % ('total', all_passed, all_count))
    sys.exit(0 if all_passed == all_count else 1)


if __name__ == '__main__':
    main()
