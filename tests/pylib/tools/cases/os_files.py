# Creating run directories, listing and removing files, environment access:
# what a training script does with os.
import os
import sys

base = '/tmp/backstep_pylib_os_%d' % os.getpid()
runs = os.path.join(base, 'runs', 'exp1')
os.makedirs(runs)
os.makedirs(runs, exist_ok=True)
for bad in [lambda: os.makedirs(runs), lambda: os.mkdir(runs),
            lambda: os.listdir(os.path.join(base, 'missing')),
            lambda: os.remove(os.path.join(base, 'missing.txt')),
            lambda: os.rmdir(os.path.join(base, 'runs')),
            lambda: os.remove(runs), lambda: os.stat('nope\0x')]:
    try:
        bad()
    except (OSError, ValueError) as error:
        print(type(error).__name__, getattr(error, 'errno', None),
              getattr(error, 'strerror', None),
              str(error).replace(base, 'BASE'))
for name in ['b.pt', 'a.pt', 'c.txt']:
    with open(os.path.join(runs, name), 'w') as handle:
        handle.write('x' * len(name))
with open(os.path.join(base, 'f.txt'), 'w') as handle:
    handle.write('hello')
try:
    os.makedirs(os.path.join(base, 'f.txt', 'sub'))
except NotADirectoryError as error:
    print(type(error).__name__, str(error).replace(base, 'BASE'))
try:
    os.makedirs(os.path.join(base, 'f.txt'), exist_ok=True)
except FileExistsError as error:
    print('exist_ok does not cover files:', error.errno)
print(sorted(os.listdir(runs)), sorted(os.listdir(base)))
print(os.path.exists(runs), os.path.isdir(runs), os.path.isfile(runs),
      os.path.exists(os.path.join(runs, 'a.pt')),
      os.path.isfile(os.path.join(runs, 'a.pt')),
      os.path.getsize(os.path.join(runs, 'c.txt')),
      os.path.exists(os.path.join(base, 'nope')), os.path.isdir(''),
      os.path.exists(''), os.path.islink(runs), os.path.lexists(runs))
st = os.stat(os.path.join(base, 'f.txt'))
print(st.st_size, st[6], type(st.st_mtime).__name__, type(st[8]).__name__,
      len(st), st.st_mode == os.stat(os.path.join(base, 'f.txt')).st_mode)
print(sorted((os.path.relpath(d, base), sorted(ds), sorted(fs))
             for d, ds, fs in os.walk(base)))
os.rename(os.path.join(runs, 'c.txt'), os.path.join(runs, 'd.txt'))
for name in os.listdir(runs):
    os.remove(os.path.join(runs, name))
os.removedirs(runs)
print(os.path.exists(os.path.join(base, 'runs')), sorted(os.listdir(base)))
os.unlink(os.path.join(base, 'f.txt'))
os.rmdir(base)
print(os.path.exists(base))
print(os.getenv('BACKSTEP_NOT_SET'), os.getenv('BACKSTEP_NOT_SET', 'fallback'),
      os.environ.get('BACKSTEP_NOT_SET', 7))
os.environ['BACKSTEP_X'] = 'one'
print(os.environ['BACKSTEP_X'], os.getenv('BACKSTEP_X'), 'BACKSTEP_X' in os.environ)
os.environ.setdefault('BACKSTEP_X', 'two')
os.environ.setdefault('BACKSTEP_Y', 'two')
print(os.environ.pop('BACKSTEP_Y'), os.environ.pop('BACKSTEP_Y', 'gone'))
del os.environ['BACKSTEP_X']
print('BACKSTEP_X' in os.environ, len(os.environ) == len(dict(os.environ)),
      isinstance(os.environ.copy(), dict), os.environ == dict(os.environ))
for bad in [lambda: os.environ['BACKSTEP_NOPE'],
            lambda: os.environ.__setitem__('A', 1),
            lambda: os.environ.__setitem__(1, 'A'),
            lambda: os.getenv(1), lambda: os.environ.pop('BACKSTEP_NOPE'),
            lambda: os.environ.__delitem__('BACKSTEP_NOPE')]:
    try:
        bad()
    except (KeyError, TypeError) as error:
        print(type(error).__name__, error)
os.environ.update({'BACKSTEP_U': '1'}, BACKSTEP_V='2')
print([k for k in os.environ if k.startswith('BACKSTEP_')])
print(repr(os.environ).startswith('environ({'), type(os.cpu_count()).__name__,
      os.cpu_count() >= 1, type(os.getpid()).__name__, os.getcwd() == sys.path[0])
