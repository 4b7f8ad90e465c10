# filterwarnings / simplefilter / resetwarnings, as scripts use them to
# silence or escalate library warnings.
import warnings
from helpers import legacy


def emit(tag):
    warnings.warn('%s: The default value of foo will change' % tag,
                  FutureWarning)
    warnings.warn('%s: torch.tensor results are deprecated' % tag,
                  UserWarning)
    warnings.warn('%s: Mixed precision unavailable' % tag, RuntimeWarning)
    legacy.noisy(tag)


def show_filters():
    for item in warnings.filters[:4]:
        print('  ', item)


warnings.filterwarnings('ignore', message='.*deprecated')
warnings.filterwarnings('ignore', category=FutureWarning)
show_filters()
emit('A')
warnings.resetwarnings()
warnings.filterwarnings('error', message='b: mixed', category=RuntimeWarning)
warnings.filterwarnings('ignore', module='helpers')
warnings.filterwarnings('always', message=r'B: t\w+ch\.tensor')
show_filters()
try:
    emit('B')
except RuntimeWarning as error:
    print('escalated:', type(error).__name__, error, error.args)
warnings.resetwarnings()
warnings.simplefilter('ignore')
warnings.simplefilter('always', RuntimeWarning, append=True)
warnings.simplefilter('default', UserWarning, lineno=11)
show_filters()
emit('C')
warnings.resetwarnings()
warnings.filterwarnings('ignore', message='c', append=True)
warnings.filterwarnings('ignore', message='c', append=True)
warnings.filterwarnings('ignore', message='d')
warnings.filterwarnings('ignore', message='c')
print(len(warnings.filters), warnings.filters[0][1], warnings.filters[1][1])
warnings.resetwarnings()
for i in range(3):
    warnings.warn('default shows once per location')
    warnings.warn('default shows once per location (second line)')
warnings.simplefilter('once')
for i in range(3):
    warnings.warn('once means once')
warnings.warn('once means once')
warnings.simplefilter('module')
for i in range(2):
    warnings.warn('module: once per module')
warnings.warn('module: once per module')
for bad in [lambda: warnings.simplefilter('sometimes'),
            lambda: warnings.filterwarnings('ignore', message=3),
            lambda: warnings.filterwarnings('ignore', category='x'),
            lambda: warnings.filterwarnings('ignore', category=int),
            lambda: warnings.simplefilter('ignore', lineno=-1),
            lambda: warnings.warn('x', int),
            lambda: warnings.warn('x', 'UserWarning'),
            lambda: warnings.warn_explicit('x', UserWarning, 'f.py', 1,
                                           registry=[])]:
    try:
        bad()
    except (AssertionError, TypeError) as error:
        print(type(error).__name__, error)
warnings.filters.insert(0, ('bogus', None, Warning, None, 0))
try:
    warnings.warn('unrecognised')
except RuntimeError as error:
    print(repr(error))
warnings.resetwarnings()
warnings.simplefilter('error')
warnings.warn('now it is fatal', UserWarning)
