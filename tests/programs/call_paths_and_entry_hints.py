# The interpreter's fast paths against the general ones: calls whose
# arguments go straight into the callee's frame (and those that cannot),
# attribute sites whose remembered dict entry goes stale, builtins read at
# one site while the program shadows and unshadows them, and where a node
# made inside nested calls says it came from.
import torch


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self, k):
        self.n += k
        return self

    def pair(self, a, b=10):
        return a + b


c = Counter()
for i in range(5):
    c.bump(i)
print("n", c.n)

# The same site with positional, default, keyword and starred arguments.
args = (1, 2)
print([c.pair(1), c.pair(1, 2), c.pair(a=3), c.pair(*args), c.pair(1, b=4)])

# Errors a fast call must report as the general path does.
for bad in ["c.bump()", "c.bump(1, 2)", "c.pair()", "Counter.bump(1)"]:
    try:
        eval(bad)
    except TypeError as e:
        print(bad, "->", e)


def boom():
    raise ValueError("argument failed")


try:
    c.bump(boom())
except ValueError as e:
    print("argument error:", e, "n still", c.n)


# A method that deletes itself from its class while it runs.
class SelfRemoving:
    def go(self, x):
        del SelfRemoving.go
        return x * 2


s = SelfRemoving()
print("self-removing", s.go(21), hasattr(SelfRemoving, "go"))


# Recursion through the fast path still stops at the limit.
def down(k):
    return down(k + 1)


try:
    down(0)
except RecursionError as e:
    print("recursion:", e)


# Instances whose attribute names are different str objects, read and
# written at one site in turn; entries deleted and re-added.
class Box:
    pass


boxes = []
for j in range(4):
    b = Box()
    name = "".join(["va", "lue"])  # a str made at run time
    setattr(b, name, j)
    if j % 2:
        b.other = -j
    boxes.append(b)


def total(items):
    t = 0
    for b in items:
        t += b.value
        b.value = b.value + 1
    return t


print("totals", total(boxes), total(boxes))
del boxes[1].value
boxes[1].extra = 5
boxes[1].value = 100
print("after delete", total(boxes), [b.value for b in boxes])
boxes[2].__dict__.clear()
boxes[2].value = 7
print("after clear", total(boxes), sorted(vars(boxes[2]).items()))


# A builtin read at one site, shadowed by a global and unshadowed again.
def lengths(xs):
    return [len(x) for x in xs]


print(lengths(["ab", "c"]))
len = lambda x: -1  # noqa: E731
print(lengths(["ab", "c"]))
del len
print(lengths(["ab", "c"]))


# Nodes made inside nested calls: their grad_fn and the values.
def inner(t):
    return t * 3


def outer(t):
    return inner(t) + 1


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = outer(x).sum()
y.backward()
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), x.grad)
