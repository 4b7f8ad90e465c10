"""A CPython stand-in for the `_backstep.random_*` primitives, so that
engine/pylib/random.py can run under real CPython and be compared with the
real `random` module (check_random_py.py installs it as `_backstep`).

Each primitive does what engine/pyrandom/primitives.cpp does, built only on
CPython's own generator for the core operations (seed, random, getrandbits,
getstate/setstate) -- everything else random.py computes itself.  The int64
limits of backstep's ints are enforced here as the native side enforces them.
"""

import random as _cpython_random

_INT64_MIN, _INT64_MAX = -2**63, 2**63 - 1
_INT_MIN, _INT_MAX = -2**31, 2**31 - 1
_OVERFLOW = "integer overflow: backstep's ints are 64-bit"


def _require_int64(value):
    """What the binding guarantees: every int it passes fits int64."""
    assert isinstance(value, int) and _INT64_MIN <= value <= _INT64_MAX, value
    return value


def random_new():
    return _cpython_random.Random(5489)     # random.py always reseeds it


def random_seed(state, a, version):
    assert version in (1, 2), version
    if a is None or isinstance(a, (float, str)):
        _cpython_random.Random.seed(state, a, version=version)
    else:
        _cpython_random.Random.seed(state, _require_int64(a))


def random_random(state):
    return _cpython_random.Random.random(state)


def random_getrandbits(state, k):
    _require_int64(k)
    if k > _INT_MAX or k < _INT_MIN:
        raise OverflowError('Python int too large to convert to C int')
    value = _cpython_random.Random.getrandbits(state, k)  # ValueError if k < 0
    if value > _INT64_MAX:
        raise OverflowError(_OVERFLOW)
    return value


def random_randbelow(state, n):
    """The native rejection loop, on getrandbits: n.bit_length() bits until
    the value is below n."""
    _require_int64(n)
    if n <= 0:
        raise ValueError('_randbelow() requires a positive bound')
    k = n.bit_length()
    r = _cpython_random.Random.getrandbits(state, k)
    while r >= n:
        r = _cpython_random.Random.getrandbits(state, k)
    return r


def random_getstate(state):
    return _cpython_random.Random.getstate(state)[1]


def random_setstate(state, internalstate):
    # random.py has checked the shape and the types already.
    assert isinstance(internalstate, tuple) and len(internalstate) == 625
    for value in internalstate:
        _require_int64(value)
    gauss_next = state.gauss_next     # only the generator words change
    _cpython_random.Random.setstate(state, (3, internalstate, gauss_next))


_system = _cpython_random.SystemRandom()


def random_urandom_random():
    return _system.random()


def random_urandom_getrandbits(k):
    _require_int64(k)
    if k < 0:
        raise ValueError('number of bits must be non-negative')
    if k > 64:
        raise OverflowError(_OVERFLOW)
    value = _system.getrandbits(k)
    if value > _INT64_MAX:
        raise OverflowError(_OVERFLOW)
    return value
