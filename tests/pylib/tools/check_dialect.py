"""Check that the pylib tool modules stay inside backstep's dialect.

    /usr/bin/python3 check_dialect.py

Parses argparse/, json/, warnings.py, _warnings_pattern.py, os.py and
posixpath.py with CPython's ast and reports imports of modules backstep does
not have, calls of forbidden builtins, and forbidden syntax.
"""

import ast
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PYLIB = os.path.normpath(os.path.join(HERE, '..', '..', '..', 'engine',
                                      'pylib'))
FILES = ['warnings.py', '_warnings_pattern.py', 'os.py', 'posixpath.py']
PACKAGES = ['argparse', 'json']

# native modules, the colleague's pylib modules, and these modules themselves
ALLOWED_IMPORTS = {'sys', 'math', 'time', '_backstep', 'collections',
                   'functools', 'itertools', 'operator', 'copy', 'contextlib',
                   'abc', 'enum', 'dataclasses', 'typing', 'string', 'types',
                   'argparse', 'json', 'warnings', 'os', 'posixpath',
                   '_warnings_pattern'}
FORBIDDEN_CALLS = {'exec', 'eval', 'compile', '__import__', 'bytes',
                   'bytearray', 'complex', 'memoryview'}
FORBIDDEN_NAMES = {'__slots__', '__prepare__', '_getframe'}


def problems_in(path):
    with open(path, encoding='utf-8') as source:
        tree = ast.parse(source.read(), path)
    found = []

    def report(node, message):
        found.append('%s:%d: %s' % (os.path.relpath(path, PYLIB),
                                    node.lineno, message))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split('.')[0] not in ALLOWED_IMPORTS:
                    report(node, 'imports %s' % alias.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            if node.module.split('.')[0] not in ALLOWED_IMPORTS:
                report(node, 'imports from %s' % node.module)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in FORBIDDEN_CALLS:
                report(node, 'calls %s()' % node.func.id)
        elif isinstance(node, (ast.Name, ast.Attribute)):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in FORBIDDEN_NAMES:
                report(node, 'uses %s' % name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, bytes):
            report(node, 'bytes literal')
        elif isinstance(node, (ast.AsyncFunctionDef, ast.Await, ast.AsyncFor,
                               ast.AsyncWith, ast.Match)):
            report(node, 'uses %s' % type(node).__name__)
    return found


def main():
    paths = [os.path.join(PYLIB, name) for name in FILES]
    for package in PACKAGES:
        folder = os.path.join(PYLIB, package)
        paths += [os.path.join(folder, name) for name in sorted(os.listdir(folder))
                  if name.endswith('.py')]
    problems = []
    for path in paths:
        problems += problems_in(path)
    for problem in problems:
        print(problem)
    print('%d files checked, %d problems' % (len(paths), len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == '__main__':
    main()
