"""Higher-order functions and operations on callable objects.

The pieces live in this package's private modules, one concept each:
wrapping (update_wrapper, wraps), partial application (partial,
partialmethod, reduce), caching (lru_cache, cache, cached_property),
ordering (total_ordering, cmp_to_key) and generic functions
(singledispatch, singledispatchmethod).
"""

from functools._wrapping import (WRAPPER_ASSIGNMENTS, WRAPPER_UPDATES,
                                 update_wrapper, wraps)
from functools._partial import partial, partialmethod, reduce
from functools._caching import lru_cache, cache, cached_property
from functools._ordering import total_ordering, cmp_to_key
from functools._dispatch import singledispatch, singledispatchmethod

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS',
           'WRAPPER_UPDATES', 'total_ordering', 'cache', 'cmp_to_key',
           'lru_cache', 'reduce', 'partial', 'partialmethod',
           'singledispatch', 'singledispatchmethod', 'cached_property']
