// The caret line under a traceback's source line counts characters, as
// CPython's traceback does, while spans count bytes: a line with non-ASCII
// text before or inside the failing expression stays aligned.
#include "engine/lang/source.h"

#include <doctest/doctest.h>

using backstep::lang::format_caret;
using backstep::lang::Span;
using backstep::lang::SourceRegistry;

TEST_CASE("caret lines count characters, not bytes") {
  // "x = ('é', 1/0)": 1/0 starts at byte 12 (1-based), character 11.
  uint32_t f = SourceRegistry::instance().add("caret_test.py", "x = ('\xc3\xa9', 1/0)\n");
  CHECK(format_caret(Span{f, 1, 12, 1, 15}, 4) == "    x = ('\xc3\xa9', 1/0)\n              ^^^\n");
  // A span over the non-ASCII character itself is one caret wide per character.
  CHECK(format_caret(Span{f, 1, 6, 1, 10}, 0) == "x = ('\xc3\xa9', 1/0)\n     ^^^\n");
  uint32_t g = SourceRegistry::instance().add("caret_ascii.py", "    y = a + b\n");
  CHECK(format_caret(Span{g, 1, 9, 1, 14}, 4) == "    y = a + b\n        ^^^^^\n");
}
