#include "tests/unit/lang/parse_helpers.h"

#include <doctest/doctest.h>

using backstep::test::parse_dump;

TEST_CASE("operator precedence follows Python") {
  CHECK(parse_dump("a + b * c ** -d") == "[(+ a (* b (** c (- d))))]");
  CHECK(parse_dump("-x ** 2") == "[(- (** x 2))]");
  CHECK(parse_dump("a @ b + c") == "[(+ (@ a b) c)]");
  CHECK(parse_dump("not a == b and c or d") == "[(or (and (not (cmp a == b)) c) d)]");
  CHECK(parse_dump("a < b <= c is not d not in e") == "[(cmp a < b <= c is not d not in e)]");
  CHECK(parse_dump("x if c else y") == "[(if c x y)]");
  CHECK(parse_dump("a | b ^ c & d << 1") == "[(| a (^ b (& c (<< d 1))))]");
  CHECK(parse_dump("2 ** 3 ** 2") == "[(** 2 (** 3 2))]");
}

TEST_CASE("literals") {
  CHECK(parse_dump("1_000 + 0x1F + 0o7 + 0b11") == "[(+ (+ (+ 1000 31) 7) 3)]");
  CHECK(parse_dump("1.5e-3") == "[0.0015f]");
  CHECK(parse_dump("'a' \"b\"") == "['ab']");
  CHECK(parse_dump("'\\t\\x41\\u00e9'") == "['\tA\xc3\xa9']");
  CHECK(parse_dump("r'\\n'") == "['\\n']");
  CHECK(parse_dump("'''a\nb'''") == "['a\nb']");
  CHECK(parse_dump("[1, 2,]") == "[[ 1 2 ]]");
  CHECK(parse_dump("(1,)") == "[(tuple 1)]");
  CHECK(parse_dump("()") == "[(tuple)]");
  CHECK(parse_dump("{1: 2, **d}") == "[(dict 1:2 **d)]");
  CHECK(parse_dump("{1, 2}") == "[{ 1 2 }]");
  CHECK(parse_dump("{}") == "[(dict)]");
  CHECK(parse_dump("...") == "[...]");
}

TEST_CASE("f-strings split into literal text and fields") {
  CHECK(parse_dump("f'a{x}b'") == "[(f 'a' {x} 'b')]");
  CHECK(parse_dump("f'{x!r:>{w}}'") == "[(f {x!r:(f '>' {w})})]");
  CHECK(parse_dump("f'{{x}}'") == "[(f '{x}')]");
  CHECK(parse_dump("f'{a[\"k\"]}'") == "[(f {([] a 'k')})]");
  CHECK(parse_dump("f'{x=}'") == "[(f {x!r})]");
  CHECK(parse_dump("f'{x:.3f}'") == "[(f {x:(f '.3f')})]");
  CHECK(parse_dump("f'{}'").rfind("error: SyntaxError: f-string: empty expression not allowed", 0) == 0);
}

TEST_CASE("calls, subscripts and slices") {
  CHECK(parse_dump("f(a, *b, k=1, **c)") == "[(call f a *b k=1 **c)]");
  CHECK(parse_dump("sum(x for x in y if x)") == "[(call sum (genexp x for x in y if x))]");
  CHECK(parse_dump("t[1:, ::2, ..., None]") == "[([] t (tuple (: 1 _ _) (: _ _ 2) ... None))]");
  CHECK(parse_dump("t[:, [2, 3]]") == "[([] t (tuple (: _ _ _) [ 2 3 ]))]");
  CHECK(parse_dump("x.grad_fn.next_functions[0][0]") == "[([] ([] (. (. x grad_fn) next_functions) 0) 0)]");
}

TEST_CASE("comprehensions and lambdas") {
  CHECK(parse_dump("[(n, i) for n, i in pairs]") == "[(listcomp (tuple n i) for (tuple n i) in pairs)]");
  CHECK(parse_dump("{k: v for k, v in d.items()}") == "[(dictcomp k:v for (tuple k v) in (call (. d items)))]");
  CHECK(parse_dump("lambda t: t[1]") == "[(lambda (t) ([] t 1))]");
  CHECK(parse_dump("lambda: 0") == "[(lambda () 0)]");
}

