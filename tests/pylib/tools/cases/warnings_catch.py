# catch_warnings(record=True) in tests, custom showwarning/formatwarning,
# warn_explicit as libraries (and backstep's libtorch bridge) call it.
import sys
import warnings


def risky(n):
    warnings.warn('risky %d' % n, RuntimeWarning)
    return n


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    risky(1)
    risky(1)
    warnings.warn('deprecated thing', DeprecationWarning)
print(len(caught))
for w in caught:
    print(w.category.__name__, str(w.message), w.lineno,
          w.filename.endswith('warnings_catch.py'), w.line, w.file, w.source)
    print(str(w).replace(__file__, 'FILE'))
print(isinstance(caught[0].message, RuntimeWarning), caught[0].message.args)
print(warnings.catch_warnings(), warnings.catch_warnings(record=True))
risky(2)
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    risky(3)
risky(4)
with warnings.catch_warnings(action='error', category=RuntimeWarning):
    try:
        risky(5)
    except RuntimeWarning as error:
        print('inside: raised', error)
risky(6)
manager = warnings.catch_warnings()
try:
    manager.__exit__(None, None, None)
except RuntimeError as error:
    print(error)
with manager:
    try:
        manager.__enter__()
    except RuntimeError as error:
        print(error)


def my_showwarning(message, category, filename, lineno, file=None, line=None):
    print('CUSTOM', category.__name__, message, lineno, file, line)


saved = warnings.showwarning
warnings.showwarning = my_showwarning
warnings.warn('through custom showwarning')
with warnings.catch_warnings(record=True) as inner:
    warnings.simplefilter('always')
    warnings.warn('recorded despite custom showwarning')
print(len(inner), warnings.showwarning is my_showwarning)
warnings.showwarning = saved


def my_format(message, category, filename, lineno, line=None):
    return '[%s] %s (line %s)\n' % (category.__name__, message, lineno)


warnings.formatwarning = my_format
warnings.warn('through custom formatwarning')
print(warnings.formatwarning is my_format)
del warnings.formatwarning
warnings.formatwarning = warnings._formatwarning_orig
print(repr(warnings.formatwarning('msg', UserWarning, 'model.py', 12,
                                  '   x = 1   ')))
print(repr(warnings.formatwarning('msg', UserWarning, 'model.py', 12)))
print(repr(warnings.formatwarning(UserWarning('inst'), UserWarning, 'm.py',
                                  1, '')))
warnings.showwarning('shown directly', FutureWarning, 'train.py', 7,
                     sys.stdout, 'optimizer.step()')
warnings.showwarning('to stderr', UserWarning, 'train.py', 8)
registry = {}
for _ in range(2):
    warnings.warn_explicit('libtorch says hi', UserWarning, 'model.py', 3,
                           module='model', registry=registry)
print(registry)
warnings.warn_explicit('no registry', UserWarning, 'lib/thing.py', 9)
warnings.warn_explicit('no registry', UserWarning, 'lib/thing.py', 9)
warnings.warn_explicit(FutureWarning('instance'), UserWarning, '', 1)
warnings.simplefilter('once')
warnings.warn_explicit('once, no registry', UserWarning, 'a.py', 1)
warnings.warn_explicit('once, no registry', UserWarning, 'b.py', 2)
print(warnings.onceregistry)
print(sorted(k for k in __warningregistry__ if k != 'version'),
      __warningregistry__['version'])
msg = warnings.WarningMessage('m', UserWarning, 'f.py', 3)
print(msg, msg.file, msg._category_name)
sys.stdout.flush()
