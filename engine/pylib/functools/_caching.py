"""lru_cache, cache and cached_property.

lru_cache returns a plain wrapper function (CPython returns a
_lru_cache_wrapper object): it binds as a method like any function, and
carries cache_info, cache_clear and cache_parameters as attributes.  The
cache is a dict whose insertion order doubles as the recency order: a hit
re-inserts its key at the end, so the least recently used key is first.
"""

from collections import namedtuple
from types import GenericAlias
from functools._wrapping import update_wrapper

_CacheInfo = namedtuple('CacheInfo', ['hits', 'misses', 'maxsize',
                                      'currsize'], module='functools')

# Separates positional from keyword arguments inside a cache key.
_KEYWORD_MARK = object()
_FAST_KEY_TYPES = (int, str)


def _make_key(args, kwds, typed):
    """A hashable key for one call's arguments."""
    key = args
    if kwds:
        key = args + (_KEYWORD_MARK,)
        for item in kwds.items():
            key += item
    if typed:
        key += tuple([type(v) for v in args])
        if kwds:
            key += tuple([type(v) for v in kwds.values()])
    elif len(key) == 1 and type(key[0]) in _FAST_KEY_TYPES:
        return key[0]
    return key


def lru_cache(maxsize=128, typed=False):
    """Least-recently-used cache decorator.

    @lru_cache(maxsize=128, typed=False), @lru_cache, or lru_cache(None):
    arguments must be hashable; maxsize=None means unbounded; typed=True
    caches 3 and 3.0 separately."""
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        # Used as @lru_cache without parentheses.
        user_function = maxsize
        maxsize = 128
        return _decorate(user_function, maxsize, typed)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a '
                        'callable, or None')

    def decorating_function(user_function):
        return _decorate(user_function, maxsize, typed)
    return decorating_function


def _decorate(user_function, maxsize, typed):
    wrapper = _make_cached_wrapper(user_function, maxsize, typed)
    wrapper.cache_parameters = lambda: {'maxsize': maxsize, 'typed': typed}
    return update_wrapper(wrapper, user_function)


def _make_cached_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]                 # hits, misses
    missing = _KEYWORD_MARK        # a value never stored in the cache

    if maxsize == 0:
        def wrapper(*args, **kwds):
            stats[1] += 1
            return user_function(*args, **kwds)
    elif maxsize is None:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            result = cache.get(key, missing)
            if result is not missing:
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            cache[key] = result
            return result
    else:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            result = cache.get(key, missing)
            if result is not missing:
                stats[0] += 1
                del cache[key]          # move to the most recent end
                cache[key] = result
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            if key in cache:
                # a recursive call already cached it
                return result
            if len(cache) >= maxsize:
                for oldest in cache:
                    break
                del cache[oldest]
            cache[key] = result
            return result

    def cache_info():
        """Report cache statistics"""
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        """Clear the cache and cache statistics"""
        cache.clear()
        stats[0] = stats[1] = 0

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    return wrapper


def cache(user_function):
    'Simple lightweight unbounded cache.  Sometimes called "memoize".'
    return lru_cache(maxsize=None)(user_function)


_NOT_FOUND = object()


class cached_property(object):
    """A property computed once per instance, then stored in the instance's
    __dict__ under the same name, where it shadows this (non-data)
    descriptor on later lookups."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError('Cannot assign the same cached_property to two '
                            'different names (%r and %r).'
                            % (self.attrname, name))

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError('Cannot use cached_property instance without '
                            'calling __set_name__ on it.')
        try:
            cache = instance.__dict__
        except AttributeError:
            raise TypeError("No '__dict__' attribute on %r instance to cache "
                            "%r property." % (type(instance).__name__,
                                              self.attrname)) from None
        value = cache.get(self.attrname, _NOT_FOUND)
        if value is _NOT_FOUND:
            value = self.func(instance)
            cache[self.attrname] = value
        return value

    __class_getitem__ = classmethod(GenericAlias)


cached_property.__module__ = 'functools'
