# math as CPython 3.11: every function, special values and the errors.
import math

print(sorted(n for n in dir(math) if not n.startswith('_')) == sorted([
    'acos', 'acosh', 'asin', 'asinh', 'atan', 'atan2', 'atanh', 'cbrt', 'ceil', 'comb', 'copysign', 'cos',
    'cosh', 'degrees', 'dist', 'e', 'erf', 'erfc', 'exp', 'exp2', 'expm1', 'fabs', 'factorial', 'floor',
    'fmod', 'frexp', 'fsum', 'gamma', 'gcd', 'hypot', 'inf', 'isclose', 'isfinite', 'isinf', 'isnan',
    'isqrt', 'lcm', 'ldexp', 'lgamma', 'log', 'log10', 'log1p', 'log2', 'modf', 'nan', 'nextafter', 'perm',
    'pi', 'pow', 'prod', 'radians', 'remainder', 'sin', 'sinh', 'sqrt', 'tan', 'tanh', 'tau', 'trunc', 'ulp']))
print(math.pi, math.e, math.tau, math.inf, math.nan)
print(math.sqrt(2), math.exp(1), math.exp2(10), math.log(8, 2), math.log(100, 10), math.log2(1024), math.log10(1e-3), math.log1p(1e-10))
print(math.sin(1), math.cos(1), math.tan(1), math.asin(0.5), math.acos(0.5), math.atan(1), math.atan2(1, -1))
print(math.sinh(1), math.cosh(1), math.tanh(1), math.asinh(1), math.acosh(2), math.atanh(0.5))
print(math.erf(1), math.erfc(1), math.gamma(5), math.gamma(1), math.lgamma(1), math.lgamma(2), math.expm1(1e-10), math.fabs(-2))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), math.floor(7), math.ceil(True), type(math.floor(2.0)).__name__)
print(math.fmod(-7, 3), math.fmod(7, math.inf), math.remainder(7, 2), math.remainder(-7, 2), math.copysign(1, -0.0))
print(math.frexp(8.0), math.frexp(0.0), math.frexp(-0.1), math.ldexp(0.5, 4), math.ldexp(1, -1080), math.modf(-3.5), math.modf(math.inf))
print(math.nextafter(1, 2), math.nextafter(0, -1), math.ulp(1.0), math.ulp(0.0), math.ulp(1e300), math.ulp(math.inf))
print(math.hypot(3, 4), math.hypot(), math.hypot(-5), math.hypot(math.inf, math.nan), math.dist((0, 0), (3, 4)), math.dist([1], [4]))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]), math.fsum([]), math.fsum([math.inf, 1]))
print(math.fsum([1, 1e-16, 1e-16]), math.fsum(x / 10 for x in range(10)), math.fsum([2 ** 53, 1, 1e-7]))
print(math.prod([1, 2, 3], start=2), math.prod([]), math.prod([0.5, 4]), math.prod(range(1, 21)))
print(math.pow(2, 0.5), math.pow(2, -1), math.pow(math.inf, 0), math.pow(1, math.nan), math.pow(-2, 3), math.pow(0, 0))
print(math.isclose(1, 1.0000000001), math.isclose(1, 1.1), math.isclose(0, 1e-10, abs_tol=1e-9), math.isclose(math.inf, math.inf))
print(math.isnan(math.nan), math.isinf(-math.inf), math.isfinite(1e308), math.isfinite(math.nan), math.degrees(math.pi), math.radians(180))
print(math.factorial(20), math.gcd(12, 18, 27), math.gcd(), math.lcm(4, 6), math.lcm(), math.isqrt(99), math.comb(10, 3), math.perm(5), math.perm(5, 2), math.comb(3, 5))


def attempt(label, fn):
    try:
        print(label, fn())
    except (ValueError, OverflowError, TypeError, ZeroDivisionError) as e:
        print(label, type(e).__name__ + ':', e)


for name, fn in [('sqrt', lambda: math.sqrt(-1)), ('log0', lambda: math.log(0)), ('log-1', lambda: math.log(-1)),
                 ('log base 1', lambda: math.log(2, 1)), ('log2 0', lambda: math.log2(0)), ('log10 -1', lambda: math.log10(-1)),
                 ('log1p', lambda: math.log1p(-1)), ('exp', lambda: math.exp(1000)), ('exp2', lambda: math.exp2(2000)),
                 ('cosh', lambda: math.cosh(1000)), ('sin inf', lambda: math.sin(math.inf)), ('asin', lambda: math.asin(2)),
                 ('acosh', lambda: math.acosh(0.5)), ('atanh', lambda: math.atanh(1)), ('gamma 0', lambda: math.gamma(0)),
                 ('gamma -1', lambda: math.gamma(-1)), ('gamma big', lambda: math.gamma(172)), ('lgamma', lambda: math.lgamma(-2)),
                 ('fmod', lambda: math.fmod(1, 0)), ('fmod inf', lambda: math.fmod(math.inf, 1)), ('remainder', lambda: math.remainder(1, 0)),
                 ('ldexp', lambda: math.ldexp(1, 1024)), ('ldexp float', lambda: math.ldexp(1.5, 2.0)), ('ldexp big', lambda: math.ldexp(1, 2 ** 70)),
                 ('pow 0', lambda: math.pow(0, -1)), ('pow frac', lambda: math.pow(-8, 1 / 3)), ('pow big', lambda: math.pow(10, 400)),
                 ('fsum overflow', lambda: math.fsum([1e308, 1e308])), ('fsum inf', lambda: math.fsum([math.inf, -math.inf])),
                 ('dist', lambda: math.dist((0,), (3, 4))), ('isclose', lambda: math.isclose(1, 2, rel_tol=-1)),
                 ('floor str', lambda: math.floor('a')), ('sqrt str', lambda: math.sqrt('a')), ('sqrt args', lambda: math.sqrt()),
                 ('sqrt 2 args', lambda: math.sqrt(1, 2)), ('factorial float', lambda: math.factorial(3.0)), ('gcd float', lambda: math.gcd(4.0)),
                 ('floor nan', lambda: math.floor(math.nan)), ('ceil inf', lambda: math.ceil(math.inf)), ('isqrt', lambda: math.isqrt(-1)),
                 ('comb', lambda: math.comb(-1, 2)), ('isnan big', lambda: math.isnan(2 ** 2000))]:
    attempt(name, fn)
