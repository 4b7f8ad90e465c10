# os.path string operations on the paths scripts build (checkpoint dirs,
# data files, user paths), including the corner cases of POSIX semantics.
import os
import os.path
import posixpath

PATHS = ['', '.', '..', '/', '//', '///', 'a', 'a/', 'a//', '/a', '//a',
         '///a', 'a/b', 'a/b/', 'a//b', 'a/./b', 'a/../b', '../a', '/..',
         '/../a', 'a/b/../..', 'a/b/../../..', './a', '.bashrc', 'a/.bashrc',
         'a.b/c', 'a/b.c.d', 'a/b.', 'a/..b', 'a/...', 'model.pt.tar',
         'runs/exp1/ckpt_0010.pt', '~', '~/data', '~root/x', '~nosuchuser/y',
         '/tmp//x/./y/../z/', 'é/ü.txt', 'a b/c d.txt', '.', '..a', 'a..']
for path in PATHS:
    print(repr(path), os.path.split(path), os.path.splitext(path),
          repr(os.path.basename(path)), repr(os.path.dirname(path)),
          repr(os.path.normpath(path)), os.path.isabs(path),
          repr(os.path.expanduser(path)))
print(os.path.join('a'), os.path.join('a', 'b', 'c'), os.path.join('a/', 'b'),
      os.path.join('a', '/b', 'c'), os.path.join('a', ''),
      os.path.join('', 'a'), os.path.join('', ''), os.path.join('/', 'x'),
      os.path.join('runs', 'exp1', 'ckpt.pt'))
cwd = os.getcwd()
for path in ['x', 'x/../y', '/abs/./p', '', '.']:
    try:
        result = os.path.abspath(path)
        print(repr(path), result == os.path.normpath(os.path.join(cwd, path)))
    except ValueError as error:
        print(repr(path), error)
for path, start in [('/a/b/c', '/a'), ('/a', '/a/b/c'), ('/a/b', '/a/b'),
                    ('/a/b', '/x/y'), ('a/b', 'a'), ('a', 'a/b/c'),
                    ('/', '/a'), ('x', None)]:
    print(path, start, os.path.relpath(path, start) if start else
          os.path.relpath(path))
for bad in [lambda: os.path.relpath(''), lambda: os.path.join('a', 1),
            lambda: os.path.join(1, 'a'), lambda: os.path.join(None),
            lambda: os.path.basename(3), lambda: os.path.relpath('a', 5),
            lambda: os.path.commonpath([]),
            lambda: os.path.commonpath(['/a', 'b']),
            lambda: os.fspath(2.5)]:
    try:
        print(bad())
    except (TypeError, ValueError) as error:
        print(type(error).__name__, error)
print(os.path.commonprefix(['/usr/lib', '/usr/local', '/usr/l']),
      repr(os.path.commonprefix([])), os.path.commonprefix([[1, 2], [1, 3]]),
      os.path.commonpath(['/usr/lib', '/usr/local']),
      os.path.commonpath(['a/b/c', 'a/b', 'a/./b/d']))
os.environ['BACKSTEP_TEST_DIR'] = '/data/sets'
print(os.path.expandvars('$BACKSTEP_TEST_DIR/x ${BACKSTEP_TEST_DIR}/y $NOPE_X '
                         '${NOPE_Y} $ $$ ${} ${unclosed a$1b'))


class Checkpoint(object):
    def __init__(self, path):
        self.path = path

    def __fspath__(self):
        return self.path


print(isinstance(Checkpoint('x'), os.PathLike), isinstance('x', os.PathLike),
      issubclass(Checkpoint, os.PathLike))
print(os.path.join(Checkpoint('runs'), 'a'), os.fspath(Checkpoint('p')),
      os.path.basename(Checkpoint('a/b.pt')), os.path.splitext(Checkpoint('x.y')))
print(os.sep, os.pathsep, os.curdir, os.pardir, os.extsep, repr(os.linesep),
      os.devnull, os.name, os.path.sep, os.path is posixpath, os.altsep)
home = os.environ.pop('HOME')
print(os.path.expanduser('~') == os.path.expanduser('~' + 'root') or
      'home from passwd')
os.environ['HOME'] = '/home/trailing/'
print(os.path.expanduser('~/x'), os.path.expanduser('~'))
os.environ['HOME'] = '/'
print(os.path.expanduser('~/x'), os.path.expanduser('~'))
os.environ['HOME'] = home
