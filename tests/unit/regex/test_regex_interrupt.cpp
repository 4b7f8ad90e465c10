// A match that backtracks for a very long time can be stopped by the hook
// an InterruptScope installs (the interpreter's Ctrl-C and --timeout).
#include <doctest/doctest.h>

#include "engine/regex/interrupt.h"
#include "engine/regex/regex.h"

#include <stdexcept>
#include <string>

namespace rx = backstep::regex;

namespace {

struct Stopped : std::runtime_error {
  Stopped() : std::runtime_error("stopped") {}
};

}  // namespace

TEST_CASE("an exponential match is stopped by the interrupt hook, and the pattern stays usable") {
  auto pattern = rx::Pattern::compile("(x+x+)+y");
  const rx::Text hopeless(std::string(60, 'x'));
  int polls = 0;
  {
    rx::InterruptScope scope([&polls] {
      if (++polls == 3) throw Stopped();
    });
    CHECK_THROWS_AS(pattern->search(hopeless), Stopped);
  }
  CHECK(polls == 3);
  // Without a hook, and on a short input, it matches as usual.
  const rx::Text fine("xxxy");
  auto m = pattern->search(fine);
  REQUIRE(m);
  CHECK(m->span() == rx::Span{0, 4});
}

TEST_CASE("interrupt scopes nest and restore the outer hook") {
  int outer = 0, inner = 0;
  rx::InterruptScope a([&outer] { ++outer; });
  {
    rx::InterruptScope b([&inner] { ++inner; });
    rx::poll_interrupt();
  }
  rx::poll_interrupt();
  CHECK(inner == 1);
  CHECK(outer == 1);
}
