// The language without torch: classes, generators, modules and the
// standard library run on the interpreter core alone. Each program's output
// is what CPython 3.11 prints for it.
#include "tests/unit/collecting_sink.h"

#include <doctest/doctest.h>

#include <string>

namespace {

using backstep::testing::run_program;

}  // namespace

TEST_CASE("classes: inheritance, super, properties, dunders") {
  CHECK(run_program("class A:\n"
            "    def __init__(self, x): self.x = x\n"
            "    def __repr__(self): return f'A({self.x})'\n"
            "    def __add__(self, o): return type(self)(self.x + o.x)\n"
            "class B(A):\n"
            "    def __init__(self, x):\n"
            "        super().__init__(x * 10)\n"
            "    @property\n"
            "    def double(self): return self.x * 2\n"
            "b = B(1) + B(2)\n"
            "print(b, b.double, B.__mro__[1].__name__, isinstance(b, A))\n") == "A(300) 600 A True\n");
}

TEST_CASE("classes: private names, slots and CPython's attribute errors") {
  CHECK(run_program("class Net:\n"
            "    __slots__ = ('__w',)\n"
            "    def __init__(self): self.__w = 3\n"
            "    def w(self): return self.__w\n"
            "n = Net()\n"
            "print(n.w(), n._Net__w)\n"
            "try:\n"
            "    n.bias = 1\n"
            "except AttributeError as e:\n"
            "    print(e)\n") == "3 3\n'Net' object has no attribute 'bias'\n");
}

TEST_CASE("generators: send, yield from and return values") {
  CHECK(run_program("def inner():\n"
            "    got = yield 1\n"
            "    return got * 2\n"
            "def outer():\n"
            "    r = yield from inner()\n"
            "    yield r\n"
            "g = outer()\n"
            "print(next(g), g.send(21), list(x * x for x in range(4)))\n") == "1 42 [0, 1, 4, 9]\n");
}

TEST_CASE("standard modules from the embedded pylib") {
  CHECK(run_program("import collections, functools, re, json\n"
            "c = collections.Counter('abracadabra')\n"
            "print(c.most_common(2), functools.reduce(lambda a, b: a * b, range(1, 6)))\n"
            "print(re.findall(r'layer(\\d+)\\.weight', 'layer1.weight layer12.weight'), json.dumps({'lr': 0.1}))\n") ==
        "[('a', 5), ('b', 2)] 120\n['1', '12'] {\"lr\": 0.1}\n");
}

TEST_CASE("an error is a value: the traceback names the line") {
  std::string out = run_program("class Net:\n    pass\nNet().forward\n");
  CHECK(out.find("line 3") != std::string::npos);
  CHECK(out.find("AttributeError: 'Net' object has no attribute 'forward'") != std::string::npos);
}

TEST_CASE("chained exceptions print oldest first, with Python's separator lines") {
  std::string caused = run_program("def load(p):\n"
                           "    try:\n"
                           "        return {}[p]\n"
                           "    except KeyError as e:\n"
                           "        raise ValueError('no checkpoint') from e\n"
                           "load('b')\n");
  size_t key = caused.find("KeyError: 'b'");
  size_t between = caused.find("The above exception was the direct cause of the following exception:");
  size_t value = caused.find("ValueError: no checkpoint");
  CHECK(key != std::string::npos);
  CHECK(between != std::string::npos);
  CHECK(value != std::string::npos);
  CHECK((key < between && between < value));
  CHECK(caused.find("line 3") < between);  // the KeyError's own frame, where it was caught

  std::string during = run_program("try:\n    1 / 0\nexcept ZeroDivisionError:\n    undefined_name\n");
  CHECK(during.find("ZeroDivisionError: division by zero") <
        during.find("During handling of the above exception, another exception occurred:"));
  CHECK(during.find("NameError: name 'undefined_name' is not defined") != std::string::npos);

  std::string suppressed = run_program("try:\n    [][1]\nexcept IndexError:\n    raise RuntimeError('x') from None\n");
  CHECK(suppressed.find("IndexError") == std::string::npos);
}
