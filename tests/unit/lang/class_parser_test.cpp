// Parsing classes, decorators, yield, qualified names and __future__.
#include "tests/unit/lang/parse_helpers.h"

#include <doctest/doctest.h>

#include <vector>

using backstep::test::parse_dump;
using backstep::test::parse_tree;
namespace lang = backstep::lang;

namespace {

// Every def, class and lambda qualname, in source order.
void collect(const lang::Expr& e, std::vector<std::string>& out);
void collect(const lang::StmtList& body, std::vector<std::string>& out) {
  for (const auto& st : body) {
    switch (st->kind) {
      case lang::StmtKind::FunctionDef: {
        const auto& d = static_cast<const lang::FunctionDef&>(*st);
        out.push_back(d.code->qualname);
        collect(d.code->body, out);
        break;
      }
      case lang::StmtKind::ClassDef: {
        const auto& c = static_cast<const lang::ClassDef&>(*st);
        out.push_back(c.qualname);
        collect(c.body, out);
        break;
      }
      case lang::StmtKind::Return:
        if (const auto& v = static_cast<const lang::Return&>(*st).value) collect(*v, out);
        break;
      case lang::StmtKind::Assign: collect(*static_cast<const lang::Assign&>(*st).value, out); break;
      default: break;
    }
  }
}
void collect(const lang::Expr& e, std::vector<std::string>& out) {
  if (e.kind == lang::ExprKind::Lambda) {
    const auto& l = static_cast<const lang::Lambda&>(e);
    out.push_back(l.code->qualname);
    collect(*l.code->lambda_body, out);
  } else if (e.kind == lang::ExprKind::Comprehension) {
    const auto& c = static_cast<const lang::Comprehension&>(e);
    for (const auto& g : c.generators) collect(*g.iter, out);
    collect(*c.elt, out);
    if (c.value) collect(*c.value, out);
  } else if (e.kind == lang::ExprKind::Call) {
    collect(*static_cast<const lang::Call&>(e).func, out);
    for (const auto& a : static_cast<const lang::Call&>(e).args) collect(*a, out);
  }
}

std::vector<std::string> qualnames(const std::string& code) {
  auto p = parse_tree(code);
  std::vector<std::string> out;
  if (p.module) collect(p.module->body, out);
  return out;
}

const lang::ClassDef& first_class(const lang::Module& m) {
  return static_cast<const lang::ClassDef&>(*m.body.front());
}

}  // namespace

TEST_CASE("class statements: bases, keywords, decorators, bodies") {
  CHECK(parse_dump("class A:\n  pass\n") == "[(class A () [pass])]");
  CHECK(parse_dump("class A(): x = 1; y = 2\n") == "[(class A () [(= x 1) (= y 2)])]");
  CHECK(parse_dump("class A(B, *bs, metaclass=M, flag=1, **kw):\n  '''doc'''\n  x = 1\n") ==
        "[(class A (B *bs metaclass=M flag=1 **kw) ['doc' (= x 1)])]");
  CHECK(parse_dump("@dataclass\n@dc(frozen=True)\n\nclass P(nn.Module):\n  x: int = 0\n") ==
        "[(class @dataclass @(call dc frozen=True) P ((. nn Module)) [(ann x 0)])]");
  CHECK(parse_dump("class Outer:\n  class Inner:\n    def m(self):\n      return 1\n") ==
        "[(class Outer () [(class Inner () [(def m (self) [(return 1)])])])]");
  CHECK(parse_dump("def f():\n  class C:\n    pass\n  return C\n") == "[(def f () [(class C () [pass]) (return C)])]");
}

TEST_CASE("class statement fields") {
  auto p = parse_tree("@d1\n@d2\nclass Net(Base, metaclass=M):\n  pass\n");
  REQUIRE(p.module);
  const auto& c = first_class(*p.module);
  CHECK(c.name == "Net");
  CHECK(c.qualname == "Net");
  CHECK(c.decorators.size() == 2);
  CHECK(c.bases.size() == 1);
  REQUIRE(c.keywords.size() == 1);
  CHECK(c.keywords[0].name == "metaclass");
  CHECK(c.span.line == 3);
  CHECK(c.name_span.line == 3);
  CHECK(c.name_span.col == 7);
  CHECK(c.class_cell == -1);
  CHECK_FALSE(c.has_annotations);
}

