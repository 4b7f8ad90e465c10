"""pathlib: PurePath / PurePosixPath and Path / PosixPath as CPython 3.11
has them on POSIX: parsing and normalising ('a//b/./c' is 'a/b/c'), the
parts (name, stem, suffix, suffixes, parent, parents, parts, anchor),
joining with / and joinpath, with_name/with_stem/with_suffix,
relative_to, is_relative_to, match, comparisons and hashing; and the file
system side (exists, is_file, is_dir, mkdir, iterdir, glob, rglob, open,
read/write text and bytes, touch, unlink, rmdir, rename, replace, stat,
resolve, absolute, cwd, home, expanduser, samefile) on the os module.
Windows paths are not provided.
"""

import fnmatch
import os
import posixpath
import re

__all__ = ["PurePath", "PurePosixPath", "Path", "PosixPath", "PureWindowsPath", "WindowsPath"]


def _parse_parts(args):
    """(root, parts) of the joined arguments: a later absolute argument
    starts over; '' and '.' components vanish; '..' stays."""
    root = ''
    parts = []
    for a in args:
        if isinstance(a, PurePath):
            a_root, a_parts = a._root, a._parts
            if a_root:
                root, parts = a_root, list(a_parts)
            else:
                parts.extend(a_parts)
            continue
        a = os.fspath(a)
        if not isinstance(a, str):
            raise TypeError("argument should be a str object or an os.PathLike object returning str, not %r"
                            % type(a))
        if a.startswith('/'):
            # POSIX keeps exactly two leading slashes; three or more are one.
            root = '//' if a.startswith('//') and not a.startswith('///') else '/'
            parts = []
        parts.extend(x for x in a.split('/') if x and x != '.')
    return root, parts


