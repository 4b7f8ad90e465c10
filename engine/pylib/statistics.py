"""statistics for backstep: the functions training scripts use on lists of
losses and timings (mean, fmean, median*, mode, multimode, variance,
pvariance, stdev, pstdev, quantiles) with CPython 3.11's exact arithmetic:
sums are exact rationals (pairs of ints here, CPython uses Fraction) and the
result is rounded once, so mean([0.1, 0.2, 0.3]) is 0.2 as in CPython.
Decimal and Fraction data are not supported (no such modules)."""
import math
from collections import Counter

__all__ = ["StatisticsError", "fmean", "mean", "median", "median_high", "median_low", "mode", "multimode",
           "pstdev", "pvariance", "quantiles", "stdev", "variance"]


class StatisticsError(ValueError):
    pass


def _ratio(x):
    # (numerator, denominator) of a number exactly; inf and nan stay floats.
    if isinstance(x, bool) or isinstance(x, int):
        return int(x), 1
    if isinstance(x, float):
        if not math.isfinite(x):
            return x, None
        return x.as_integer_ratio()
    raise TypeError(f"can't convert type '{type(x).__name__}' to numerator/denominator")


def _result_type(data_types):
    t = int
    for s in data_types:
        if s is bool:
            s = int
        if s is float or t is float:
            t = float
        elif s is not int:
            raise TypeError(f"don't know how to coerce {t.__name__} and {s.__name__}")
    return t


def _reduce(n, d):
    g = math.gcd(n, d)
    if d < 0:
        g = -g
    return n // g, d // g


def _add(a, b):
    return _reduce(a[0] * b[1] + b[0] * a[1], a[1] * b[1])


def _exact_sums(data):
    """(type, sum of x, sum of x*x as rationals, count), or a float special."""
    types, count = set(), 0
    sx, sxx, special = (0, 1), (0, 1), None
    for x in data:
        types.add(type(x))
        n, d = _ratio(x)
        count += 1
        if d is None:
            special = n if special is None else special + n
            continue
        sx = _add(sx, (n, d))
        sxx = _add(sxx, (n * n, d * d))
    return _result_type(types), sx, sxx, special, count


def _convert(value, T):
    n, d = value
    if T is int and d == 1:
        return n
    return n / d


def mean(data):
    T, sx, _, special, n = _exact_sums(data)
    if n < 1:
        raise StatisticsError('mean requires at least one data point')
    if special is not None:
        return special
    return _convert(_reduce(sx[0], sx[1] * n), T)


def fmean(data, weights=None):
    if weights is None:
        data = list(data)
        if not data:
            raise StatisticsError('fmean requires at least one data point')
        return math.fsum(data) / len(data)
    data, weights = list(data), list(weights)
    if len(weights) != len(data):
        raise StatisticsError('data and weights must be the same length')
    num = math.fsum(x * w for x, w in zip(data, weights))
    den = math.fsum(weights)
    if not den:
        raise StatisticsError('sum of weights must be non-zero')
    return num / den


def median(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2] if n % 2 == 1 else data[n // 2 - 1]


def median_high(data):
    data = sorted(data)
    if len(data) == 0:
        raise StatisticsError("no median for empty data")
    return data[len(data) // 2]


def mode(data):
    pairs = Counter(iter(data)).most_common(1)
    try:
        return pairs[0][0]
    except IndexError:
        raise StatisticsError('no mode for empty data') from None


def multimode(data):
    counts = Counter(iter(data))
    if not counts:
        return []
    maxcount = max(counts.values())
    return [value for value, count in counts.items() if count == maxcount]


def _ss(data, what, minimum):
    T, sx, sxx, special, n = _exact_sums(data)
    if n < minimum:
        raise StatisticsError(f'{what} requires at least {"two data points" if minimum == 2 else "one data point"}')
    if special is not None:
        return T, None, special, n
    # ssd = (n*sxx - sx*sx) / n, exactly
    num = n * sxx[0] * sx[1] * sx[1] - sx[0] * sx[0] * sxx[1]
    den = sxx[1] * sx[1] * sx[1] * n
    return T, _reduce(num, den), None, n


def _with_mu(data, mu):
    return [(x - mu) for x in data]


def variance(data, xbar=None):
    T, ssd, special, n = _ss(data, 'variance', 2)
    if special is not None:
        return special
    return _convert(_reduce(ssd[0], ssd[1] * (n - 1)), T)


def pvariance(data, mu=None):
    T, ssd, special, n = _ss(data, 'pvariance', 1)
    if special is not None:
        return special
    return _convert(_reduce(ssd[0], ssd[1] * n), T)


def _isqrt_rto(n, m):
    a = math.isqrt(n // m)
    return a | (a * a * m != n)


def _float_sqrt_of_frac(n, m):
    # Correctly rounded sqrt(n/m), as CPython 3.11 computes it.
    width = 2 * 53 + 3
    q = (n.bit_length() - m.bit_length() - width) // 2
    if q >= 0:
        return (_isqrt_rto(n, m << 2 * q) << q) / 1
    return _isqrt_rto(n << -2 * q, m) / (1 << -q)


def stdev(data, xbar=None):
    T, ssd, special, n = _ss(data, 'stdev', 2)
    if special is not None:
        return math.sqrt(special)
    num, den = _reduce(ssd[0], ssd[1] * (n - 1))
    return _float_sqrt_of_frac(num, den)


def pstdev(data, mu=None):
    T, ssd, special, n = _ss(data, 'pstdev', 1)
    if special is not None:
        return math.sqrt(special)
    num, den = _reduce(ssd[0], ssd[1] * n)
    return _float_sqrt_of_frac(num, den)


def quantiles(data, *, n=4, method='exclusive'):
    if n < 1:
        raise StatisticsError('n must be at least 1')
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        if ld == 1:
            return data * (n - 1)
        raise StatisticsError('must have at least one data point')
    if method == 'inclusive':
        m = ld - 1
        result = []
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            interpolated = (data[j] * (n - delta) + data[j + 1] * delta) / n
            result.append(interpolated)
        return result
    if method == 'exclusive':
        m = ld + 1
        result = []
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            interpolated = (data[j - 1] * (n - delta) + data[j] * delta) / n
            result.append(interpolated)
        return result
    raise ValueError(f'Unknown method: {method!r}')
