"""tempfile: temporary directories and files (gettempdir, mkdtemp,
TemporaryDirectory, NamedTemporaryFile, TemporaryFile, SpooledTemporaryFile
as a NamedTemporaryFile) with CPython's naming: prefix 'tmp', eight random
characters from [a-z0-9_], in $TMPDIR/$TEMP/$TMP or /tmp.  mkstemp (a raw
file descriptor) is not provided."""

import os
import random as _random
import shutil as _shutil

__all__ = ["NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile", "TemporaryDirectory", "mkdtemp",
           "mktemp", "gettempdir", "gettempprefix", "TMP_MAX", "template", "tempdir"]

TMP_MAX = 10000
template = "tmp"
tempdir = None
_characters = "abcdefghijklmnopqrstuvwxyz0123456789_"
_rng = _random.Random()


def _random_name():
    return ''.join(_rng.choice(_characters) for _ in range(8))


def gettempprefix():
    return template


def gettempdir():
    global tempdir
    if tempdir is None:
        for env in ('TMPDIR', 'TEMP', 'TMP'):
            d = os.getenv(env)
            if d and os.path.isdir(d):
                tempdir = os.path.abspath(d)
                break
        else:
            tempdir = '/tmp'
    return tempdir


def _prepare(suffix, prefix, dir):
    if suffix is None:
        suffix = ''
    if prefix is None:
        prefix = template
    if dir is None:
        dir = gettempdir()
    return suffix, prefix, os.fspath(dir)


def mkdtemp(suffix=None, prefix=None, dir=None):
    suffix, prefix, dir = _prepare(suffix, prefix, dir)
    for _ in range(TMP_MAX):
        path = os.path.join(dir, prefix + _random_name() + suffix)
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            continue
        return os.path.abspath(path)
    raise FileExistsError(17, "No usable temporary directory name found")


def mktemp(suffix="", prefix=template, dir=None):
    if dir is None:
        dir = gettempdir()
    for _ in range(TMP_MAX):
        path = os.path.join(dir, prefix + _random_name() + suffix)
        if not os.path.exists(path):
            return path
    raise FileExistsError(17, "No usable temporary filename found")


class _TemporaryFileWrapper:
    """A file opened in a fresh temporary name, removed when closed if
    delete is true; attributes go to the file."""

    def __init__(self, file, name, delete=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._closed = False

    def __getattr__(self, name):
        return getattr(self.__dict__['file'], name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        self.close()
        return None

    def close(self):
        if not self._closed:
            self._closed = True
            try:
                self.file.close()
            finally:
                if self.delete:
                    try:
                        os.unlink(self.name)
                    except FileNotFoundError:
                        pass

    def __iter__(self):
        return iter(self.file)

    def __repr__(self):
        return '<tempfile._TemporaryFileWrapper object at %#x>' % id(self)


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None,
                       delete=True, *, errors=None):
    suffix, prefix, dir = _prepare(suffix, prefix, dir)
    for _ in range(TMP_MAX):
        name = os.path.abspath(os.path.join(dir, prefix + _random_name() + suffix))
        if os.path.exists(name):
            continue
        with open(name, 'xb'):
            pass
        file_mode = mode.replace('w', 'r') if '+' in mode else mode
        if 'b' in mode:
            f = open(name, file_mode if '+' in mode else mode, buffering)
        else:
            f = open(name, file_mode if '+' in mode else mode, buffering, encoding=encoding, newline=newline,
                     errors=errors)
        return _TemporaryFileWrapper(f, name, delete)
    raise FileExistsError(17, "No usable temporary file name found")


TemporaryFile = NamedTemporaryFile


def SpooledTemporaryFile(max_size=0, mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None,
                         prefix=None, dir=None, *, errors=None):
    return NamedTemporaryFile(mode, buffering, encoding, newline, suffix, prefix, dir, errors=errors)


class TemporaryDirectory:
    """A directory made at once and removed, with everything in it, by
    cleanup() or at the end of a `with` block (the block gets its name)."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._done = False

    def __repr__(self):
        return "<{} {!r}>".format(self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        self.cleanup()

    def cleanup(self):
        if not self._done and os.path.exists(self.name):
            self._done = True
            _shutil.rmtree(self.name, ignore_errors=self._ignore_cleanup_errors)
