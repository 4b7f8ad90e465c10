# random beyond 64 bits: getrandbits(k >= 64), randrange/randint over big
# ranges, randbytes, and shuffles/samples of long lists, as CPython's
# Mersenne Twister gives them.
import random

random.seed(0)
print(random.getrandbits(64), random.getrandbits(65), random.getrandbits(100))
print(random.getrandbits(200))
print(random.getrandbits(1000) % 1000003, random.getrandbits(31), random.getrandbits(0))
print(random.randrange(10**30), random.randint(-2**70, 2**70))
print(random.randrange(0, 10**25, 7), random.randrange(2**64 - 5, 2**64))
print(random.randbytes(0), random.randbytes(5), len(random.randbytes(33)))
r = random.Random(12345)
print(r.getrandbits(128), r.randbytes(9).hex())
xs = list(range(1000))
random.shuffle(xs)
print(xs[:15], sum(xs[:100]))
print(random.sample(range(10**15), 3))
print(random.choice(range(2**60)))
random.seed(2**40 + 7)
print(random.random(), random.getrandbits(96))
