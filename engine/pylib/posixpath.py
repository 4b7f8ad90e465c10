"""POSIX path operations: backstep's `os.path`.

Same results as CPython 3.11's posixpath for str paths.  The pure string
operations are written here; anything that looks at the file system goes
through `os` (and from there through backstep's primitives).  bytes paths are
not supported: backstep has no bytes type.
"""

import os

__all__ = ['normcase', 'isabs', 'join', 'splitdrive', 'split', 'splitext',
           'basename', 'dirname', 'commonprefix', 'getsize', 'getmtime',
           'getatime', 'getctime', 'islink', 'exists', 'lexists', 'isdir',
           'isfile', 'expanduser', 'expandvars', 'normpath', 'abspath',
           'realpath', 'relpath', 'commonpath', 'samefile', 'curdir',
           'pardir', 'sep', 'pathsep', 'defpath', 'altsep', 'extsep',
           'devnull', 'supports_unicode_filenames']

curdir = '.'
pardir = '..'
extsep = '.'
sep = '/'
pathsep = ':'
defpath = '/bin:/usr/bin'
altsep = None
devnull = '/dev/null'
supports_unicode_filenames = False

_S_IFMT = 0o170000
_S_IFDIR = 0o040000
_S_IFREG = 0o100000
_S_IFLNK = 0o120000


def _check_arg_types(funcname, *args):
    """Explain a TypeError from a multi-argument function the way CPython
    does: name the first argument that is not a path."""
    for arg in args:
        if not isinstance(arg, str):
            raise TypeError('%s() argument must be str, bytes, or '
                            'os.PathLike object, not %r'
                            % (funcname, type(arg).__name__)) from None


# ---- pure string operations -------------------------------------------------

def normcase(s):
    """POSIX file names are case-sensitive: nothing to normalise."""
    return os.fspath(s)


def isabs(s):
    return os.fspath(s).startswith(sep)


def join(a, *p):
    """Join components with '/'; an absolute component discards everything
    before it, and an empty last component leaves a trailing '/'."""
    path = os.fspath(a)
    try:
        if not p:
            path[:0] + sep      # a non-str first argument fails here
        for part in p:
            part = os.fspath(part)
            if part.startswith(sep):
                path = part
            elif not path or path.endswith(sep):
                path = path + part
            else:
                path = path + sep + part
    except (TypeError, AttributeError):
        _check_arg_types('join', a, *p)
        raise
    return path


def split(p):
    """(head, tail): tail is what follows the last '/'; head loses its
    trailing slashes unless it is nothing but slashes."""
    p = os.fspath(p)
    cut = p.rfind(sep) + 1
    head = p[:cut]
    tail = p[cut:]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head, tail


def splitext(p):
    """(root, ext): ext starts at the last dot of the last component, unless
    that component is all leading dots before it (".bashrc" has no ext)."""
    p = os.fspath(p)
    sep_index = p.rfind(sep)
    dot_index = p.rfind(extsep)
    if dot_index > sep_index:
        name_start = sep_index + 1
        while name_start < dot_index:
            if p[name_start] != extsep:
                return p[:dot_index], p[dot_index:]
            name_start += 1
    return p, ''


def splitdrive(p):
    """POSIX has no drives."""
    return '', os.fspath(p)


def basename(p):
    p = os.fspath(p)
    return p[p.rfind(sep) + 1:]


def dirname(p):
    return split(p)[0]


def commonprefix(m):
    """Longest common leading string (not path-aware) of the items of m."""
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = tuple([os.fspath(item) for item in m])
    lowest = min(m)
    highest = max(m)
    for index, item in enumerate(lowest):
        if item != highest[index]:
            return lowest[:index]
    return lowest


def normpath(path):
    """Collapse '//', '/./' and 'x/..'.  POSIX gives a leading '//' its own
    meaning, so exactly two leading slashes are kept; three or more become
    one."""
    path = os.fspath(path)
    if not path:
        return curdir
    leading = 0
    if path.startswith(sep):
        leading = 2 if path.startswith('//') and not path.startswith('///') else 1
    parts = []
    for comp in path.split(sep):
        if comp == '' or comp == curdir:
            continue
        keeps_parent = (comp == pardir and not leading and
                        (not parts or parts[-1] == pardir))
        if comp != pardir or keeps_parent:
            parts.append(comp)
        elif parts:
            parts.pop()
        # '..' at the root of an absolute path is dropped
    result = sep * leading + sep.join(parts)
    return result or curdir


def abspath(path):
    path = os.fspath(path)
    if not isabs(path):
        path = join(os.getcwd(), path)
    return normpath(path)


def relpath(path, start=None):
    """Path from start (default: the current directory) to path, computed
    on the absolute, normalised forms without touching the file system."""
    if not path:
        raise ValueError("no path specified")
    path = os.fspath(path)
    start = curdir if start is None else os.fspath(start)
    try:
        start_parts = [x for x in abspath(start).split(sep) if x]
        path_parts = [x for x in abspath(path).split(sep) if x]
        shared = len(commonprefix([start_parts, path_parts]))
        rel_parts = [pardir] * (len(start_parts) - shared) + path_parts[shared:]
        if not rel_parts:
            return curdir
        return join(*rel_parts)
    except (TypeError, AttributeError):
        _check_arg_types('relpath', path, start)
        raise


