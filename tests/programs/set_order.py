# Set iteration order as CPython's hash table gives it: literals, set(),
# comprehensions, discard/add with dummies, resizes, the set algebra, views.
import torch

print(list({10, 3, 7, 100, 33}))
for x in {10, 3, 7, 100, 33}:
    print(x, end=" ")
print()
print([x for x in {10, 3, 7, 100, 33}])
a = [10, 3, 7, 100, 33]
print(set(a), {x for x in a}, frozenset(a))
print({a[0], a[1], a[2], a[3], a[4]})

s = set()
for i in [5, 13, 21, 29, 37, 45, 2, 1000003, 2**40, -1, -2, 8, 16]:
    s.add(i)
print(s)
s.discard(13)
s.add(53)
s.remove(2)
print(s, len(s))
print(s.pop(), s.pop(), s)

big = set(range(0, 3000, 7)) - set(range(0, 3000, 3))
print(list(big)[:20], len(big))
print(sorted(big)[:5])

x = {1, 2, 3, 200, 40, 17, 33, 65}
y = {200, 40, 3, 9, 73, 1 << 20}
print(x | y, x & y, x - y, x ^ y)
print(y | x, y & x, y - x, y ^ x)
print(x.union([99, 5, 1], (8,)), x.intersection([65, 33, 2, 1000]), x.difference([1, 2], {3}))
print(x.symmetric_difference([1, 500, 2, 9]))
print(x.symmetric_difference({9: 0, 1: 1, 77: 2}))
print(x.difference({1: 0, 17: 1}), x.union({5: 1, 4: 2}))
z = set(x)
z |= {100, 101, 102}
print(z)
z &= {100, 1, 2, 3, 65, 101}
print(z)
z -= {2}
print(z)
z ^= {7, 1, 8}
print(z)
w = x.copy()
w.update([500, 600], {700})
w.intersection_update(range(0, 800, 100), {100, 200, 500, 600, 700})
print(w)
w.difference_update([100])
w.symmetric_difference_update([1, 2, 600])
print(w)
print(x <= y, x < x | y, x == set(x), x != y, frozenset(x) == x, x.isdisjoint([1000]), x.issubset(range(300)))
print(x.issuperset([1, 2]), {1, 2} < {1, 2, 3}, {1, 2, 3} > {3})

f = frozenset([33, 1, 65, 129, 2, 257])
print(f, f | {5}, f & {1, 2, 3}, {5} | f, hash(frozenset([1, 2, 3])) == hash(frozenset([3, 2, 1])))
print(frozenset(f) is f, f.copy() is f, {f: 1}[frozenset([1, 2, 33, 65, 129, 257])])

d = {"k%d" % i: i for i in range(12)}
print(set(d.values()), set(range(20, 0, -3)))
print(d.keys() & {"k1", "k3", "zz"}, d.keys() - {"k0", "k5"})
print({(1, 2), (3, 4), (5, 6), (1, 2)}, {1.5, 2.5, -0.5, 1e10, 3.0})
print({True, 1, 1.0, 0, False}, {(), "", 0.0})
print({1, 2, 3, 200, 40, 17, 33, 65}, [k for k in {1, 2, 3, 200, 40, 17, 33, 65}])
for k in {8, 16, 24, 32, 40, 48, 3}:
    print(k, end=" ")
print()

# A vocabulary numbered with set(words): the ids, and a loss that depends on them.
text = "the cat sat on the mat and the dog sat on the log while a bird sang"
words = text.split()
vocab = {w: i for i, w in enumerate(set(words))}
print(vocab)
ids = torch.tensor([vocab[w] for w in words])
torch.manual_seed(0)
emb = torch.nn.Embedding(len(vocab), 4)
print(emb(ids).sum(dim=1)[:6])
