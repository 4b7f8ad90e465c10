"""Run a Python program under CPython with backstep's core pylib modules
standing in for the standard library ones.

    python3 run_with_pylib.py PROGRAM.py [ARGS...]

The modules in REPLACED (and their submodules) are loaded from engine/pylib,
and `_backstep` from this folder, by a meta-path finder; every other import
is CPython's own.  Modules CPython had already imported keep their
references, but their sys.modules entries are dropped first, so the
program's `import abc` finds backstep's file.  The program then runs as
__main__, as `python3 PROGRAM.py` would run it.
"""

import importlib.abc
import importlib.util
import os as _os
import builtins
import sys
import types as _types

HERE = _os.path.dirname(_os.path.abspath(__file__))
PYLIB = _os.path.normpath(_os.path.join(HERE, '..', '..', '..', 'engine',
                                        'pylib'))
REPLACED = ('collections', 'abc', 'functools', 'itertools', 'operator',
            'copy', 'contextlib', 'enum', 'dataclasses', 'typing', 'string',
            'types', '__future__', '_argbind')


def _is_replaced(fullname):
    return fullname.split('.')[0] in REPLACED or fullname == '_backstep'


class PylibFinder(importlib.abc.MetaPathFinder):
    """Finds the replaced modules (and their submodules) in engine/pylib."""

    def find_spec(self, fullname, path=None, target=None):
        if not _is_replaced(fullname):
            return None
        if fullname == '_backstep':
            return importlib.util.spec_from_file_location(
                fullname, _os.path.join(HERE, '_backstep.py'))
        base = _os.path.join(PYLIB, *fullname.split('.'))
        package_init = _os.path.join(base, '__init__.py')
        if _os.path.isfile(package_init):
            return importlib.util.spec_from_file_location(
                fullname, package_init, submodule_search_locations=[base])
        if _os.path.isfile(base + '.py'):
            return importlib.util.spec_from_file_location(fullname,
                                                          base + '.py')
        raise ImportError('pylib has no module %r' % fullname)


def run_as_main(program):
    path = _os.path.abspath(program)
    with open(path, encoding='utf-8') as source_file:
        source = source_file.read()
    module = _types.ModuleType('__main__')
    module.__file__ = path
    module.__builtins__ = builtins
    sys.modules['__main__'] = module
    sys.path[0] = _os.path.dirname(path)
    exec(compile(source, path, 'exec', dont_inherit=True), module.__dict__)


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        sys.exit(2)
    for cached in list(sys.modules):
        if _is_replaced(cached):
            del sys.modules[cached]
    sys.meta_path.insert(0, PylibFinder())
    sys.argv = sys.argv[1:]
    run_as_main(sys.argv[0])


if __name__ == '__main__':
    main()
