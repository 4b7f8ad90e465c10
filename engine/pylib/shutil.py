"""shutil: copying, moving and removing files and trees (copyfile, copy,
copy2, copyfileobj, copytree, rmtree, move, which) on the os module.
Permission bits and timestamps are not copied (copymode/copystat are
no-ops): backstep's os has no chmod/utime."""

import os

__all__ = ["copyfileobj", "copyfile", "copymode", "copystat", "copy", "copy2", "copytree", "move", "rmtree",
           "Error", "SameFileError", "which", "ignore_patterns"]


class Error(OSError):
    pass


class SameFileError(Error):
    """Raised when source and destination are the same file."""


def copyfileobj(fsrc, fdst, length=0):
    if not length:
        length = 64 * 1024
    while True:
        buf = fsrc.read(length)
        if not buf:
            break
        fdst.write(buf)


def _samefile(src, dst):
    try:
        return os.path.samefile(src, dst)
    except OSError:
        return False


def copyfile(src, dst, *, follow_symlinks=True):
    if _samefile(src, dst):
        raise SameFileError("{!r} and {!r} are the same file".format(src, dst))
    with open(src, 'rb') as fsrc:
        with open(dst, 'wb') as fdst:
            copyfileobj(fsrc, fdst)
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    pass


def copystat(src, dst, *, follow_symlinks=True):
    pass


def copy(src, dst, *, follow_symlinks=True):
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    return dst


copy2 = copy


def ignore_patterns(*patterns):
    import fnmatch

    def _ignore_patterns(path, names):
        ignored_names = []
        for pattern in patterns:
            ignored_names.extend(fnmatch.filter(names, pattern))
        return set(ignored_names)
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2, ignore_dangling_symlinks=False,
             dirs_exist_ok=False):
    names = os.listdir(src)
    ignored = ignore(os.fspath(src), names) if ignore is not None else set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    for name in names:
        if name in ignored:
            continue
        s = os.path.join(src, name)
        d = os.path.join(dst, name)
        if os.path.isdir(s):
            copytree(s, d, symlinks, ignore, copy_function, ignore_dangling_symlinks, dirs_exist_ok)
        else:
            copy_function(s, d)
    return dst


def rmtree(path, ignore_errors=False, onerror=None):
    """Removes a directory and everything under it."""
    def handle(func, p):
        if ignore_errors:
            return
        if onerror is None:
            raise
        onerror(func, p, None)
    try:
        if os.path.islink(path):
            raise OSError("Cannot call rmtree on a symbolic link")
        names = os.listdir(path)
    except OSError:
        handle(os.listdir, path)
        return
    for name in names:
        full = os.path.join(path, name)
        if os.path.isdir(full) and not os.path.islink(full):
            rmtree(full, ignore_errors, onerror)
        else:
            try:
                os.unlink(full)
            except OSError:
                handle(os.unlink, full)
    try:
        os.rmdir(path)
    except OSError:
        handle(os.rmdir, path)


def move(src, dst, copy_function=copy2):
    real_dst = dst
    if os.path.isdir(dst):
        real_dst = os.path.join(dst, os.path.basename(os.fspath(src).rstrip('/')))
        if os.path.exists(real_dst):
            raise Error("Destination path '%s' already exists" % real_dst)
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.isdir(src):
            copytree(src, real_dst, copy_function=copy_function)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


def which(cmd, mode=None, path=None):
    if os.path.dirname(cmd):
        return cmd if os.path.isfile(cmd) else None
    if path is None:
        path = os.environ.get("PATH", os.defpath)
    for folder in path.split(os.pathsep):
        name = os.path.join(folder, cmd)
        if os.path.isfile(name):
            return name
    return None
