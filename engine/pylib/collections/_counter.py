"""collections.Counter: a dict of element -> count.

Missing elements count zero (__missing__), most_common orders by count
with ties kept in insertion order (a stable sort), and the multiset
operators + - | & drop results that are not positive.
"""

from collections.abc import Mapping


def _count_of(item):
    return item[1]


class Counter(dict):
    """Dict subclass for counting hashable items."""

    def __init__(self, iterable=None, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        'The count of elements not in the Counter is zero.'
        return 0

    def total(self):
        'Sum of the counts'
        return sum(self.values())

    def most_common(self, n=None):
        """List the n most common elements and their counts, most common
        first; equal counts keep the order elements were first seen."""
        ordered = sorted(self.items(), key=_count_of, reverse=True)
        if n is None:
            return ordered
        if n <= 0:
            return []
        return ordered[:n]

    def elements(self):
        """Iterator over elements, each repeated as often as its count
        (elements with counts below one are skipped)."""
        for element, count in self.items():
            for _ in range(count):
                yield element

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, **kwds):
        """Add counts from an iterable of elements or a mapping of counts."""
        if iterable is not None:
            if isinstance(iterable, Mapping):
                if self:
                    for element, count in iterable.items():
                        self[element] = count + self.get(element, 0)
                else:
                    dict.update(self, iterable)
            else:
                get = self.get
                for element in iterable:
                    self[element] = get(element, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, **kwds):
        """Subtract counts; counts may go to zero or below."""
        if iterable is not None:
            get = self.get
            if isinstance(iterable, Mapping):
                for element, count in iterable.items():
                    self[element] = get(element, 0) - count
            else:
                for element in iterable:
                    self[element] = get(element, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        'Return a shallow copy.'
        return type(self)(self)

    def __delitem__(self, element):
        'Like dict.__delitem__() but does not raise KeyError for missing values.'
        if element in self:
            dict.__delitem__(self, element)

    def __repr__(self):
        if not self:
            return '%s()' % type(self).__name__
        try:
            shown = dict(self.most_common())
        except TypeError:
            # counts that cannot be ordered: show insertion order
            shown = dict(self)
        return '%s(%r)' % (type(self).__name__, shown)

    # ---- comparisons: a missing element counts as zero -------------------------

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return _all_counts(self, other, _equal)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return _all_counts(self, other, _less_equal)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return _all_counts(self, other, _greater_equal)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    __hash__ = None

    # ---- multiset arithmetic ---------------------------------------------------

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for element, count in self.items():
            total = count + other[element]
            if total > 0:
                result[element] = total
        for element, count in other.items():
            if element not in self and count > 0:
                result[element] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for element, count in self.items():
            difference = count - other[element]
            if difference > 0:
                result[element] = difference
        for element, count in other.items():
            if element not in self and count < 0:
                result[element] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for element, count in self.items():
            other_count = other[element]
            largest = other_count if count < other_count else count
            if largest > 0:
                result[element] = largest
        for element, count in other.items():
            if element not in self and count > 0:
                result[element] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for element, count in self.items():
            other_count = other[element]
            smallest = count if count < other_count else other_count
            if smallest > 0:
                result[element] = smallest
        return result

    def __pos__(self):
        'Adds an empty counter, effectively stripping negative and zero counts'
        result = Counter()
        for element, count in self.items():
            if count > 0:
                result[element] = count
        return result

    def __neg__(self):
        """Subtracts from an empty counter.  Strips positive and zero counts,
        and flips the sign on negative counts."""
        result = Counter()
        for element, count in self.items():
            if count < 0:
                result[element] = 0 - count
        return result

    def _keep_positive(self):
        'Internal method to strip elements with a negative or zero count'
        nonpositive = [e for e, count in self.items() if not count > 0]
        for element in nonpositive:
            del self[element]
        return self

    def __iadd__(self, other):
        for element, count in other.items():
            self[element] += count
        return self._keep_positive()

    def __isub__(self, other):
        for element, count in other.items():
            self[element] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for element, other_count in other.items():
            count = self[element]
            if other_count > count:
                self[element] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for element, count in self.items():
            other_count = other[element]
            if other_count < count:
                self[element] = other_count
        return self._keep_positive()


Counter.__module__ = 'collections'


def _equal(a, b):
    return a == b


def _less_equal(a, b):
    return a <= b


def _greater_equal(a, b):
    return a >= b


def _all_counts(left, right, compare):
    for counter in (left, right):
        for element in counter:
            if not compare(left[element], right[element]):
                return False
    return True
