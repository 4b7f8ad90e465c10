# pprint as CPython lays it out: nested containers, sorted dict keys, long
# strings split at spaces, width/indent/depth/compact, the helpers.
import collections
import dataclasses
import pprint
import types

data = {
    "zeta": list(range(30)),
    "alpha": {"nested": ["a fairly long string number %d" % i for i in range(4)], "b": (1, 2)},
    "mid": [(i, str(i) * i) for i in range(8)],
    3: {1, 4, 5},
}
pprint.pprint(data)
print(pprint.pformat(data, width=40))
print(pprint.pformat(data, indent=4, width=60))
print(pprint.pformat(data, depth=1))
print(pprint.pformat(data, depth=2, sort_dicts=False))
print(pprint.pformat(list(range(60)), compact=True))
print(pprint.pformat([list(range(12)) for _ in range(4)], compact=True, width=50))
pprint.pp({"b": 1, "a": [2] * 40})

text = "The quick brown fox jumps over the lazy dog. " * 4
pprint.pprint(text)
pprint.pprint([text, "short"])
pprint.pprint({"key": text + "\nsecond line is here\n"})
print(pprint.pformat("one\ntwo\nthree", width=8))
pprint.pprint(b"0123456789" * 12)
pprint.pprint((1,))
pprint.pprint(("a" * 50, "b" * 40,))
pprint.pprint([("x" * 70,)])
pprint.pprint(frozenset(range(40)))
pprint.pprint(set(range(40)))
pprint.pprint(set())

od = collections.OrderedDict((("k%d" % i, i * 1000) for i in range(12)))
pprint.pprint(od)
dd = collections.defaultdict(list, {"a" * 20: list(range(20)), "b": [1]})
pprint.pprint(dd)
pprint.pprint(collections.Counter("the quick brown fox jumps over the lazy dog"))
pprint.pprint(collections.deque(range(40)))
pprint.pprint(collections.deque(range(40), maxlen=50))
pprint.pprint(collections.ChainMap({"a" * 30: 1, "b" * 30: 2}, {"c" * 30: 3}))
pprint.pprint(types.SimpleNamespace(alpha=list(range(25)), beta="x" * 40))
pprint.pprint(types.MappingProxyType({"k%d" % i: "v" * i for i in range(10)}))


@dataclasses.dataclass
class Point:
    x: int
    y: list
    label: str = "a point with a rather long label"


pprint.pprint(Point(1, list(range(30))))
pprint.pprint([Point(2, [1]), Point(3, [2])], width=60)

loop = [1, 2]
loop.append(loop)
print(pprint.pformat(loop).split(" with id=")[0])
print(pprint.saferepr(loop)[:20], pprint.isrecursive(loop), pprint.isreadable(loop))
print(pprint.isreadable([1, "a", (2.5, None)]), pprint.isreadable(object()))
print(pprint.saferepr({"b": 2, "a": 1}))
print(pprint.pformat(12345678901234567890, underscore_numbers=True))
print(pprint.pformat({"n": 10 ** 30}, underscore_numbers=True, width=20))

pp = pprint.PrettyPrinter(indent=2, width=30)
print(pp.pformat({"layers": [{"in": 3, "out": 16}, {"in": 16, "out": 4}]}))
print(pp.isrecursive(loop), pp.isreadable({"a": 1}))
for bad in (dict(indent=-1), dict(depth=0), dict(width=0)):
    try:
        pprint.PrettyPrinter(**bad)
    except ValueError as e:
        print("ValueError:", e)

import sys
import torch


class Collect:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


sink = Collect()
pprint.pprint({"b": [1] * 3, "a": "x"}, stream=sink, width=10)
print(sink.parts)
pprint.pprint("to stdout", stream=sys.stdout)
torch.manual_seed(0)
state = {"weight": torch.arange(6.).reshape(2, 3), "bias": torch.zeros(2), "step": 3,
         "shape": torch.Size([2, 3]), "names": ["encoder.layers.%d.linear.weight" % i for i in range(3)]}
pprint.pprint(state)
pprint.pprint([torch.tensor([1.5, -2.0], requires_grad=True), torch.float32, torch.device("cpu")])
