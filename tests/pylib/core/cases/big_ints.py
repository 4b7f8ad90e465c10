# Ints beyond 64 bits, as CPython: promotion on overflow, arithmetic,
# comparisons, hashing, text conversions, formatting and the errors.
import math

big = 2 ** 100
print(big, -big, type(big).__name__, isinstance(big, int))
print(10 ** 30 // 7, 10 ** 30 % 7, divmod(10 ** 30, -7), divmod(-10 ** 30, 7))
print(int('9' * 30), int('-' + '1' * 25), int('0x' + 'f' * 20, 16), int('1' * 70, 2), int('  +123456789012345678901234 '))
print(2 ** 63, -2 ** 63, 2 ** 63 - 1, -(-2 ** 63), (-2 ** 63) // -1, abs(-2 ** 63))
print(9223372036854775807 + 1, -9223372036854775808 - 1, 3037000500 * 3037000500, 1 << 64, 1 << 63)
print(big - big, type(big - big).__name__, big // big, (big + 1) - big)
print(big * big, big ** 3 // big ** 2 == big, (-big) ** 3)
print(big >> 90, big >> 200, -big >> 200, big << 3, ~big, -big & 0xFFFF, big | 1, big ^ big)
print(big / 3, big / 2 ** 99, 10 ** 400 // 10 ** 399, (10 ** 400) / (10 ** 399), 1 / big)
print(big + 0.5, big * 1.5, big > 1e30, big < 1e31, big == 2.0 ** 100, big == 2 ** 100, big != 2 ** 100 + 1)
print(2 ** 64 > 2 ** 63, -2 ** 64 < 5, big > float('inf'), big < float('inf'), big == float('nan'), big != float('nan'))
print(max(big, 3), min([big, -big, 0]), sorted([big, 1, -big, 2 ** 64]), sum([2 ** 62] * 8))
print(hash(big), hash(-big), hash(2 ** 61 - 1), hash(2 ** 61), hash(-(2 ** 61)), hash(10 ** 30), hash(2 ** 64) == hash(2.0 ** 64))
d = {big: 'big', 2 ** 64: 'x'}
print(d[2 ** 100], d[18446744073709551616], 2 ** 64 in d, 2 ** 65 in d, {big, 2 ** 100, 2.0 ** 100})
print(str(big), repr(-big), f'{big}', f'{big:,}', f'{big:_x}', f'{-big:#x}', f'{big:>40}', f'{big:e}', f'{big:.3f}')
print('%d|%x|%o|%X|%10d' % (big, big, -big, big, 2 ** 70), '{:b}'.format(2 ** 70), format(big, '+'))
print(hex(big), oct(-big), bin(2 ** 65), hex(255), oct(8), bin(-5), bin(0), hex(-0))
print(big.bit_length(), (-big).bit_length(), (2 ** 64 - 1).bit_count(), big.real, big.numerator, big.denominator)
print(float(big), float(-2 ** 64), float(2 ** 1023), int(1e30), int(-1.5e19), int(2.0 ** 70), round(big, -5), round(123456789012345678901, -3))
print(math.factorial(30), math.gcd(2 ** 100, 6 ** 50), math.isqrt(10 ** 40), math.log2(2 ** 3000), math.log10(10 ** 400))
print(math.floor(2 ** 70), math.ceil(-2 ** 70), math.floor(1e30), math.comb(100, 50), math.perm(30, 20), math.lcm(2 ** 70, 3))
print(pow(2, 100, 7), pow(3, -1, 7), pow(2, 100, -7), pow(-2 ** 70, 3, 10 ** 20), pow(2, 3, None), pow(2, -2))
print(True + 2 ** 64, 2 ** 64 * False, [0, 1, 2][2 ** 64 // 2 ** 63], 'ab' * (2 ** 64 // 2 ** 63), big.__index__() == big)
print(bool(big), not big, big and 1, 0 or big, list(range(2 ** 64, 2 ** 64 + 1)) if False else None)
print(0xFFFFFFFFFFFFFFFF, 0o7777777777777777777777, 0b1 << 70 == 2 ** 70, 123_456_789_012_345_678_901_234)
x = 2 ** 62
x += x
x *= 4
print(x, type(x) is int)
print((1024).to_bytes(2, 'big'), (1024).to_bytes(2, 'little'), (-1).to_bytes(2, 'big', signed=True), (2 ** 70).to_bytes(9, 'big'), (5).to_bytes())
print(int.from_bytes(b'\x01\x00', 'big'), int.from_bytes(b'\xff\xff', 'big', signed=True), int.from_bytes([1, 2], 'little'), int.from_bytes(b'\x01' * 10, 'big'))
n = 1
for i in range(1, 40):
    n *= i
print(n)


def attempt(label, fn):
    try:
        print(label, fn())
    except (OverflowError, ValueError, ZeroDivisionError, TypeError, IndexError) as e:
        print(label, type(e).__name__ + ':', e)


attempt('float', lambda: float(2 ** 1024))
attempt('add float', lambda: 2 ** 1024 + 1.0)
attempt('truediv', lambda: 2 ** 1024 / 1)
attempt('neg pow', lambda: (10 ** 400) ** -1)
attempt('floordiv 0', lambda: big // 0)
attempt('mod 0', lambda: big % 0)
attempt('div 0', lambda: big / 0)
attempt('shift', lambda: 1 << 2 ** 70)
attempt('neg shift', lambda: big >> -1)
attempt('index', lambda: [1][2 ** 100])
attempt('repeat', lambda: [0] * (2 ** 100))
attempt('pow mod 0', lambda: pow(2, 3, 0))
attempt('not invertible', lambda: pow(2, -1, 4))
attempt('pow float mod', lambda: pow(2.0, 3, 5))
attempt('hex float', lambda: hex(2.5))
attempt('bad literal', lambda: int('12345678901234567890x'))
attempt('too many digits', lambda: int('1' * 5000))
attempt('format c', lambda: format(2 ** 70, 'c'))
attempt('factorial', lambda: math.factorial(-1))
attempt('sqrt', lambda: math.sqrt(10 ** 400))
attempt('to_bytes', lambda: (256).to_bytes(1, 'big'))
attempt('to_bytes neg', lambda: (-1).to_bytes(1, 'big'))
attempt('byteorder', lambda: (1).to_bytes(1, 'middle'))
for text, base in [('0b101', 0), ('0x_ff', 16), ('1__0', 10), ('_10', 10), ('10_', 10), ('010', 0), ('000', 0),
                   ('z', 36), ('0o17', 8), (' -12 ', 10), ('', 10), ('+', 10), ('0x', 16), ('12', 1), ('1_000_000_000_000_000_000_000', 10),
                   ('0b' + '1' * 70, 0), (' -0x' + 'F' * 17, 16)]:
    attempt('int(%r, %d)' % (text, base), lambda: int(text, base))
attempt('int base float', lambda: int('1', 2.5))
attempt('int non-str base', lambda: int(12, 10))
attempt('slice', lambda: [1, 2, 3][:2 ** 100])
