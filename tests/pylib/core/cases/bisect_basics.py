# bisect: left/right positions, lo/hi bounds, key=, insort, bad bounds.
import bisect

a = [1, 2, 2, 2, 5, 9]
for x in (0, 1, 2, 3, 9, 10):
    print(x, bisect.bisect_left(a, x), bisect.bisect_right(a, x), bisect.bisect(a, x))
print(bisect.bisect_left(a, 2, 2), bisect.bisect_right(a, 2, 0, 2))
print(bisect.bisect_right([3, 10, 15], 10), bisect.bisect_right([3, 10, 15], 16))
pairs = [(1, 'a'), (4, 'b'), (7, 'c')]
print(bisect.bisect_left(pairs, 4, key=lambda p: p[0]), bisect.bisect_right(pairs, 4, key=lambda p: p[0]))
b = []
for v in (5, 1, 4, 1, 3):
    bisect.insort(b, v)
print(b)
bisect.insort_left(b, 4)
bisect.insort_right(pairs, (5, 'z'), key=lambda p: p[0])
print(b, pairs)
try:
    bisect.bisect_left(a, 1, -1)
except ValueError as e:
    print('ValueError', e)
