"""The parts of CPython's `os` module that scripts use, for POSIX.

Everything that touches the process or the file system goes through
backstep's primitives (module `_backstep`, see PRIMITIVES-tools.md); those
raise the same OSError subclasses with the same (errno, strerror, filename)
as CPython's posix module, so the errors users see are CPython's.
"""

import abc
import sys
import _backstep

name = 'posix'
sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
linesep = '\n'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
curdir = '.'
pardir = '..'

error = OSError


# ---- paths as objects ---------------------------------------------------------

class PathLike(abc.ABC):
    """Abstract base of objects that stand for a file-system path; any class
    with __fspath__ counts as a subclass."""

    @abc.abstractmethod
    def __fspath__(self):
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        if cls is PathLike and hasattr(subclass, '__fspath__'):
            return True
        return NotImplemented


def fspath(path):
    """str paths pass through; other objects are asked for __fspath__."""
    if isinstance(path, str):
        return path
    path_type = type(path)
    method = getattr(path_type, '__fspath__', None)
    if method is None:
        raise TypeError('expected str, bytes or os.PathLike object, not '
                        + path_type.__name__)
    result = method(path)
    if isinstance(result, str):
        return result
    raise TypeError('expected %s.__fspath__() to return str or bytes, not %s'
                    % (path_type.__name__, type(result).__name__))


# ---- the environment ----------------------------------------------------------

def _require_str(value):
    if not isinstance(value, str):
        raise TypeError('str expected, not %s' % type(value).__name__)
    return value


class _Environ(object):
    """os.environ: a str -> str mapping whose changes reach the process
    environment (so child processes and C libraries see them)."""

    def __init__(self, data):
        self._data = data

    def __getitem__(self, key):
        _require_str(key)
        try:
            return self._data[key]
        except KeyError:
            raise KeyError(key) from None

    def __setitem__(self, key, value):
        _require_str(key)
        _require_str(value)
        _backstep.putenv(key, value)
        self._data[key] = value

    def __delitem__(self, key):
        _require_str(key)
        _backstep.unsetenv(key)
        try:
            del self._data[key]
        except KeyError:
            raise KeyError(key) from None

    def __iter__(self):
        # iterate over a snapshot so the loop body may change the environment
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        _require_str(key)
        return key in self._data

    def __eq__(self, other):
        if isinstance(other, _Environ):
            other = other._data
        return self._data == other

    def __repr__(self):
        items = ', '.join(['%r: %r' % (key, value)
                           for key, value in self._data.items()])
        return 'environ({%s})' % items

    def get(self, key, default=None):
        _require_str(key)
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, value):
        if key not in self:
            self[key] = value
        return self[key]

    def pop(self, key, *default):
        if len(default) > 1:
            raise TypeError('pop expected at most 2 arguments, got %d'
                            % (len(default) + 1))
        if key in self:
            value = self[key]
            del self[key]
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def update(self, other=(), **kwargs):
        pairs = other.items() if hasattr(other, 'items') else other
        for key, value in pairs:
            self[key] = value
        for key, value in kwargs.items():
            self[key] = value

    def clear(self):
        for key in list(self._data):
            del self[key]

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        merged = dict(self._data)
        merged.update(other)
        return merged

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        merged = dict(other)
        merged.update(self._data)
        return merged

    def __ior__(self, other):
        self.update(other)
        return self


environ = _Environ(_backstep.environ())


def getenv(key, default=None):
    return environ.get(key, default)


def putenv(key, value):
    _backstep.putenv(_require_str(key), _require_str(value))


def unsetenv(key):
    _backstep.unsetenv(_require_str(key))


def _user_home(user):
    """Home directory of `user` (None: the current user) from the password
    database, or None; used by os.path.expanduser."""
    return _backstep.user_home(user)


# ---- process ------------------------------------------------------------------

def getcwd():
    return _backstep.getcwd()


def getpid():
    return _backstep.getpid()


def cpu_count():
    """Number of CPUs, or None when it cannot be determined."""
    return _backstep.cpu_count()


# ---- file system ----------------------------------------------------------------

class stat_result(tuple):
    """Result of os.stat: a 10-tuple of integers (times truncated) whose
    st_* attributes give the float times, like CPython's structseq."""

    _fields = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid',
               'st_gid', 'st_size', 'st_atime', 'st_mtime', 'st_ctime')

    def __new__(cls, fields, float_times):
        self = tuple.__new__(cls, fields)
        self._float_times = float_times
        return self

    def __getattr__(self, attr):
        if attr in ('st_atime', 'st_mtime', 'st_ctime'):
            return self._float_times[('st_atime', 'st_mtime',
                                      'st_ctime').index(attr)]
        if attr in stat_result._fields:
            return self[stat_result._fields.index(attr)]
        raise AttributeError("'os.stat_result' object has no attribute '%s'"
                             % attr)

    def __repr__(self):
        pairs = ', '.join(['%s=%r' % (field, value)
                           for field, value in zip(stat_result._fields, self)])
        return 'os.stat_result(%s)' % pairs


def stat(path, *, follow_symlinks=True):
    values = _backstep.stat(fspath(path), follow_symlinks)
    return stat_result(values[:10], values[10:])


def lstat(path):
    return stat(path, follow_symlinks=False)


def listdir(path='.'):
    """Entry names of the directory, in the order the system lists them."""
    return _backstep.listdir(fspath(path))


def mkdir(path, mode=0o777):
    _backstep.mkdir(fspath(path), mode)


def makedirs(name, mode=0o777, exist_ok=False):
    """mkdir with every missing parent; with exist_ok an existing directory
    (but not an existing file) is accepted."""
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass            # another process created it in the meantime
        if tail == curdir:
            return          # 'a/b/.' : 'a/b' was just created
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def remove(path):
    _backstep.remove(fspath(path))


unlink = remove


def rmdir(path):
    _backstep.rmdir(fspath(path))


def removedirs(name):
    """rmdir the leaf, then each parent until one is not empty."""
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def rename(src, dst):
    _backstep.rename(fspath(src), fspath(dst))


replace = rename


def readlink(path):
    return _backstep.readlink(fspath(path))


def walk(top, topdown=True, onerror=None, followlinks=False):
    """Yield (dirpath, dirnames, filenames) for each directory under top;
    with topdown the caller may prune dirnames in place."""
    top = fspath(top)
    try:
        names = listdir(top)
    except OSError as error:
        if onerror is not None:
            onerror(error)
        return
    dirs = []
    files = []
    for entry in names:
        if path.isdir(path.join(top, entry)):
            dirs.append(entry)
        else:
            files.append(entry)
    if topdown:
        yield top, dirs, files
    for entry in dirs:
        child = path.join(top, entry)
        if followlinks or not path.islink(child):
            yield from walk(child, topdown, onerror, followlinks)
    if not topdown:
        yield top, dirs, files


# os.path is posixpath, importable as `os.path` as well (like CPython).
import posixpath as path
sys.modules['os.path'] = path
