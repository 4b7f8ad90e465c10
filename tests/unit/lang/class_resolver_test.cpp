// Resolving class bodies, methods, the __class__ cell, generators, and the
// compile-time errors CPython raises for them.
#include "tests/unit/lang/parse_helpers.h"

#include <doctest/doctest.h>

using backstep::test::parse_dump;
using backstep::test::parse_tree;
namespace lang = backstep::lang;

namespace {
const lang::ClassDef& class_at(const lang::StmtList& body, size_t i) {
  REQUIRE(body.at(i)->kind == lang::StmtKind::ClassDef);
  return static_cast<const lang::ClassDef&>(*body[i]);
}
const lang::FunctionCode& def_at(const lang::StmtList& body, size_t i) {
  REQUIRE(body.at(i)->kind == lang::StmtKind::FunctionDef);
  return *static_cast<const lang::FunctionDef&>(*body[i]).code;
}
using Names = std::vector<std::string>;
}  // namespace

TEST_CASE("class bodies read and write their namespace; methods skip it") {
  CHECK(parse_dump("x = 1\nclass A:\n  y = x\n  def m(self):\n    return y\n", true) ==
        "[(= x@G 1) (class A@G () [(= y@N x@N) (def m@N (self) [(return y@G)])])]");
  CHECK(parse_dump("class A:\n  global g\n  g = 1\n  del h\n  import os\n", true) ==
        "[(class A@G () [(global g) (= g@G 1) (del h@N) (import os)])]");
  // a name bound later in the class body is still a namespace name
  CHECK(parse_dump("def f():\n  x = 1\n  class A:\n    y = x\n    x = 2\n", true) ==
        "[(def f@G () [(= x@L0 1) (class A@L1 () [(= y@N x@N) (= x@N 2)])])]");
  // decorators and bases run in the enclosing scope
  CHECK(parse_dump("def f(d, B):\n  @d\n  class A(B, metaclass=d):\n    pass\n", true) ==
        "[(def f@G (d B) [(class @d@L0 A@L2 (B@L1 metaclass=d@L0) [pass])])]");
}

TEST_CASE("a class body reads a function's variables through its cells (ClassBodyFree)") {
  auto p = parse_tree("def f():\n"
                      "  a = 1\n"
                      "  b = 2\n"
                      "  class A:\n"
                      "    x = a\n"
                      "    b = 3\n"
                      "    def m(self):\n"
                      "      return b\n"
                      "  return A\n",
                      true);
  REQUIRE(p.module);
  CHECK(lang::dump(*p.module) ==
        "[(def f@G () [(= a@C0 1) (= b@C1 2) (class A@L0 () [(= x@N a@F0) (= b@N 3) (def m@N (self) [(return b@C0)])]) "
        "(return A@L0)])]");
  const auto& f = def_at(p.module->body, 0);
  CHECK(f.scope.cell_names == Names{"a", "b"});
  const auto& a = class_at(f.body, 2);
  CHECK(a.qualname == "f.<locals>.A");
  CHECK(a.scope.local_names.empty());
  CHECK(a.scope.cell_names.empty());
  CHECK(a.class_cell == -1);
  // `a` is read by the body, `b` only passed through to m
  CHECK(a.scope.free_names == Names{"a", "b"});
  CHECK(a.scope.free_sources == std::vector<uint32_t>{0, 1});
  const auto& m = def_at(a.body, 2);
  CHECK(m.scope.free_names == Names{"b"});
  CHECK(m.scope.free_sources == std::vector<uint32_t>{1});  // the class frame's second cell
}

TEST_CASE("nonlocal in a class body writes the function's cell") {
  CHECK(parse_dump("def f():\n  y = 1\n  class A:\n    nonlocal y\n    y = 2\n  return y\n", true) ==
        "[(def f@G () [(= y@C0 1) (class A@L0 () [(nonlocal y) (= y@F0 2)]) (return y@C0)])]");
}

TEST_CASE("comprehensions in a class body: only the first iterable sees the class") {
  CHECK(parse_dump("class A:\n  xs = [1]\n  ys = [x * k for x in xs]\n  zs = [x for x in xs for y in xs]\n", true) ==
        "[(class A@G () [(= xs@N [ 1 ]) (= ys@N (listcomp (* x@L0 k@G) for x@L0 in xs@N)) "
        "(= zs@N (listcomp x@L0 for x@L0 in xs@N for y@L1 in xs@G))])]");
  CHECK(parse_dump("def f(k):\n  class A:\n    ys = [k for _ in range(3)]\n", true) ==
        "[(def f@G (k) [(class A@L1 () [(= ys@N (listcomp k@C0 for _@L0 in (call range@N 3)))])])]");
}

