# A library module that warns about its own deprecated API.
import warnings


def old_api(x):
    warnings.warn('old_api() is deprecated; use new_api()', DeprecationWarning,
                  stacklevel=2)
    return x * 2


def noisy(x):
    warnings.warn('noisy() called with %r' % (x,))
    return x


def future_change():
    warnings.warn('the default will change', FutureWarning, stacklevel=2)
