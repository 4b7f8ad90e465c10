// The front end refuses input nested too deeply for its recursive walkers,
// with CPython's messages, instead of running out of C stack (issue 16,
// Note [expression depth] in engine/lang/expr_depth.h).
#include "tests/unit/lang/parse_helpers.h"

#include <doctest/doctest.h>

#include <string>

namespace {

using backstep::test::parse_dump;
using backstep::test::parse_tree;

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

bool accepted(const std::string& code) { return parse_tree(code, true).module != nullptr; }

}  // namespace

TEST_CASE("bracket nesting stops at CPython's 200 levels") {
  CHECK(accepted("x = " + repeat("(", 200) + "1" + repeat(")", 200) + "\n"));
  CHECK(parse_dump("x = " + repeat("[", 201) + repeat("]", 201) + "\n") ==
        "error: SyntaxError: too many nested parentheses @1:205");
  CHECK(parse_dump("x = " + repeat("f(", 6000) + "1" + repeat(")", 6000) + "\n") ==
        "error: SyntaxError: too many nested parentheses @1:406");
}

TEST_CASE("indentation stops at CPython's 100 levels") {
  std::string ok, deep;
  for (int i = 0; i < 99; ++i) ok += std::string(i, ' ') + "if x:\n";
  ok += std::string(99, ' ') + "pass\n";
  CHECK(accepted(ok));
  for (int i = 0; i < 100; ++i) deep += std::string(i, ' ') + "if x:\n";
  deep += std::string(100, ' ') + "pass\n";
  CHECK(parse_dump(deep) == "error: IndentationError: too many levels of indentation @101:1");
}

TEST_CASE("flat chains deeper than the compile limit are a RecursionError") {
  const std::string too_deep = "error: RecursionError: maximum recursion depth exceeded during compilation";
  CHECK(accepted("x = " + repeat("1 + ", 2000) + "1\n"));
  CHECK(accepted("x = y" + repeat(".real", 2000) + "\n"));
  CHECK(parse_dump("x = " + repeat("1 + ", 100000) + "1\n").rfind(too_deep, 0) == 0);
  CHECK(parse_dump("x = y" + repeat(".real", 100000) + "\n").rfind(too_deep, 0) == 0);
  CHECK(parse_dump("x = y" + repeat("[0]", 100000) + "\n").rfind(too_deep, 0) == 0);
  CHECK(parse_dump("x = y" + repeat("()", 100000) + "\n").rfind(too_deep, 0) == 0);
  CHECK(parse_dump("x = " + repeat("-", 100000) + "1\n").rfind(too_deep, 0) == 0);
  CHECK(parse_dump("x = " + repeat("not ", 100000) + "1\n").rfind(too_deep, 0) == 0);
  CHECK(parse_dump("x = " + repeat("lambda: ", 100000) + "1\n").rfind(too_deep, 0) == 0);
  CHECK(parse_dump("x = " + repeat("1 if c else ", 100000) + "1\n").rfind(too_deep, 0) == 0);
  CHECK(parse_dump("x = " + repeat("2 ** ", 100000) + "1\n").rfind(too_deep, 0) == 0);
}

TEST_CASE("depth counts through containers, so chains of nested chains are caught") {
  // No chain is longer than 1,000 operators, but each list's chain starts
  // with the previous list: the tree is ~3,000 levels deep.
  std::string chain = repeat(" + 1", 1000);
  std::string inner = "[1" + chain + "]";
  std::string middle = "[" + inner + chain + "]";
  CHECK(accepted("x = " + middle + "\n"));
  CHECK(parse_dump("x = " + middle + chain + "\n").rfind("error: RecursionError", 0) == 0);
}
