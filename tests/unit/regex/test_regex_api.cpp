// Direct tests of backstep::regex: what the fixture cannot show (long
// inputs, the Unicode tables as a whole, UTF-8 slicing). Expected
// values were read from CPython 3.11.2 running the same calls (3.11.7 where
// 3.11.2 hangs, as noted).
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "engine/regex/regex.h"
#include "engine/regex/unicode.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace rx = backstep::regex;

namespace {

std::string recorded_unicode_digest() {
  const char* override_path = std::getenv("REGEX_FIXTURES");
#ifdef BACKSTEP_REGEX_FIXTURES
  std::filesystem::path path = override_path ? override_path : BACKSTEP_REGEX_FIXTURES;
#else
  std::filesystem::path path =
      override_path ? override_path : std::filesystem::path(__FILE__).parent_path() / "fixtures.json";
#endif
  std::ifstream in(path);
  return nlohmann::json::parse(in).value("unicode_digest", "");
}

}  // namespace

TEST_CASE("the Unicode tables agree with CPython for every code point") {
  // The same FNV-1a digest make_fixtures.py computes from CPython.
  uint64_t hash = 0xcbf29ce484222325ull;
  const auto feed = [&](uint32_t value) {
    for (int i = 0; i < 4; ++i) {
      hash = (hash ^ ((value >> (8 * i)) & 0xFF)) * 0x100000001b3ull;
    }
  };
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c < 0xE000) continue;
    feed(rx::unicode::is_word(c));
    feed(rx::unicode::is_digit(c));
    feed(rx::unicode::is_space(c));
    feed(rx::unicode::to_lower(c));
    feed(rx::unicode::to_upper(c));
    feed(rx::unicode::is_cased(c));
  }
  char digest[17];
  std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(hash));
  CHECK(std::string(digest) == recorded_unicode_digest());
}

TEST_CASE("positions are code points and results are the original UTF-8") {
  const auto p = rx::Pattern::compile("(?P<w>\\w+)é");
  const rx::Text text("¡ñandúé x");
  const auto m = p->search(text);
  REQUIRE(m);
  CHECK(m->span() == rx::Span{1, 7});
  CHECK(m->group(text, 1) == "ñandú");
  CHECK(m->lastgroup() == "w");
  CHECK(rx::sub(*p, text, "[\\g<w>]").text == "¡[ñandú] x");
}

TEST_CASE("long inputs backtrack without using the native stack") {
  // A million iterations of a group, each leaving a choice point; _sre and
  // this engine both keep them on the heap.
  std::string input;
  for (int i = 0; i < 500000; ++i) input += "ab";
  const rx::Text text(input + "!");
  const auto p = rx::Pattern::compile("(?:(a)|b)*!");
  const auto m = p->search(text);
  REQUIRE(m);
  CHECK(m->span() == rx::Span{0, 1000001});
  CHECK(m->span(1) == rx::Span{999998, 999999});
  // A failing search over the same input backtracks through all of them.
  CHECK_FALSE(rx::Pattern::compile("(?:a|b)*c")->match(text));
}

// Speed: bench/regex_bench.cpp (against std::regex in the same run).
TEST_CASE("a literal after ten million characters is found") {
  std::string haystack(10'000'000, 'x');
  haystack += "needle!";
  const rx::Text text(haystack);
  const auto m = rx::Pattern::compile("needle(!)")->search(text);
  REQUIRE(m);
  CHECK(m->span(1).start == 10'000'006);
}

TEST_CASE("typical script work: findall, split and sub over a training log") {
  std::string log;
  for (int i = 0; i < 20000; ++i) log += "epoch " + std::to_string(i) + ": loss=0." + std::to_string(i % 997) + "\n";
  const rx::Text text(log);
  const auto pattern = rx::Pattern::compile(R"(^epoch (\d+): loss=([\d.]+)$)", rx::kMultiline);
  const auto found = rx::findall(*pattern, text);
  const auto words = rx::split(*rx::Pattern::compile(R"(\W+)"), text);
  const auto replaced = rx::sub(*rx::Pattern::compile(R"(\d+)"), text, "<\\g<0>>");
  CHECK(found.size() == 20000);
  CHECK(found[123] == std::vector<std::string>{"123", "0.123"});
  CHECK(words.size() == 100001);
  CHECK(replaced.count == 60000);
}

TEST_CASE("nesting deeper than CPython's parser allows is a RecursionError") {
  const auto nested = [](int depth) { return std::string(depth, '(') + std::string(depth, ')'); };
  CHECK(rx::Pattern::compile(nested(495))->groups() == 495);
  try {
    rx::Pattern::compile(nested(496));
    FAIL("expected RecursionError");
  } catch (const rx::Error& e) {
    CHECK(e.kind() == rx::ErrorKind::kRecursionError);
  }
}

TEST_CASE("a possessive repeat of a zero-width assertion terminates") {
  // CPython 3.11.2 loops forever on this one; 3.11.7 answers as here.
  const rx::Text text("aa\naabb");
  const auto result = rx::sub(*rx::Pattern::compile("(?<=ab)?+"), text, "<\\g<0>>");
  CHECK(result.count == 8);
  CHECK(result.text == "<>a<>a<>\n<>a<>a<>b<>b<>");
}

TEST_CASE("named Unicode escapes are reported as not supported") {
  try {
    rx::Pattern::compile("\\N{EM DASH}");
    FAIL("expected an error");
  } catch (const rx::Error& e) {
    CHECK(e.kind() == rx::ErrorKind::kNotSupported);
  }
}
