# Deep and self-referential data never takes the interpreter down (issue 16):
# printing and comparing cycles, comparing and printing structures nested
# past the recursion limit, and freeing a chain 200,000 deep.
d = {}
d["self"] = d
print(d)
l = [1]
l.append(l)
print(l)
print(l == l)
t = (l, d)
print(t)

a = [1]
a.append(a)
b = [1]
b.append(b)
try:
    print(a == b)
except RecursionError as e:
    print("RecursionError:", e)

x = [0]
for i in range(200000):
    x = [x]
try:
    print(x)
except RecursionError as e:
    print("RecursionError:", e)
y = [0]
for i in range(200000):
    y = [y]
try:
    print(x == y)
except RecursionError as e:
    print("RecursionError:", e)
del x, y
print("freed the lists")


class Node:
    def __init__(self, nxt):
        self.next = nxt


head = None
for i in range(200000):
    head = Node(head)
head = None
print("freed the linked list")

nested = {}
for i in range(200000):
    nested = {"inner": nested, "i": (i,)}
nested = None
print("freed the dicts")


def recurse(n):
    return recurse(n + 1)


try:
    recurse(0)
except RecursionError as e:
    print("RecursionError:", e)
print("still running")
