"""Random variable generators: backstep's `random` module.

Every function gives CPython 3.11's numbers after the same seed: the
Mersenne Twister, its seeding, random() and getrandbits() are native
(engine/pyrandom, reached through the `_backstep.random_*` primitives listed
in PRIMITIVES-random.md); everything built on them is written here with the
same arithmetic, in the same order, as CPython's random.py, because a single
reordered float operation or one extra draw changes every later number.

Differences from CPython: no bytes seeds and no seeds beyond 64 bits; a
"sequence" for sample() is a list, tuple, str or range.
"""

from math import log as _log, exp as _exp, pi as _pi, e as _e, ceil as _ceil
from math import sqrt as _sqrt, acos as _acos, cos as _cos, sin as _sin
from math import tau as TWOPI, floor as _floor, isfinite as _isfinite
import _backstep

try:
    from warnings import warn as _warn
except ImportError:
    def _warn(message, category=None, stacklevel=1):
        """Without a warnings module, deprecation warnings are not shown."""
        return None

__all__ = [
    "Random", "SystemRandom", "betavariate", "choice", "choices",
    "expovariate", "gammavariate", "gauss", "getrandbits", "getstate",
    "lognormvariate", "normalvariate", "paretovariate", "randint", "random",
    "randbytes", "randrange", "sample", "seed", "setstate", "shuffle", "triangular",
    "uniform", "vonmisesvariate", "weibullvariate",
]

NV_MAGICCONST = 4 * _exp(-0.5) / _sqrt(2.0)
LOG4 = _log(4.0)
SG_MAGICCONST = 1.0 + _log(4.5)
BPF = 53        # bits in a float's mantissa
_NATIVE_BELOW_LIMIT = 1 << 62   # _backstep.random_randbelow takes int64
RECIP_BPF = 2.0 ** -BPF
_ONE = 1        # randrange's default step, recognised by identity
_STATE_WORDS = 624

_SEED_TYPE_MESSAGE = ('The only supported seed types are: None,\n'
                      'int, float, str, bytes, and bytearray.')
_RANDRANGE_DEPRECATION = ('non-integer arguments to randrange() have been '
                          'deprecated since Python 3.10 and will be removed '
                          'in a subsequent version')


# ---- stand-ins for operator.index, itertools.accumulate, bisect.bisect -----

def _index(x):
    """operator.index: an int as is, else the object's __index__()."""
    if isinstance(x, int):
        return x
    to_index = getattr(x, '__index__', None)
    if to_index is None:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(x).__name__)
    return to_index()


def _running_totals(values):
    """list(itertools.accumulate(values)): running sums with `+`, so a
    non-iterable or non-addable input raises TypeError as CPython's does."""
    totals = []
    for value in values:
        totals.append(value if not totals else totals[-1] + value)
    return totals