def commonpath(paths):
    """Longest common sub-path (component-wise) of a sequence of paths."""
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    paths = tuple([os.fspath(p) for p in paths])
    try:
        absolute_flags = set([p[:1] == sep for p in paths])
        if len(absolute_flags) != 1:
            raise ValueError("Can't mix absolute and relative paths")
        split_paths = [[c for c in p.split(sep) if c and c != curdir]
                       for p in paths]
        lowest = min(split_paths)
        highest = max(split_paths)
        common = lowest
        for index, comp in enumerate(lowest):
            if comp != highest[index]:
                common = lowest[:index]
                break
        prefix = sep if paths[0][:1] == sep else ''
        return prefix + sep.join(common)
    except (TypeError, AttributeError):
        _check_arg_types('commonpath', *paths)
        raise


def expanduser(path):
    """Replace a leading '~' (from $HOME, else the password database) or
    '~user'; unknown users leave the path unchanged."""
    path = os.fspath(path)
    if not path.startswith('~'):
        return path
    end = path.find(sep, 1)
    if end < 0:
        end = len(path)
    if end == 1:
        if 'HOME' in os.environ:
            home = os.environ['HOME']
        else:
            home = os._user_home(None)
    else:
        home = os._user_home(path[1:end])
    if home is None:
        return path
    home = home.rstrip(sep)
    return (home + path[end:]) or sep


def _variable_reference_end(path, dollar):
    """End index of a '$name' or '${anything}' reference starting at
    `dollar`, or -1 when the '$' starts no reference (names are ASCII word
    characters, as in CPython's pattern)."""
    index = dollar + 1
    if index < len(path) and path[index] == '{':
        close = path.find('}', index + 1)
        return close + 1 if close >= 0 else -1
    while index < len(path) and (path[index] == '_' or
                                 (path[index].isalnum() and
                                  path[index] < '\x80')):
        index += 1
    return index if index > dollar + 1 else -1


def expandvars(path):
    """Expand $name and ${name} from os.environ; unknown names stay."""
    path = os.fspath(path)
    if '$' not in path:
        return path
    index = 0
    while True:
        dollar = path.find('$', index)
        if dollar < 0:
            return path
        end = _variable_reference_end(path, dollar)
        if end < 0:
            index = dollar + 1
            continue
        name = path[dollar + 1:end]
        if name.startswith('{') and name.endswith('}'):
            name = name[1:-1]
        if name in os.environ:
            value = os.environ[name]
            path = path[:dollar] + value + path[end:]
            index = dollar + len(value)
        else:
            index = end


# ---- file-system queries ------------------------------------------------

def _mode_or_none(path, follow_symlinks=True):
    try:
        return os.stat(path, follow_symlinks=follow_symlinks).st_mode
    except (OSError, ValueError):
        return None


def exists(path):
    """False for broken symbolic links and unreadable paths."""
    return _mode_or_none(path) is not None


def lexists(path):
    return _mode_or_none(path, follow_symlinks=False) is not None


def isfile(path):
    mode = _mode_or_none(path)
    return mode is not None and mode & _S_IFMT == _S_IFREG


def isdir(s):
    mode = _mode_or_none(s)
    return mode is not None and mode & _S_IFMT == _S_IFDIR


def islink(path):
    mode = _mode_or_none(path, follow_symlinks=False)
    return mode is not None and mode & _S_IFMT == _S_IFLNK


def getsize(filename):
    return os.stat(filename).st_size


def getmtime(filename):
    return os.stat(filename).st_mtime


def getatime(filename):
    return os.stat(filename).st_atime


def getctime(filename):
    return os.stat(filename).st_ctime


def samefile(f1, f2):
    first = os.stat(f1)
    second = os.stat(f2)
    return first.st_ino == second.st_ino and first.st_dev == second.st_dev


def realpath(filename, *, strict=False):
    """Absolute path with every symbolic link resolved (loops are left as
    they are, like CPython does when strict is false)."""
    filename = os.fspath(filename)
    resolved, _ = _resolve_links('', filename, strict, {})
    return abspath(resolved)


def _resolve_links(path, rest, strict, seen):
    """Append the components of `rest` to the resolved `path`, following
    links; `seen` maps link paths to their resolution (None while being
    resolved, to detect loops).  Returns (path, fully_resolved)."""
    if isabs(rest):
        rest = rest[1:]
        path = sep
    while rest:
        name, _, rest = rest.partition(sep)
        if not name or name == curdir:
            continue
        if name == pardir:
            if path:
                path, last = split(path)
                if last == pardir:
                    path = join(path, pardir, pardir)
            else:
                path = pardir
            continue
        candidate = join(path, name)
        if not islink(candidate):
            if strict:
                os.stat(candidate)          # raises for a missing component
            path = candidate
            continue
        if candidate in seen:
            if seen[candidate] is not None:
                path = seen[candidate]
                continue
            if strict:
                os.stat(candidate)          # raises the loop error
            return join(candidate, rest), False
        seen[candidate] = None
        path, complete = _resolve_links(path, os.readlink(candidate),
                                        strict, seen)
        if not complete:
            return join(path, rest), False
        seen[candidate] = path
    return path, True
