"""Run a Python program under CPython with backstep's pylib tool modules
standing in for the standard library ones.

    python3 run_with_pylib.py PROGRAM.py [ARGS...]

argparse, json, warnings, os, os.path and posixpath are loaded from
engine/pylib (and `_backstep` from this folder) by a meta-path finder; every
other import is CPython's own.  The program then runs as __main__ with
sys.argv = [PROGRAM.py, ARGS...], exactly as `python3 PROGRAM.py ARGS...`
would run it, so the two runs' stdout, stderr and exit status can be compared.
"""

import importlib.abc
import importlib.util
import os as _cpython_os
import builtins
import sys
import types

HERE = _cpython_os.path.dirname(_cpython_os.path.abspath(__file__))
PYLIB = _cpython_os.path.normpath(_cpython_os.path.join(HERE, '..', '..', '..',
                                                        'engine', 'pylib'))
REPLACED = ('argparse', 'json', 'warnings', 'os', 'posixpath',
            '_warnings_pattern')


def _is_replaced(fullname):
    return fullname.split('.')[0] in REPLACED or fullname == '_backstep'


class PylibFinder(importlib.abc.MetaPathFinder):
    """Finds the replaced modules (and their submodules) in engine/pylib."""

    def find_spec(self, fullname, path=None, target=None):
        if not _is_replaced(fullname):
            return None
        if fullname == '_backstep':
            return importlib.util.spec_from_file_location(
                fullname, _cpython_os.path.join(HERE, '_backstep.py'))
        if fullname == 'os.path':
            return None         # os puts posixpath into sys.modules itself
        base = _cpython_os.path.join(PYLIB, *fullname.split('.'))
        package_init = _cpython_os.path.join(base, '__init__.py')
        if _cpython_os.path.isfile(package_init):
            return importlib.util.spec_from_file_location(
                fullname, package_init, submodule_search_locations=[base])
        if _cpython_os.path.isfile(base + '.py'):
            return importlib.util.spec_from_file_location(fullname,
                                                          base + '.py')
        raise ImportError('pylib has no module %r' % fullname)


def run_as_main(program):
    """Execute the program file as a fresh __main__ module, the way
    `python3 PROGRAM` does (its code's file name is the absolute path)."""
    path = _cpython_os.path.abspath(program)
    with open(path, encoding='utf-8') as source_file:
        source = source_file.read()
    module = types.ModuleType('__main__')
    module.__file__ = path
    module.__builtins__ = builtins
    sys.modules['__main__'] = module
    sys.path[0] = _cpython_os.path.dirname(path)
    exec(compile(source, path, 'exec'), module.__dict__)


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        sys.exit(2)
    # The stand-in primitives use CPython's own modules: load it first.
    sys.path.insert(0, HERE)
    import _backstep
    del sys.path[0]
    for cached in list(sys.modules):
        if cached != '_backstep' and (_is_replaced(cached) or
                                      cached == 'os.path'):
            del sys.modules[cached]
    sys.dont_write_bytecode = True      # no __pycache__ in engine/pylib
    sys.meta_path.insert(0, PylibFinder())
    sys.argv = sys.argv[1:]
    run_as_main(sys.argv[0])


if __name__ == '__main__':
    main()
