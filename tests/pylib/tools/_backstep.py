"""CPython stand-in for the `_backstep` primitives used by the pylib tool
modules (os, posixpath, warnings, argparse).

backstep's interpreter provides these natively (see
engine/pylib/PRIMITIVES-tools.md for the contract).  Here they are built on
CPython's own `posix`/`sys` so the pure-Python modules in engine/pylib can be
tested under real CPython.  Only the test harness imports this file.
"""

import linecache as _linecache     # bound now, to CPython's own os
import posix as _posix
import sys as _sys

# Frames belonging to the harness (run_with_pylib.py) are not part
# of the user's program: a backstep program's stack ends at its <module>.
_HARNESS_MARKERS = ('run_with_pylib.py',)


# ---- warnings -----------------------------------------------------------

def _is_harness_frame(frame):
    name = frame.f_code.co_filename
    return any(name.endswith(marker) for marker in _HARNESS_MARKERS)


def caller_location(stacklevel):
    """Location of the frame `stacklevel` levels above the Python function
    that called this primitive (1 = that function's caller), as
    (filename, lineno, module_name, registry) or None past the stack's top.
    """
    if not isinstance(stacklevel, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(stacklevel).__name__)
    if stacklevel < 1:
        stacklevel = 1
    # Walk up from the calling function; the harness's frames sit above the
    # program's <module>, so reaching one counts as walking off the top.
    frame = _sys._getframe(1)
    for _ in range(stacklevel):
        frame = frame.f_back
        if frame is None or _is_harness_frame(frame):
            return None
    frame_globals = frame.f_globals
    module_name = frame_globals.get('__name__', '<string>')
    registry = frame_globals.setdefault('__warningregistry__', {})
    return (frame.f_code.co_filename, frame.f_lineno, module_name, registry)


def source_line(filename, lineno):
    """Line `lineno` (1-based) of the file, with its newline, or ''."""
    return _linecache.getline(filename, lineno)


# ---- environment and process --------------------------------------------

def environ():
    """The process environment at start-up, as a new dict of str -> str."""
    return {key.decode('utf-8', 'surrogateescape'):
            value.decode('utf-8', 'surrogateescape')
            for key, value in _posix.environ.items()}


def putenv(key, value):
    _posix.putenv(key, value)


def unsetenv(key):
    _posix.unsetenv(key)


def getcwd():
    return _posix.getcwd()


def getpid():
    return _posix.getpid()


def cpu_count():
    return _posix.cpu_count()


def terminal_columns():
    """Columns of the terminal on standard output, 0 when it is not one."""
    try:
        return _posix.get_terminal_size(_sys.__stdout__.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 0


def user_home(name):
    """Home directory from the password database: of the current user when
    `name` is None, else of user `name`; None when there is no such entry."""
    import pwd
    try:
        if name is None:
            return pwd.getpwuid(_posix.getuid()).pw_dir
        return pwd.getpwnam(name).pw_dir
    except KeyError:
        return None


# ---- file system ----------------------------------------------------------

def stat(path, follow_symlinks):
    """The 10 integer fields of os.stat_result (mode, ino, dev, nlink, uid,
    gid, size, atime, mtime, ctime; times truncated to whole seconds)
    followed by the float atime, mtime and ctime: a 13-tuple."""
    result = _posix.stat(path, follow_symlinks=follow_symlinks)
    return tuple(result[:10]) + (result.st_atime, result.st_mtime,
                                 result.st_ctime)


def listdir(path):
    return _posix.listdir(path)


def mkdir(path, mode):
    _posix.mkdir(path, mode)


def rmdir(path):
    _posix.rmdir(path)


def remove(path):
    _posix.unlink(path)


def rename(src, dst):
    _posix.rename(src, dst)


def readlink(path):
    return _posix.readlink(path)