class PurePath(object):
    """A path as text: no file system access."""

    __slots__ = ('_root', '_parts', '_str', '_hash')

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_parts(args)

    @classmethod
    def _from_parts(cls, args):
        self = object.__new__(cls)
        self._root, self._parts = _parse_parts(args)
        self._str = None
        self._hash = None
        return self

    @classmethod
    def _from_parsed(cls, root, parts):
        self = object.__new__(cls)
        self._root = root
        self._parts = list(parts)
        self._str = None
        self._hash = None
        return self

    def _new(self, root, parts):
        return type(self)._from_parsed(root, parts)

    def __reduce__(self):
        return (self.__class__, tuple(self.parts))

    def __str__(self):
        if self._str is None:
            text = self._root + '/'.join(self._parts)
            self._str = text or '.'
        return self._str

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __bytes__(self):
        return os.fsencode(self) if hasattr(os, 'fsencode') else str(self).encode()

    def __repr__(self):
        return "{}({!r})".format(self.__class__.__name__, self.as_posix())

    def as_uri(self):
        if not self.is_absolute():
            raise ValueError("relative path can't be expressed as a file URI")
        return 'file://' + str(self)

    def _key(self):
        return [self._root] + self._parts

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) == str(other)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(str(self))
        return self._hash

    def _cparts(self):
        return ([self._root] if self._root else []) + self._parts

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts() < other._cparts()

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts() <= other._cparts()

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts() > other._cparts()

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._cparts() >= other._cparts()

    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def name(self):
        if not self._parts:
            return ''
        return self._parts[-1]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + suffix for suffix in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    def with_name(self, name):
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        if not name or '/' in name or name == '.':
            raise ValueError("Invalid name %r" % (name,))
        return self._new(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if '/' in suffix:
            raise ValueError("Invalid suffix %r" % (suffix,))
        if suffix and not suffix.startswith('.') or suffix == '.':
            raise ValueError("Invalid suffix %r" % (suffix))
        name = self.name
        if not name:
            raise ValueError("%r has an empty name" % (self,))
        old_suffix = self.suffix
        if not old_suffix:
            name = name + suffix
        else:
            name = name[:-len(old_suffix)] + suffix
        return self._new(self._root, self._parts[:-1] + [name])

    def relative_to(self, *other):
        if not other:
            raise TypeError("need at least one argument")
        root, parts = _parse_parts(other)
        mine = self._cparts()
        theirs = ([root] if root else []) + parts
        n = len(theirs)
        if (self._root if n == 0 else mine[:n] != theirs):
            formatted = str(type(self)._from_parsed(root, parts))
            raise ValueError("{!r} is not in the subpath of {!r}"
                             " OR one path is relative and the other is absolute."
                             .format(str(self), formatted))
        return self._new('', mine[n:])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    @property
    def parts(self):
        return tuple(self._cparts())

    def joinpath(self, *args):
        return type(self)._from_parts((self,) + args)

    def __truediv__(self, key):
        try:
            return self.joinpath(key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)._from_parts((key, self))
        except TypeError:
            return NotImplemented

    @property
    def parent(self):
        if not self._parts:
            return self
        return self._new(self._root, self._parts[:-1])

    @property
    def parents(self):
        return _PathParents(self)

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def match(self, path_pattern):
        pat = type(self)(path_pattern)
        pat_parts = pat._cparts()
        if not pat_parts:
            raise ValueError("empty pattern")
        parts = self._cparts()
        if pat._root:
            if len(pat_parts) != len(parts):
                return False
        elif len(pat_parts) > len(parts):
            return False
        for part, pat_part in zip(reversed(parts), reversed(pat_parts)):
            if not fnmatch.fnmatchcase(part, pat_part):
                return False
        return True


class _PathParents(object):
    """The ancestors of a path, nearest first (path.parents)."""

    __slots__ = ('_path', '_root', '_parts')

    def __init__(self, path):
        self._path = path
        self._root = path._root
        self._parts = path._parts

    def __len__(self):
        return len(self._parts)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return tuple(self[i] for i in range(*idx.indices(len(self))))
        if idx >= len(self) or idx < -len(self):
            raise IndexError(idx)
        if idx < 0:
            idx += len(self)
        return self._path._new(self._root, self._parts[:-idx - 1])

    def __repr__(self):
        return "<{}.parents>".format(type(self._path).__name__)


class PurePosixPath(PurePath):
    __slots__ = ()


class PureWindowsPath(PurePath):
    __slots__ = ()

    def __new__(cls, *args):
        raise NotImplementedError("backstep's pathlib has no Windows paths")


class Path(PurePath):
    """A path on the file system."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_parts(args)

    def __enter__(self):
        return self

    def __exit__(self, t, v, tb):
        pass

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls(os.path.expanduser('~'))

    def samefile(self, other_path):
        st = self.stat()
        try:
            other_st = other_path.stat()
        except AttributeError:
            other_st = type(self)(other_path).stat()
        return st.st_ino == other_st.st_ino and st.st_dev == other_st.st_dev

    def iterdir(self):
        for name in os.listdir(self):
            yield self._new(self._root, self._parts + [name])

    def _walk_matches(self, parts):
        """The paths under self matching the pattern parts ('**' included)."""
        if not parts:
            yield self
            return
        head, rest = parts[0], parts[1:]
        if head == '**':
            for p in self._all_dirs():
                yield from p._walk_matches(rest)
            return
        if not self.is_dir():
            return
        if not any(c in head for c in '*?['):
            child = self / head
            if rest and child.is_dir() or not rest and (child.exists() or child.is_symlink()):
                yield child
            return
        for name in os.listdir(self):
            if fnmatch.fnmatchcase(name, head):
                child = self._new(self._root, self._parts + [name])
                if rest and not child.is_dir():
                    continue
                yield from child._walk_matches(rest)

    def _all_dirs(self):
        yield self
        try:
            names = os.listdir(self)
        except OSError:
            return
        for name in names:
            child = self._new(self._root, self._parts + [name])
            if child.is_dir() and not child.is_symlink():
                yield from child._all_dirs()

    def glob(self, pattern):
        if not pattern:
            raise ValueError("Unacceptable pattern: {!r}".format(pattern))
        pat = PurePosixPath(pattern)
        if pat._root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        parts = pat._parts
        if pattern.endswith('/'):
            parts = parts + ['']
        seen = set()
        for p in self._walk_matches([x for x in parts if x != '']):
            if p not in seen:
                seen.add(p)
                yield p

    def rglob(self, pattern):
        pat = PurePosixPath(pattern)
        if pat._root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        yield from self.glob('**/' + pattern)

    def absolute(self):
        if self.is_absolute():
            return self
        return type(self)._from_parts([os.getcwd(), self])

    def resolve(self, strict=False):
        return type(self)(os.path.realpath(self, strict=strict))

    def stat(self, *, follow_symlinks=True):
        return os.stat(self, follow_symlinks=follow_symlinks)

    def lstat(self):
        return os.lstat(self)

    def owner(self):
        raise NotImplementedError("Path.owner() is unsupported by backstep")

    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return open(self, mode, buffering, encoding, errors, newline)

    def read_bytes(self):
        with self.open(mode='rb') as f:
            return f.read()

    def read_text(self, encoding=None, errors=None):
        with self.open(mode='r', encoding=encoding, errors=errors) as f:
            return f.read()

    def write_bytes(self, data):
        view = bytes(data)
        with self.open(mode='wb') as f:
            return f.write(view)

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % data.__class__.__name__)
        with self.open(mode='w', encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def readlink(self):
        return self._from_parts((os.readlink(self),))

    def touch(self, mode=0o666, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, 'File exists', str(self))
            with open(self, 'a'):
                pass
            return
        with open(self, 'a'):
            pass

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def chmod(self, mode, *, follow_symlinks=True):
        raise NotImplementedError("Path.chmod() is unsupported by backstep")

    def unlink(self, missing_ok=False):
        try:
            os.unlink(self)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        os.rmdir(self)

    def rename(self, target):
        os.rename(self, target)
        return type(self)(target)

    def replace(self, target):
        os.replace(self, target)
        return type(self)(target)

    def exists(self):
        return os.path.exists(self)

    def is_dir(self):
        return os.path.isdir(self)

    def is_file(self):
        return os.path.isfile(self)

    def is_symlink(self):
        return os.path.islink(self)

    def is_mount(self):
        return os.path.ismount(self) if hasattr(os.path, 'ismount') else False

    def expanduser(self):
        if not self._root and self._parts and self._parts[0][:1] == '~':
            return type(self)(os.path.expanduser(str(self)))
        return self


class PosixPath(Path, PurePosixPath):
    __slots__ = ()


class WindowsPath(Path, PureWindowsPath):
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise NotImplementedError("cannot instantiate %r on your system" % (cls.__name__,))