TEST_CASE("class statement syntax errors") {
  CHECK(parse_dump("class A\n  pass\n") == "error: SyntaxError: expected ':' @1:8");
  CHECK(parse_dump("class A:\npass\n") ==
        "error: IndentationError: expected an indented block after class definition on line 1 @2:1");
  CHECK(parse_dump("class 3:\n  pass\n") == "error: SyntaxError: invalid syntax @1:7");
  CHECK(parse_dump("class A(1 2):\n  pass\n") == "error: SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:9");
  CHECK(parse_dump("class A(x for x in y):\n  pass\n") == "error: SyntaxError: invalid syntax @1:11");
  // CPython marks a class's misplaced positional base at the closing parenthesis
  CHECK(parse_dump("class A(a=1, b):\n  pass\n") ==
        "error: SyntaxError: positional argument follows keyword argument @1:15");
  CHECK(parse_dump("class A(a=1, b, c):\n  pass\n") ==
        "error: SyntaxError: positional argument follows keyword argument @1:18");
  CHECK(parse_dump("class A(**k, b):\n  pass\n") ==
        "error: SyntaxError: positional argument follows keyword argument unpacking @1:15");
  CHECK(parse_dump("class A:\n  x = (1 +\n  y = 2\n") == "error: SyntaxError: '(' was never closed @2:7 (incomplete)");
  CHECK(parse_dump("@d\nx = 1\n") == "error: SyntaxError: invalid syntax @2:1");
  CHECK(parse_dump("class A:\n").find("(incomplete)") != std::string::npos);
}

TEST_CASE("argument lists follow CPython's ordering rules") {
  CHECK(parse_dump("f(**k, a)") == "error: SyntaxError: positional argument follows keyword argument unpacking @1:8");
  CHECK(parse_dump("f(a=1, **k, b)") ==
        "error: SyntaxError: positional argument follows keyword argument unpacking @1:13");
  CHECK(parse_dump("f(**k, *a)") ==
        "error: SyntaxError: iterable argument unpacking follows keyword argument unpacking @1:8");
  CHECK(parse_dump("f(x for x in y, z)") == "error: SyntaxError: Generator expression must be parenthesized @1:3");
  CHECK(parse_dump("f(z, x for x in y)") == "error: SyntaxError: Generator expression must be parenthesized @1:6");
  CHECK(parse_dump("f(k=1, x for x in y)") == "error: SyntaxError: Generator expression must be parenthesized @1:8");
  CHECK(parse_dump("f(1 2)") == "error: SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:3");
  CHECK(parse_dump("f(a, k=1 2)") == "error: SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:8");
  CHECK(parse_dump("f(a=1, *b)") == "[(call f *b a=1)]");
  CHECK(parse_dump("f(x for x in y)") == "[(call f (genexp x for x in y))]");
}

TEST_CASE("yield forms and where the grammar allows them") {
  CHECK(parse_dump("def g():\n  yield\n  yield 1\n  yield a, b\n  yield *a, b\n") ==
        "[(def g () [(yield) (yield 1) (yield (tuple a b)) (yield (tuple *a b))])]");
  CHECK(parse_dump("def g():\n  x = yield\n  y = yield from it\n  z += yield 2\n  w: int = yield\n") ==
        "[(def g () [(= x (yield)) (= y (yield-from it)) (+= z (yield 2)) (ann w (yield))])]");
  CHECK(parse_dump("def g():\n  a = b = yield v\n  f((yield))\n  return (yield)\n") ==
        "[(def g () [(= a b (yield v)) (call f (yield)) (return (yield))])]");
  CHECK(parse_dump("def g():\n  yield from (yield)\n") == "[(def g () [(yield-from (yield))])]");
  CHECK(parse_dump("lambda: (yield)") == "[(lambda () (yield))]");
  CHECK(parse_dump("def g():\n  x = yield a if c else b\n") == "[(def g () [(= x (yield (if c a b)))])]");
}

TEST_CASE("yield syntax errors") {
  CHECK(parse_dump("def f():\n  f(yield)\n") == "error: SyntaxError: invalid syntax @2:5");
  CHECK(parse_dump("def f():\n  x = 1 + yield\n") == "error: SyntaxError: invalid syntax @2:11");
  CHECK(parse_dump("def f():\n  x = [yield]\n") == "error: SyntaxError: invalid syntax @2:8");
  CHECK(parse_dump("def f():\n  return yield 1\n") == "error: SyntaxError: invalid syntax @2:10");
  CHECK(parse_dump("def f():\n  yield from a, b\n") == "error: SyntaxError: invalid syntax @2:15");
  CHECK(parse_dump("def f():\n  yield from\n") == "error: SyntaxError: invalid syntax @2:13");
  CHECK(parse_dump("def f():\n  x = yield = 3\n") == "error: SyntaxError: assignment to yield expression not possible @2:7");
  CHECK(parse_dump("def f():\n  (yield) = 3\n") ==
        "error: SyntaxError: cannot assign to yield expression here. Maybe you meant '==' instead of '='? @2:4");
  CHECK(parse_dump("def f():\n  del (yield)\n") == "error: SyntaxError: cannot delete yield expression @2:8");
  CHECK(parse_dump("class A(yield):\n  pass\n") == "error: SyntaxError: invalid syntax @1:9");
}

