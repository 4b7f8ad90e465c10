"""Functions creating iterators for efficient looping.

Like CPython's C module, every function here is a class whose instances are
their own iterators (type(chain()) is itertools.chain), with the C types'
argument errors.  They are grouped by kind in this package's modules.
"""

from itertools._infinite import count, cycle, repeat
from itertools._terminating import (accumulate, chain, compress, dropwhile,
                                    takewhile, filterfalse, starmap, islice,
                                    pairwise, zip_longest)
from itertools._grouping import groupby, tee, _tee, _grouper
from itertools._combinatoric import (product, permutations, combinations,
                                     combinations_with_replacement)