TEST_CASE("the __class__ cell for super() and __class__") {
  auto p = parse_tree("class A(Base):\n"
                      "  def m(self):\n"
                      "    return super().m()\n"
                      "  def n(self):\n"
                      "    return __class__\n"
                      "  def plain(self):\n"
                      "    return 1\n"
                      "  def outer(self):\n"
                      "    def inner():\n"
                      "      return super()\n"
                      "    return inner\n",
                      true);
  REQUIRE(p.module);
  const auto& a = class_at(p.module->body, 0);
  CHECK(a.class_cell == 0);
  CHECK(a.scope.cell_names == Names{"__class__"});
  CHECK(a.scope.free_names.empty());
  const auto& m = def_at(a.body, 0);
  CHECK(m.scope.free_names == Names{"__class__"});
  CHECK(m.scope.free_sources == std::vector<uint32_t>{0});
  CHECK(lang::dump(*a.body[1]) == "(def n@N (self) [(return __class__@C0)])");
  CHECK(def_at(a.body, 2).scope.free_names.empty());
  const auto& outer = def_at(a.body, 3);
  CHECK(outer.scope.free_names == Names{"__class__"});  // passed through to inner
  CHECK(def_at(outer.body, 0).scope.free_names == Names{"__class__"});

  // no method uses super: no cell; super outside a class is just a name
  p = parse_tree("class B:\n  x = super\n  def m(self):\n    return 1\ndef g():\n  return super()\n", true);
  REQUIRE(p.module);
  CHECK(class_at(p.module->body, 0).class_cell == -1);
  CHECK(def_at(p.module->body, 1).scope.free_names.empty());
}

TEST_CASE("the nearest class provides __class__, through other classes' methods") {
  auto p = parse_tree("class A:\n"
                      "  def m(self):\n"
                      "    class B:\n"
                      "      c = __class__\n"
                      "      def k(self):\n"
                      "        return super()\n"
                      "    return B\n",
                      true);
  REQUIRE(p.module);
  const auto& a = class_at(p.module->body, 0);
  const auto& m = def_at(a.body, 0);
  const auto& b = class_at(m.body, 0);
  CHECK(a.class_cell == 0);  // B's body reads A's __class__
  CHECK(m.scope.free_names == Names{"__class__"});
  CHECK(b.class_cell == 0);  // k's super() is B's
  CHECK(b.scope.cell_names == Names{"__class__"});
  CHECK(b.scope.free_names == Names{"__class__"});
  CHECK(lang::dump(*b.body[0]) == "(= c@N __class__@F1)");  // after B's own cell
  CHECK(def_at(b.body, 1).scope.free_sources == std::vector<uint32_t>{0});
}

TEST_CASE("is_generator marks defs and lambdas whose own body yields") {
  auto p = parse_tree("def g():\n  yield 1\n"
                      "def h():\n  def inner():\n    yield\n  return inner\n"
                      "def k():\n  return [x for x in (yield)]\n"
                      "def e():\n  return (x for x in y)\n"
                      "def d():\n  x = yield from it\n"
                      "lam = lambda: (yield)\n",
                      true);
  REQUIRE(p.module);
  const auto& body = p.module->body;
  CHECK(def_at(body, 0).is_generator);
  CHECK_FALSE(def_at(body, 1).is_generator);
  CHECK(def_at(def_at(body, 1).body, 0).is_generator);
  CHECK(def_at(body, 2).is_generator);  // the first iterable runs in k itself
  CHECK_FALSE(def_at(body, 3).is_generator);
  CHECK(def_at(body, 4).is_generator);
  const auto& assign = static_cast<const lang::Assign&>(*body[5]);
  CHECK(static_cast<const lang::Lambda&>(*assign.value).code->is_generator);
}

TEST_CASE("yield and return in the wrong place") {
  CHECK(parse_dump("yield 1\n", true) == "error: SyntaxError: 'yield' outside function @1:1");
  CHECK(parse_dump("x = yield\n", true) == "error: SyntaxError: 'yield' outside function @1:5");
  CHECK(parse_dump("class A:\n  yield 1\n", true) == "error: SyntaxError: 'yield' outside function @2:3");
  CHECK(parse_dump("class A:\n  yield from x\n", true) == "error: SyntaxError: 'yield' outside function @2:3");
  CHECK(parse_dump("[(yield x) for x in y]\n", true) == "error: SyntaxError: 'yield' inside list comprehension @1:3");
  CHECK(parse_dump("def f():\n  return {(yield x) for x in y}\n", true) ==
        "error: SyntaxError: 'yield' inside set comprehension @2:12");
  CHECK(parse_dump("def f():\n  return {k: (yield x) for x in y}\n", true) ==
        "error: SyntaxError: 'yield' inside dict comprehension @2:15");
  CHECK(parse_dump("def f():\n  return ((yield x) for x in y)\n", true) ==
        "error: SyntaxError: 'yield' inside generator expression @2:12");
  CHECK(parse_dump("def f():\n  return [x for x in y for z in (yield)]\n", true) ==
        "error: SyntaxError: 'yield' inside list comprehension @2:34");
  CHECK(parse_dump("class A:\n  x = lambda: (yield)\n", true) == "[(class A@G () [(= x@N (lambda () (yield)))])]");
  CHECK(parse_dump("class A:\n  return 1\n", true) == "error: SyntaxError: 'return' outside function @2:3");
  CHECK(parse_dump("def f():\n  class A:\n    return\n", true) == "error: SyntaxError: 'return' outside function @3:5");
  CHECK(parse_dump("for i in x:\n  class A:\n    break\n", true) == "error: SyntaxError: 'break' outside loop @3:5");
  CHECK(parse_dump("while x:\n  class A:\n    continue\n", true) ==
        "error: SyntaxError: 'continue' not properly in loop @3:5");
}

