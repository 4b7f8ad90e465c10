"""glob: file names matching shell patterns (glob, iglob, escape, has_magic),
with `**` when recursive=True.  Hidden files match only patterns that start
with a dot, as in CPython; results come in the directory's own order."""

import fnmatch
import os
import re

__all__ = ["glob", "iglob", "escape"]

_magic_check = re.compile('([*?[])')


def has_magic(s):
    return _magic_check.search(s) is not None


def escape(pathname):
    drive, pathname = os.path.splitdrive(pathname)
    pathname = _magic_check.sub(r'[\1]', pathname)
    return drive + pathname


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    return list(iglob(pathname, root_dir=root_dir, recursive=recursive, include_hidden=include_hidden))


def _join(root_dir, path):
    return os.path.join(root_dir, path) if root_dir is not None and path else (path or root_dir or os.curdir)


def _exists(root_dir, path):
    return os.path.lexists(_join(root_dir, path))


def _isdir(root_dir, path):
    return os.path.isdir(_join(root_dir, path))


def _listdir(root_dir, dirname):
    try:
        return os.listdir(_join(root_dir, dirname) if dirname else (root_dir or os.curdir))
    except OSError:
        return []


def _match_names(root_dir, dirname, pattern, include_hidden):
    names = _listdir(root_dir, dirname)
    if not (include_hidden or pattern.startswith('.')):
        names = [x for x in names if not x.startswith('.')]
    return fnmatch.filter(names, pattern)


def _rlistdir(root_dir, dirname, include_hidden):
    for name in _listdir(root_dir, dirname):
        if include_hidden or not name.startswith('.'):
            yield name
            path = os.path.join(dirname, name) if dirname else name
            if _isdir(root_dir, path) and not os.path.islink(_join(root_dir, path)):
                for y in _rlistdir(root_dir, path, include_hidden):
                    yield os.path.join(name, y)


def _glob_in_dir(root_dir, dirname, pattern, recursive, include_hidden, dironly):
    if recursive and pattern == '**':
        names = ['']
        for name in _rlistdir(root_dir, dirname, include_hidden):
            if not dironly or _isdir(root_dir, os.path.join(dirname, name) if dirname else name):
                names.append(name)
        return names
    if has_magic(pattern):
        names = _match_names(root_dir, dirname, pattern, include_hidden)
        if dironly:
            names = [n for n in names if _isdir(root_dir, os.path.join(dirname, n) if dirname else n)]
        return names
    if not pattern:
        return [pattern] if _isdir(root_dir, dirname) else []
    path = os.path.join(dirname, pattern) if dirname else pattern
    if (dironly and _isdir(root_dir, path)) or (not dironly and _exists(root_dir, path)):
        return [pattern]
    return []


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    pathname = os.fspath(pathname)
    if root_dir is not None:
        root_dir = os.fspath(root_dir)
    it = _iglob(pathname, root_dir, recursive, False, include_hidden)
    skip_empty = not pathname or recursive and pathname[:2] == '**'
    for name in it:
        if skip_empty:
            skip_empty = False
            if not name:
                continue
        yield name


def _iglob(pathname, root_dir, recursive, dironly, include_hidden):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if _exists(root_dir, pathname):
                yield pathname
        elif _isdir(root_dir, dirname):
            yield pathname
        return
    if not dirname:
        yield from _glob_in_dir(root_dir, dirname, basename, recursive, include_hidden, dironly)
        return
    if dirname != pathname and has_magic(dirname):
        dirs = _iglob(dirname, root_dir, recursive, True, include_hidden)
    else:
        dirs = [dirname]
    for d in dirs:
        for name in _glob_in_dir(root_dir, d, basename, recursive, include_hidden, dironly):
            yield os.path.join(d, name)
