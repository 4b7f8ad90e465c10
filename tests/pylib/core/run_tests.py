"""Check every program in cases/ prints the same under real CPython and
under CPython with backstep's core pylib modules (run_with_pylib.py).

    python3 run_tests.py [-v] [NAME_SUBSTRING...]

A case passes when stdout, stderr and the exit status are identical.  The
report counts passing programs (and their output lines) per module; the
module is the file name's prefix, e.g. collections_abc_views.py tests
collections.abc.  It also checks statically that the pylib modules import
only each other, sys, math, time and _backstep -- nothing of CPython's.
"""

import ast
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, 'cases')
PYLIB = os.path.normpath(os.path.join(HERE, '..', '..', '..', 'engine',
                                      'pylib'))
PYTHON = '/usr/bin/python3'
MODULES = ['collections_abc', 'collections', 'abc', 'functools', 'itertools',
           'operator', 'copy', 'contextlib', 'enum', 'dataclasses', 'typing',
           'string', 'types', 'future']
PYLIB_FILES = ['collections', 'abc.py', 'functools.py', 'itertools.py',
               'operator.py', 'copy.py', 'contextlib.py', 'enum.py',
               'dataclasses.py', 'typing', 'string.py', 'types.py',
               '__future__.py', '_argbind.py']
ALLOWED_IMPORTS = {'sys', 'math', 'time', '_backstep', 'collections',
                   'collections.abc', 'abc', 'functools', 'itertools',
                   'operator', 'copy', 'contextlib', 'enum', 'dataclasses',
                   'typing', 'string', 'types', '_argbind'}


def module_of(case_name):
    for module in MODULES:
        if case_name.startswith(module + '_'):
            return module.replace('collections_abc', 'collections.abc') \
                .replace('future', '__future__')
    return '?'


def run(args, hash_seed):
    # Different string-hash seeds for the two runs: a program whose output
    # depends on set/hash order (not deterministic in backstep either)
    # shows up as a failure instead of passing by luck.
    env = dict(os.environ, PYTHONHASHSEED=str(hash_seed))
    result = subprocess.run([PYTHON] + args, cwd=CASES, capture_output=True,
                            text=True, timeout=120, env=env)
    return result.returncode, result.stdout, result.stderr


def first_difference(expected, actual):
    exp_lines = expected.splitlines()
    act_lines = actual.splitlines()
    for i in range(max(len(exp_lines), len(act_lines))):
        e = exp_lines[i] if i < len(exp_lines) else '<missing>'
        a = act_lines[i] if i < len(act_lines) else '<missing>'
        if e != a:
            return 'line %d:\n  cpython: %s\n  pylib:   %s' % (i + 1, e, a)
    return 'identical lines (whitespace at end?)'


def check_case(path, verbose):
    name = os.path.basename(path)
    expected = run([name], 1)
    actual = run([os.path.join(HERE, 'run_with_pylib.py'), name], 2)
    if expected == actual:
        return True, len(expected[1].splitlines())
    print('FAIL %s' % name)
    for label, index in (('exit status', 0), ('stdout', 1), ('stderr', 2)):
        if expected[index] != actual[index]:
            if index == 0:
                print('  exit status %s vs %s' % (expected[0], actual[0]))
            else:
                print('  %s %s' % (label, first_difference(expected[index],
                                                           actual[index])))
    if verbose:
        print(actual[2])
    return False, 0


def pylib_sources():
    for entry in PYLIB_FILES:
        path = os.path.join(PYLIB, entry)
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.endswith('.py'):
                    yield os.path.join(path, name)
        elif os.path.exists(path):
            yield path


def check_imports():
    problems = []
    for path in pylib_sources():
        tree = ast.parse(open(path, encoding='utf-8').read(), path)
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module]
            for name in names:
                if name not in ALLOWED_IMPORTS and \
                        not name.startswith('collections.') and \
                        not name.startswith('typing.'):
                    problems.append('%s imports %s' % (path, name))
    return problems


def main():
    verbose = '-v' in sys.argv
    filters = [a for a in sys.argv[1:] if a != '-v']
    problems = check_imports()
    for problem in problems:
        print('IMPORT', problem)
    totals = {}
    for name in sorted(os.listdir(CASES)):
        if not name.endswith('.py'):
            continue
        if filters and not any(f in name for f in filters):
            continue
        ok, lines = check_case(os.path.join(CASES, name), verbose)
        module = module_of(name)
        passed, total, checked = totals.get(module, (0, 0, 0))
        totals[module] = (passed + ok, total + 1, checked + lines)
    print('%-16s %8s %14s' % ('module', 'programs', 'output lines'))
    for module in sorted(totals):
        passed, total, lines = totals[module]
        print('%-16s %4d/%-4d %10d' % (module, passed, total, lines))
    all_passed = sum(t[0] for t in totals.values())
    all_total = sum(t[1] for t in totals.values())
    print('total            %4d/%-4d' % (all_passed, all_total))
    sys.exit(0 if all_passed == all_total and not problems else 1)


if __name__ == '__main__':
    main()