TEST_CASE("errors are reported in CPython's order: symbol table, then compiler") {
  CHECK(parse_dump("yield 1\n[(yield) for x in y]\n", true) ==
        "error: SyntaxError: 'yield' inside list comprehension @2:3");
  CHECK(parse_dump("return 1\ndef f():\n  nonlocal x\n", true) == "error: SyntaxError: no binding for nonlocal 'x' found @3:3");
  CHECK(parse_dump("break\nx = 1\nglobal x\n", true) ==
        "error: SyntaxError: name 'x' is assigned to before global declaration @3:1");
  CHECK(parse_dump("return 1\nf(x=1, x=2)\n", true) == "error: SyntaxError: 'return' outside function @1:1");
  CHECK(parse_dump("f(x=1, x=2)\nreturn 1\n", true) == "error: SyntaxError: keyword argument repeated: x @1:8");
  CHECK(parse_dump("[(yield) for x in ((yield) for y in z)]\n", true) ==
        "error: SyntaxError: 'yield' inside generator expression @1:21");
}

TEST_CASE("nonlocal, global and annotations with classes") {
  CHECK(parse_dump("def f():\n  class A:\n    nonlocal x\n", true) == "error: SyntaxError: no binding for nonlocal 'x' found @3:5");
  CHECK(parse_dump("class A:\n  nonlocal x\n", true) == "error: SyntaxError: no binding for nonlocal 'x' found @2:3");
  // a class's names are not bindings for its methods' nonlocal
  CHECK(parse_dump("class A:\n  x = 1\n  def m(self):\n    nonlocal x\n", true) ==
        "error: SyntaxError: no binding for nonlocal 'x' found @4:5");
  CHECK(parse_dump("class A:\n  x = 1\n  global x\n", true) ==
        "error: SyntaxError: name 'x' is assigned to before global declaration @3:3");
  CHECK(parse_dump("class A:\n  global x\n  x: int\n", true) == "error: SyntaxError: annotated name 'x' can't be global @3:3");
  CHECK(parse_dump("def f():\n  x: int\n  global x\n", true) == "error: SyntaxError: annotated name 'x' can't be global @3:3");
  CHECK(parse_dump("def f(x):\n  global x\n", true) == "error: SyntaxError: name 'x' is parameter and global @2:3");
  CHECK(parse_dump("def f(x):\n  nonlocal x\n", true) == "error: SyntaxError: name 'x' is parameter and nonlocal @2:3");
  CHECK(parse_dump("def f():\n  print(x)\n  global x\n", true) ==
        "error: SyntaxError: name 'x' is used prior to global declaration @3:3");
  CHECK(parse_dump("class A(x=1, x=2):\n  pass\n", true) == "error: SyntaxError: keyword argument repeated: x @1:14");
}

TEST_CASE("class-level annotations are evaluated in the class, unless postponed") {
  auto p = parse_tree("class A:\n  x: T = 0\n", true);
  REQUIRE(p.module);
  const auto& ann = static_cast<const lang::AnnAssign&>(*class_at(p.module->body, 0).body[0]);
  CHECK(static_cast<const lang::Name&>(*ann.annotation).slot.scope == lang::NameSlot::Scope::ClassBody);
  CHECK(lang::dump(ann) == "(ann x@N 0)");
  p = parse_tree("from __future__ import annotations\nclass A:\n  x: T = 0\n", true);
  REQUIRE(p.module);
  const auto& later = static_cast<const lang::AnnAssign&>(*class_at(p.module->body, 1).body[0]);
  CHECK(static_cast<const lang::Name&>(*later.annotation).slot.scope == lang::NameSlot::Scope::Unresolved);
}

TEST_CASE("assignment expressions in comprehensions bind in the enclosing scope") {
  CHECK(parse_dump("def f():\n  [y := 1 for x in z]\n  return y\n", true) ==
        "[(def f@G () [(listcomp (:= y@C0 1) for x@L0 in z@G) (return y@C0)])]");
  CHECK(parse_dump("[y := 1 for x in z]\n", true) == "[(listcomp (:= y@G 1) for x@L0 in z@G)]");
  CHECK(parse_dump("class A:\n  [y := 1 for x in z]\n", true) ==
        "error: SyntaxError: assignment expression within a comprehension cannot be used in a class body @2:4");
  CHECK(parse_dump("def f():\n  [x := 1 for x in z]\n", true) ==
        "error: SyntaxError: assignment expression cannot rebind comprehension iteration variable 'x' @2:4");
  CHECK(parse_dump("def f():\n  [[x := 1 for y in z] for x in w]\n", true) ==
        "error: SyntaxError: assignment expression cannot rebind comprehension iteration variable 'x' @2:5");
  CHECK(parse_dump("class A:\n  print(y := 1)\n", true) == "[(class A@G () [(call print@N (:= y@N 1))])]");
}
