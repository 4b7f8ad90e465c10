"""importlib: import_module (absolute and relative names) and
invalidate_caches; reload is not supported yet."""

import sys

__all__ = ['import_module', 'reload', 'invalidate_caches']


def _resolve_name(name, package, level):
    bits = package.rsplit('.', level - 1)
    if len(bits) < level:
        raise ImportError('attempted relative import beyond top-level package')
    base = bits[0]
    return '{}.{}'.format(base, name) if name else base


def import_module(name, package=None):
    level = 0
    if name.startswith('.'):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for {!r}".format(name))
        for character in name:
            if character != '.':
                break
            level += 1
        name = _resolve_name(name[level:], package, level)
    if not name:
        raise ValueError('Empty module name')
    __import__(name)
    return sys.modules[name]


def reload(module):
    name = getattr(module, '__name__', None)
    if name is None or sys.modules.get(name) is not module:
        raise ImportError('module {} not in sys.modules'.format(name), name=name)
    raise NotImplementedError('importlib.reload is not supported by backstep yet')


def invalidate_caches():
    pass