TEST_CASE("qualified names follow CPython's compiler") {
  CHECK(qualnames("class Net:\n"
                  "    def forward(self, x):\n"
                  "        def helper(y):\n"
                  "            return y\n"
                  "        return helper(x)\n"
                  "    class Inner:\n"
                  "        def m(self): pass\n"
                  "def f():\n"
                  "    class C:\n"
                  "        def m(self):\n"
                  "            return lambda: 0\n"
                  "    return C\n") ==
        std::vector<std::string>{"Net", "Net.forward", "Net.forward.<locals>.helper", "Net.Inner", "Net.Inner.m", "f",
                                 "f.<locals>.C", "f.<locals>.C.m", "f.<locals>.C.m.<locals>.<lambda>"});
  // lambdas in a comprehension's element belong to the comprehension; in
  // its first iterable, to the enclosing scope
  CHECK(qualnames("g = [lambda: 0 for i in r]\n") == std::vector<std::string>{"<listcomp>.<lambda>"});
  CHECK(qualnames("def h():\n  return {i: (lambda: i) for i in (lambda: r)()}\n") ==
        std::vector<std::string>{"h", "h.<locals>.<lambda>", "h.<locals>.<dictcomp>.<lambda>"});
  CHECK(qualnames("g = [[lambda: 0 for a in b] for c in d]\n") ==
        std::vector<std::string>{"<listcomp>.<listcomp>.<lambda>"});
  CHECK(qualnames("q = lambda: lambda: 0\n") == std::vector<std::string>{"<lambda>", "<lambda>.<locals>.<lambda>"});
  // a name declared global in the enclosing scope is qualified as top-level
  CHECK(qualnames("def h():\n  global k\n  def k(): pass\n  class C:\n    global D\n    class D: pass\n") ==
        std::vector<std::string>{"h", "k", "h.<locals>.C", "D"});
}

TEST_CASE("annotations: __annotations__ is needed where an annotated assignment runs") {
  auto has = [](const std::string& code) {
    auto p = parse_tree(code);
    REQUIRE(p.module);
    return p.module->has_annotations;
  };
  CHECK(has("x: int = 0\n"));
  CHECK(has("x: int\n"));
  CHECK(has("if c:\n  x: int\n"));
  CHECK(has("try:\n  pass\nexcept E:\n  y: int = 1\n"));
  CHECK(has("a.b: int = 1\n"));  // CPython creates __annotations__ for any annotated target
  CHECK_FALSE(has("x = 0\n"));
  CHECK_FALSE(has("def f():\n  x: int = 0\n"));
  CHECK_FALSE(has("class A:\n  x: int = 0\n"));

  auto p = parse_tree("class A:\n  '''doc'''\n  x: int = 0\n  def m(self):\n    self.y: int = 1\n"
                      "class B:\n  def m(self):\n    self.y: int = 1\n");
  REQUIRE(p.module);
  CHECK(first_class(*p.module).has_annotations);
  CHECK_FALSE(static_cast<const lang::ClassDef&>(*p.module->body[1]).has_annotations);
}

TEST_CASE("from __future__ imports") {
  auto p = parse_tree("'''doc'''\nfrom __future__ import annotations, division\nx: int\n");
  REQUIRE(p.module);
  CHECK(p.module->future_annotations);
  p = parse_tree("from __future__ import generator_stop\n");
  REQUIRE(p.module);
  CHECK_FALSE(p.module->future_annotations);
  CHECK(parse_dump("from __future__ import xyz\n") == "error: SyntaxError: future feature xyz is not defined @1:1");
  CHECK(parse_dump("from __future__ import annotations, nope\n") ==
        "error: SyntaxError: future feature nope is not defined @1:1");
  CHECK(parse_dump("from __future__ import braces\n") == "error: SyntaxError: not a chance @1:1");
  // parse errors come first, as in CPython
  CHECK(parse_dump("from __future__ import nope\nx = (\n") == "error: SyntaxError: '(' was never closed @2:5 (incomplete)");
  // a late __future__ import is the compiler's error, after the symbol table's
  CHECK(parse_dump("x = 1\nfrom __future__ import annotations\n", true) ==
        "error: SyntaxError: from __future__ imports must occur at the beginning of the file @2:1");
  CHECK(parse_dump("x = 1\nfrom __future__ import nope\n", true) ==
        "error: SyntaxError: from __future__ imports must occur at the beginning of the file @2:1");
  CHECK(parse_dump("def f():\n  from __future__ import annotations\n", true) ==
        "error: SyntaxError: from __future__ imports must occur at the beginning of the file @2:3");
  CHECK(parse_dump("'''a'''\n'''b'''\nfrom __future__ import annotations\n", true) ==
        "error: SyntaxError: from __future__ imports must occur at the beginning of the file @3:1");
}
