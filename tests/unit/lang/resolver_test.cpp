#include "tests/unit/lang/parse_helpers.h"

#include <doctest/doctest.h>

using backstep::test::parse_dump;

TEST_CASE("module names are globals, function names are locals") {
  CHECK(parse_dump("x = 1\ndef f(a):\n  b = a + x\n  return b\n", true) ==
        "[(= x@G 1) (def f@G (a) [(= b@L1 (+ a@L0 x@G)) (return b@L1)])]");
}

TEST_CASE("a name assigned anywhere in a function is local everywhere in it") {
  CHECK(parse_dump("def f():\n  print(y)\n  y = 2\n", true) == "[(def f@G () [(call print@G y@L0) (= y@L0 2)])]");
}

TEST_CASE("global and nonlocal declarations") {
  CHECK(parse_dump("def f():\n  global n\n  n += 1\n", true) == "[(def f@G () [(global n) (+= n@G 1)])]");
  CHECK(parse_dump("def outer():\n  c = 0\n  def inc():\n    nonlocal c\n    c += 1\n  return inc\n", true) ==
        "[(def outer@G () [(= c@C0 0) (def inc@L0 () [(nonlocal c) (+= c@C0 1)]) (return inc@L0)])]");
  CHECK(parse_dump("nonlocal x\n", true) == "error: SyntaxError: nonlocal declaration not allowed at module level @1:1");
}

TEST_CASE("closures capture enclosing locals as cells, parameters included") {
  CHECK(parse_dump("def f(a):\n  return lambda: a\n", true) == "[(def f@G (a) [(return (lambda () a@C0))])]");
  // two levels: the middle function passes the cell through as a free variable
  CHECK(parse_dump("def f():\n  v = 1\n  def g():\n    def h():\n      return v\n    return h\n  return g\n", true) ==
        "[(def f@G () [(= v@C0 1) (def g@L0 () [(def h@L0 () [(return v@C0)]) (return h@L0)]) (return g@L0)])]");
}

TEST_CASE("comprehensions have their own scope") {
  CHECK(parse_dump("y = [x * k for x in xs]\n", true) == "[(= y@G (listcomp (* x@L0 k@G) for x@L0 in xs@G))]");
  CHECK(parse_dump("def f(k):\n  return [x * k for x in range(k)]\n", true) ==
        "[(def f@G (k) [(return (listcomp (* x@L0 k@C0) for x@L0 in (call range@G k@C0)))])]");
}

TEST_CASE("misplaced statements are compile-time errors") {
  CHECK(parse_dump("return 1\n", true) == "error: SyntaxError: 'return' outside function @1:1");
  CHECK(parse_dump("break\n", true) == "error: SyntaxError: 'break' outside loop @1:1");
  CHECK(parse_dump("def f():\n  continue\n", true) == "error: SyntaxError: 'continue' not properly in loop @2:3");
  CHECK(parse_dump("for i in x:\n  def f():\n    break\n", true) == "error: SyntaxError: 'break' outside loop @3:5");
}