TEST_CASE("statements") {
  CHECK(parse_dump("a = b = 1") == "[(= a b 1)]");
  CHECK(parse_dump("a, *b = c") == "[(= (tuple a *b) c)]");
  CHECK(parse_dump("x += 1") == "[(+= x 1)]");
  CHECK(parse_dump("g, = f()") == "[(= (tuple g) (call f))]");
  CHECK(parse_dump("if a:\n  b\nelif c:\n  d\nelse:\n  e\n") == "[(if a [b] else [(if c [d] else [e])])]");
  CHECK(parse_dump("for i in range(3):\n    pass\nelse:\n    x\n") == "[(for i (call range 3) [pass] else [x])]");
  CHECK(parse_dump("while True:\n  break\n") == "[(while True [break])]");
  CHECK(parse_dump("def f(x, n=3, *a, k=1, **kw):\n  return x\n") == "[(def f (x n=3 *a kw:k=1 **kw) [(return x)])]");
  CHECK(parse_dump("try:\n  a\nexcept (A, B) as e:\n  b\nelse:\n  c\nfinally:\n  d\n") ==
        "[(try [a] except (tuple A B) as e [b] else [c] finally [d])]");
  CHECK(parse_dump("with torch.no_grad(), f() as g:\n  pass\n") == "[(with (call (. torch no_grad)) (call f) as g [pass])]");
  CHECK(parse_dump("import torch.nn.functional as F") == "[(import torch.nn.functional as F)]");
  CHECK(parse_dump("from torch import nn, autograd as ag") == "[(from torch import nn autograd as ag)]");
  CHECK(parse_dump("a = 1; b = 2") == "[(= a 1) (= b 2)]");
  CHECK(parse_dump("x: int = 3") == "[(ann x 3)]");
  CHECK(parse_dump("del a[0], b") == "[(del ([] a 0) b)]");
  CHECK(parse_dump("assert x, 'msg'") == "[(assert x 'msg')]");
  CHECK(parse_dump("raise ValueError('x') from e") == "[(raise (call ValueError 'x') from e)]");
}

TEST_CASE("implicit and explicit line joining, comments, blank lines") {
  CHECK(parse_dump("x = (1 +\n     2)  # c\n\n\ny = 3\n") == "[(= x (+ 1 2)) (= y 3)]");
  CHECK(parse_dump("x = 1 + \\\n  2\n") == "[(= x (+ 1 2))]");
  CHECK(parse_dump("def f():\n\n    # comment\n    return 1\n") == "[(def f () [(return 1)])]");
}

TEST_CASE("syntax errors carry CPython's messages and positions") {
  CHECK(parse_dump("x = (1 +\n") == "error: SyntaxError: '(' was never closed @1:5 (incomplete)");
  CHECK(parse_dump("if x\n  y\n") == "error: SyntaxError: expected ':' @1:5");
  CHECK(parse_dump("if x:\ny\n") == "error: IndentationError: expected an indented block after 'if' statement on line 1 @2:1");
  CHECK(parse_dump("  x = 1\n") == "error: IndentationError: unexpected indent @1:1");
  CHECK(parse_dump("if x:\n    a\n  b\n") == "error: IndentationError: unindent does not match any outer indentation level @3:3");
  CHECK(parse_dump("s = 'abc\n") == "error: SyntaxError: unterminated string literal (detected at line 1) @1:5");
  CHECK(parse_dump("f(x) = 3\n") == "error: SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='? @1:1");
  CHECK(parse_dump("x = )\n") == "error: SyntaxError: unmatched ')' @1:5");
  CHECK(parse_dump("(1, 2]\n") == "error: SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' @1:6");
  CHECK(parse_dump("x = 1 $ 2\n") == "error: SyntaxError: invalid syntax @1:7");
  CHECK(parse_dump("for x in y:\n").find("(incomplete)") != std::string::npos);
  CHECK(parse_dump("'''abc\n").find("unterminated triple-quoted string literal") != std::string::npos);
  CHECK(parse_dump("print(a b)\n") == "error: SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:7");
  CHECK(parse_dump("f(a=1, b)\n") == "error: SyntaxError: positional argument follows keyword argument @1:8");
  CHECK(parse_dump("def f(a=1, b):\n  pass\n") == "error: SyntaxError: non-default argument follows default argument @1:12");
  CHECK(parse_dump("x = 012\n").find("leading zeros") != std::string::npos);
}