def _bisect_right(a, x, lo=0, hi=None):
    """bisect.bisect: the index after the last element <= x, comparing only
    with `x < a[mid]` as CPython's C implementation does."""
    if hi is None:
        hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if x < a[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _bit_length(n):
    """n.bit_length() for n >= 0."""
    length = 0
    while n >= 65536:
        n >>= 16
        length += 16
    while n:
        n >>= 1
        length += 1
    return length


def _is_sequence(population):
    """isinstance(population, collections.abc.Sequence) over backstep's
    built-in types (dicts and sets are not sequences)."""
    return isinstance(population, (list, tuple, str, range))


def _integral_arg(value, what):
    """randrange's argument conversion: an int, or (deprecated) a float
    with an integral value; a fractional value raises ValueError."""
    try:
        return _index(value)
    except TypeError:
        converted = int(value)
        if converted != value:
            _warn('randrange() will raise TypeError in the future',
                  DeprecationWarning, 3)
            raise ValueError("non-integer %s for randrange()" % what)
        _warn(_RANDRANGE_DEPRECATION, DeprecationWarning, 3)
        return converted


def _check_internal_state(internalstate):
    """The checks CPython's C setstate makes, in its order, so that a bad
    state raises the same exception; the primitive re-checks the values."""
    if not isinstance(internalstate, tuple):
        raise TypeError('state vector must be a tuple')
    if len(internalstate) != _STATE_WORDS + 1:
        raise ValueError('state vector is the wrong size')
    for i in range(_STATE_WORDS):
        word = internalstate[i]
        if not isinstance(word, int):
            raise TypeError('an integer is required')
        if word < 0:
            raise OverflowError("can't convert negative value to unsigned int")
    position = _index(internalstate[_STATE_WORDS])
    if position < 0 or position > _STATE_WORDS:
        raise ValueError('invalid state')


class Random:
    """Random number generator base class used by bound module functions.

    Instances do not share state.  A subclass may supply its own random(),
    seed(), getstate() and setstate(), and optionally getrandbits().
    """

    VERSION = 3     # used by getstate/setstate

    def __init__(self, x=None):
        self._mt = _backstep.random_new()
        self.seed(x)
        self.gauss_next = None

    # ---- the core generator --------------------------------------------

    def seed(self, a=None, version=2):
        """Initialize internal state from a seed: None (OS entropy), an int
        (its absolute value), a float (its hash) or a str (version 2: all
        of its UTF-8 bytes and their SHA-512; version 1: Python 2's hash)."""
        if not (a is None or isinstance(a, (int, float, str))):
            raise TypeError(_SEED_TYPE_MESSAGE)
        _backstep.random_seed(self._mt, a, 1 if version == 1 else 2)
        self.gauss_next = None

    def random(self):
        """Get the next random number in the range 0.0 <= X < 1.0."""
        return _backstep.random_random(self._mt)

    def getrandbits(self, k):
        """getrandbits(k) -> x.  Generates an int with k random bits."""
        return _backstep.random_getrandbits(self._mt, _index(k))

    def randbytes(self, n):
        """Generate n random bytes."""
        return self.getrandbits(n * 8).to_bytes(n, 'little')

    def getstate(self):
        """Return internal state; can be passed to setstate() later."""
        return self.VERSION, _backstep.random_getstate(self._mt), self.gauss_next

    def setstate(self, state):
        """Restore internal state from object returned by getstate()."""
        version = state[0]
        if version == 3:
            version, internalstate, self.gauss_next = state
        elif version == 2:
            version, internalstate, self.gauss_next = state
            # Version 2 stored the words as signed ints; they are unsigned.
            try:
                internalstate = tuple(x % (2 ** 32) for x in internalstate)
            except ValueError as e:
                raise TypeError from e
        else:
            raise ValueError("state with version %s passed to "
                             "Random.setstate() of version %s" %
                             (version, self.VERSION))
        _check_internal_state(internalstate)
        _backstep.random_setstate(self._mt, internalstate)

    # ---- pickle and copy support ---------------------------------------

    def __getstate__(self):
        return self.getstate()

    def __setstate__(self, state):
        self.setstate(state)

    def __reduce__(self):
        return self.__class__, (), self.getstate()

    # ---- evenly distributed integers -----------------------------------

    def __init_subclass__(cls, **kwargs):
        """Pick the _randbelow that matches the subclass's own generator:
        the nearest class (in MRO order) that defines _randbelow,
        getrandbits or random decides.  getattr guards keep subclassing
        working on an interpreter without __mro__ or __dict__."""
        for c in getattr(cls, '__mro__', ()):
            names = getattr(c, '__dict__', {})
            if '_randbelow' in names:
                break
            if 'getrandbits' in names:
                cls._randbelow = cls._randbelow_with_getrandbits
                break
            if 'random' in names:
                cls._randbelow = cls._randbelow_without_getrandbits
                break

    def _randbelow(self, n):
        """A random int in [0, n) for n > 0: the draws of
        _randbelow_with_getrandbits, made natively (in Python for n beyond
        the native 64-bit path)."""
        if n >= _NATIVE_BELOW_LIMIT:
            return self._randbelow_with_getrandbits(n)
        return _backstep.random_randbelow(self._mt, n)

    def _randbelow_with_getrandbits(self, n):
        """A random int in [0, n) for n > 0 from self.getrandbits."""
        getrandbits = self.getrandbits
        k = _bit_length(n)      # n, not n - 1: n can be 1
        r = getrandbits(k)      # 0 <= r < 2**k
        while r >= n:
            r = getrandbits(k)
        return r

    def _randbelow_without_getrandbits(self, n, maxsize=1 << BPF):
        """A random int in [0, n) for n > 0 from self.random alone."""
        random = self.random
        if n >= maxsize:
            _warn("Underlying random() generator does not supply \n"
                  "enough bits to choose from a population range this large.\n"
                  "To remove the range limitation, add a getrandbits() method.")
            return _floor(random() * n)
        rem = maxsize % n
        limit = (maxsize - rem) / maxsize   # int(limit * maxsize) % n == 0
        r = random()
        while r >= limit:
            r = random()
        return _floor(r * maxsize) % n

    def randrange(self, start, stop=None, step=_ONE):
        """Choose a random item from range(stop) or range(start, stop[, step])."""
        istart = _integral_arg(start, 'arg 1')
        if stop is None:
            # `step` is unchecked so far: only the default is allowed here.
            if step is not _ONE:
                raise TypeError('Missing a non-None stop argument')
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError("empty range for randrange()")
        istop = _integral_arg(stop, 'stop')
        width = istop - istart
        istep = _integral_arg(step, 'step')
        if istep == 1:
            if width > 0:
                return istart + self._randbelow(width)
            raise ValueError("empty range for randrange() (%d, %d, %d)"
                             % (istart, istop, width))
        if istep > 0:
            n = (width + istep - 1) // istep
        elif istep < 0:
            n = (width + istep + 1) // istep
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return istart + istep * self._randbelow(n)

    def randint(self, a, b):
        """Return random integer in range [a, b], including both end points."""
        return self.randrange(a, b + 1)

    # ---- sequences -----------------------------------------------------

    def choice(self, seq):
        """Choose a random element from a non-empty sequence."""
        if not len(seq):
            raise IndexError('Cannot choose from an empty sequence')
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        """Shuffle list x in place, and return None."""
        randbelow = self._randbelow
        for i in reversed(range(1, len(x))):
            j = randbelow(i + 1)    # swap x[i] with one of x[0..i]
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        """Chooses k unique random elements from a population sequence, in
        selection order; counts=[...] repeats each element that often."""
        if not _is_sequence(population):
            raise TypeError("Population must be a sequence.  "
                            "For dicts or sets, use sorted(d).")
        n = len(population)
        if counts is not None:
            cum_counts = _running_totals(counts)
            if len(cum_counts) != n:
                raise ValueError('The number of counts does not match the population')
            total = cum_counts.pop()
            if not isinstance(total, int):
                raise TypeError('Counts must be integers')
            if total <= 0:
                raise ValueError('Total of counts must be greater than zero')
            selections = self.sample(range(total), k=k)
            return [population[_bisect_right(cum_counts, s)] for s in selections]
        randbelow = self._randbelow
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [None] * k
        # CPython weighs the memory of an n-long pool list against a k-long
        # set of taken indices; the choice changes the draws, so keep it.
        setsize = 21
        if k > 5:
            setsize += 4 ** _ceil(_log(k * 3, 4))
        if n <= setsize:
            pool = list(population)     # the untaken items are pool[:n - i]
            for i in range(k):
                j = randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = randbelow(n)
                while j in selected:
                    j = randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        """Return a k sized list of population elements chosen with
        replacement, optionally weighted (weights or cum_weights)."""
        random = self.random
        n = len(population)
        if cum_weights is None:
            if weights is None:
                n += 0.0    # float, as CPython multiplies by a float
                return [population[_floor(random() * n)] for i in range(k)]
            try:
                cum_weights = _running_totals(weights)
            except TypeError:
                if not isinstance(weights, int):
                    raise
                raise TypeError('The number of choices must be a keyword '
                                'argument: k=%r' % (weights,)) from None
        elif weights is not None:
            raise TypeError('Cannot specify both weights and cumulative weights')
        if len(cum_weights) != n:
            raise ValueError('The number of weights does not match the population')
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError('Total of weights must be greater than zero')
        if not _isfinite(total):
            raise ValueError('Total of weights must be finite')
        hi = n - 1
        return [population[_bisect_right(cum_weights, random() * total, 0, hi)]
                for i in range(k)]

    # ---- real-valued distributions -------------------------------------

    def uniform(self, a, b):
        """A random number in [a, b) or [a, b] depending on rounding."""
        return a + (b - a) * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        """Triangular distribution between low and high, peaking at mode."""
        u = self.random()
        try:
            c = 0.5 if mode is None else (mode - low) / (high - low)
        except ZeroDivisionError:
            return low
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * _sqrt(u * c)

    def normalvariate(self, mu=0.0, sigma=1.0):
        """Normal distribution (Kinderman and Monahan's ratio of uniforms)."""
        random = self.random
        while True:
            u1 = random()
            u2 = 1.0 - random()
            z = NV_MAGICCONST * (u1 - 0.5) / u2
            zz = z * z / 4.0
            if zz <= -_log(u2):
                break
        return mu + z * sigma

    def gauss(self, mu=0.0, sigma=1.0):
        """Gaussian distribution (Box-Muller: every other call returns the
        second value of the previous pair, kept in gauss_next)."""
        random = self.random
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = random() * TWOPI
            g2rad = _sqrt(-2.0 * _log(1.0 - random()))
            z = _cos(x2pi) * g2rad
            self.gauss_next = _sin(x2pi) * g2rad
        return mu + z * sigma

    def lognormvariate(self, mu, sigma):
        """Log normal distribution: exp of normalvariate(mu, sigma)."""
        return _exp(self.normalvariate(mu, sigma))

    def expovariate(self, lambd):
        """Exponential distribution with rate lambd (1.0 / mean)."""
        # 1 - random() is in (0, 1]: never the log of zero.
        return -_log(1.0 - self.random()) / lambd

    def vonmisesvariate(self, mu, kappa):
        """Circular distribution with mean angle mu and concentration kappa
        (Fisher, "Statistical Analysis of Circular Data", 1993)."""
        random = self.random
        if kappa <= 1e-6:
            return TWOPI * random()
        s = 0.5 / kappa
        r = s + _sqrt(1.0 + s * s)
        while True:
            u1 = random()
            z = _cos(_pi * u1)
            d = z / (r + z)
            u2 = random()
            if u2 < 1.0 - d * d or u2 <= (1.0 - d) * _exp(d):
                break
        q = 1.0 / r
        f = (q + z) / (1.0 + q * z)
        u3 = random()
        if u3 > 0.5:
            theta = (mu + _acos(f)) % TWOPI
        else:
            theta = (mu - _acos(f)) % TWOPI
        return theta

    def gammavariate(self, alpha, beta):
        """Gamma distribution (not the gamma function); alpha, beta > 0."""
        if alpha <= 0.0 or beta <= 0.0:
            raise ValueError('gammavariate: alpha and beta must be > 0.0')
        random = self.random
        if alpha > 1.0:
            # R.C.H. Cheng's rejection method (Applied Statistics, 1977).
            ainv = _sqrt(2.0 * alpha - 1.0)
            bbb = alpha - LOG4
            ccc = alpha + ainv
            while True:
                u1 = random()
                if not 1e-7 < u1 < 0.9999999:
                    continue
                u2 = 1.0 - random()
                v = _log(u1 / (1.0 - u1)) / ainv
                x = alpha * _exp(v)
                z = u1 * u1 * u2
                r = bbb + ccc * v - x
                if r + SG_MAGICCONST - 4.5 * z >= 0.0 or r >= _log(z):
                    return x * beta
        elif alpha == 1.0:
            return -_log(1.0 - random()) * beta     # expovariate(1 / beta)
        else:
            # 0 < alpha < 1: algorithm GS (Kennedy & Gentle).
            while True:
                u = random()
                b = (_e + alpha) / _e
                p = b * u
                if p <= 1.0:
                    x = p ** (1.0 / alpha)
                else:
                    x = -_log((b - p) / alpha)
                u1 = random()
                if p > 1.0:
                    if u1 <= x ** (alpha - 1.0):
                        break
                elif u1 <= _exp(-x):
                    break
            return x * beta

    def betavariate(self, alpha, beta):
        """Beta distribution on [0, 1] from two gamma variates."""
        y = self.gammavariate(alpha, 1.0)
        if y:
            return y / (y + self.gammavariate(beta, 1.0))
        return 0.0

    def paretovariate(self, alpha):
        """Pareto distribution with shape alpha."""
        u = 1.0 - self.random()
        return u ** (-1.0 / alpha)

    def weibullvariate(self, alpha, beta):
        """Weibull distribution: scale alpha, shape beta."""
        u = 1.0 - self.random()
        return alpha * (-_log(u)) ** (1.0 / beta)


class SystemRandom(Random):
    """Random numbers straight from the operating system's entropy source:
    no seed, no state, not reproducible."""

    def random(self):
        """Get the next random number in the range 0.0 <= X < 1.0."""
        return _backstep.random_urandom_random()

    def getrandbits(self, k):
        """getrandbits(k) -> x.  Generates an int with k random bits."""
        if k < 0:
            raise ValueError('number of bits must be non-negative')
        return _backstep.random_urandom_getrandbits(_index(k))

    # Set here, not only by __init_subclass__, so integers always come from
    # the OS even where that hook is not run.
    _randbelow = Random._randbelow_with_getrandbits

    def seed(self, *args, **kwds):
        """Stub method.  Not used for a system random number generator."""
        return None

    def _notimplemented(self, *args, **kwds):
        """Method should not be called for a system random number generator."""
        raise NotImplementedError('System entropy source does not have state.')

    getstate = setstate = _notimplemented


# One shared instance, seeded from the OS, whose bound methods are the
# module-level functions.
_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
triangular = _inst.triangular
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
lognormvariate = _inst.lognormvariate
expovariate = _inst.expovariate
vonmisesvariate = _inst.vonmisesvariate
gammavariate = _inst.gammavariate
gauss = _inst.gauss
betavariate = _inst.betavariate
paretovariate = _inst.paretovariate
weibullvariate = _inst.weibullvariate
getstate = _inst.getstate
setstate = _inst.setstate
getrandbits = _inst.getrandbits
randbytes = _inst.randbytes
