// Runs every case of fixtures.json (recorded from CPython 3.11 by
// make_fixtures.py) through backstep::regex and compares the answers.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "engine/regex/regex.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

namespace rx = backstep::regex;
using json = nlohmann::json;

namespace {

// REGEX_FIXTURES in the environment points at another recording (e.g. a
// larger random sample made for a local stress run).
std::filesystem::path fixture_path() {
  if (const char* override_path = std::getenv("REGEX_FIXTURES")) return override_path;
#ifdef BACKSTEP_REGEX_FIXTURES
  return BACKSTEP_REGEX_FIXTURES;
#else
  return std::filesystem::path(__FILE__).parent_path() / "fixtures.json";
#endif
}

const json& fixture() {
  static const json loaded = [] {
    std::ifstream in(fixture_path());
    REQUIRE_MESSAGE(in.good(), "cannot read " << fixture_path());
    return json::parse(in);
  }();
  return loaded;
}

const char* python_type(rx::ErrorKind kind) {
  switch (kind) {
    case rx::ErrorKind::kPatternError: return "error";
    case rx::ErrorKind::kOverflowError: return "OverflowError";
    case rx::ErrorKind::kValueError: return "ValueError";
    case rx::ErrorKind::kIndexError: return "IndexError";
    case rx::ErrorKind::kRecursionError: return "RecursionError";
    case rx::ErrorKind::kSystemError: return "SystemError";
    case rx::ErrorKind::kNotSupported: return "NotSupported";
  }
  return "?";
}

json error_record(const rx::Error& e) {
  return {{"type", python_type(e.kind())},
          {"msg", e.msg()},
          {"pos", e.pos() < 0 ? json(nullptr) : json(e.pos())},
          {"str", e.what()}};
}

json optional_string(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

// Mirrors make_fixtures.py's match_record.
json match_record(const std::optional<rx::Match>& m, bool with_bounds) {
  if (!m) return nullptr;
  json spans = json::array();
  for (int g = 0; g <= m->groups(); ++g) spans.push_back({m->span(g).start, m->span(g).end});
  json record = {{"spans", spans}};
  if (m->lastindex()) record["lastindex"] = *m->lastindex();
  if (m->lastgroup()) record["lastgroup"] = *m->lastgroup();
  if (with_bounds) {
    record["pos"] = m->pos();
    record["endpos"] = m->endpos();
  }
  return record;
}

std::string callback(const std::string& kind, const rx::Match& m, const rx::Text& text) {
  if (kind == "wrap") return "<" + *m.group(text, 0) + ">";
  if (kind == "span") return std::to_string(m.span().start) + ":" + std::to_string(m.span().end);
  std::string joined;
  for (int g = 1; g <= m.groups(); ++g) joined += (g > 1 ? "|" : "") + m.group(text, g).value_or("-");
  return joined;
}

json run_match_op(const std::string& op, const rx::Pattern& p, const rx::Text& text, int64_t pos,
                  int64_t endpos, bool with_bounds) {
  if (op == "search") return match_record(p.search(text, pos, endpos), with_bounds);
  if (op == "match") return match_record(p.match(text, pos, endpos), with_bounds);
  return match_record(p.fullmatch(text, pos, endpos), with_bounds);
}

// What the engine says for one case, in the fixture's format.
json run_case(const json& c) {
  const std::string op = c["op"];
  json out;
  try {
    if (op == "escape") {
      out["result"] = rx::escape(c["string"].get<std::string>());
      return out;
    }
    const auto pattern = rx::Pattern::compile(c["pattern"].get<std::string>(), c["flags"].get<int>());
    const rx::Pattern& p = *pattern;
    if (op == "compile") {
      json names = json::array();
      for (const auto& [name, group] : p.group_names()) names.push_back({name, group});
      out["result"] = {{"groups", p.groups()}, {"flags", p.flags()}, {"groupindex", names}};
      json warnings = json::array();
      for (const auto& w : p.warnings()) warnings.push_back({w.category, w.message});
      out["warnings"] = warnings;
      return out;
    }
    const rx::Text text(c["string"].get<std::string>());
    const int64_t pos = c.contains("pos") ? c["pos"].get<int64_t>() : 0;
    const int64_t endpos = c.contains("endpos") ? c["endpos"].get<int64_t>() : rx::kNoEndpos;
    const bool with_bounds = c.contains("pos") || c.contains("endpos");
    if (op == "search" || op == "match" || op == "fullmatch") {
      out["result"] = run_match_op(op, p, text, pos, endpos, with_bounds);
    } else if (op == "finditer") {
      json list = json::array();
      rx::Scanner scanner(p, text, pos, endpos);
      while (auto m = scanner.next()) list.push_back(match_record(m, with_bounds));
      out["result"] = list;
    } else if (op == "findall") {
      out["result"] = rx::findall(p, text, pos, endpos);
    } else if (op == "split") {
      json list = json::array();
      for (const auto& piece : rx::split(p, text, c["maxsplit"].get<int64_t>())) list.push_back(optional_string(piece));
      out["result"] = list;
    } else if (op == "sub") {
      const rx::SubResult r = rx::sub(p, text, c["repl"].get<std::string>(), c["count"].get<int64_t>());
      out["result"] = {{"text", r.text}, {"count", r.count}};
    } else if (op == "sub_callback") {
      const std::string kind = c["callback"];
      const rx::SubResult r = rx::sub(
          p, text, [&](const rx::Match& m) { return callback(kind, m, text); }, c["count"].get<int64_t>());
      out["result"] = {{"text", r.text}, {"count", r.count}};
    } else if (op == "expand") {
      const auto m = p.search(text);
      out["result"] = rx::ReplacementTemplate::parse(p, c["template"].get<std::string>()).expand(*m, text);
    }
  } catch (const rx::Error& e) {
    out = json{{"error", error_record(e)}};
  }
  return out;
}

// CPython's answer; with prefix "later_", the answer of a later 3.11 where
// it differs (3.11.2 has possessive-repeat bugs that 3.11.4+ fixed).
json expected_of(const json& c, const std::string& prefix = "") {
  json expected;
  if (c.contains(prefix + "error")) {
    expected["error"] = c[prefix + "error"];
  } else {
    expected["result"] = c[prefix + "result"];
    if (c.contains("warnings")) expected["warnings"] = c["warnings"];
  }
  return expected;
}

// Runs the cases whose op is in `ops`; reports mismatches and the tally.
void check_ops(std::initializer_list<std::string> ops) {
  int passed = 0, total = 0, shown = 0, as_later = 0;
  for (const json& c : fixture()["cases"]) {
    if (std::find(ops.begin(), ops.end(), c["op"].get<std::string>()) == ops.end()) continue;
    ++total;
    const json actual = run_case(c);
    if (actual == expected_of(c)) {
      ++passed;
      continue;
    }
    if (c.contains("later_python") && actual == expected_of(c, "later_")) {
      ++passed;
      ++as_later;
      continue;
    }
    if (shown++ < 15) {
      std::cout << "MISMATCH " << c.dump() << "\n  got      " << actual.dump() << "\n";
    }
  }
  std::cout << "[regex] " << *ops.begin() << (ops.size() > 1 ? "..." : "") << ": " << passed << "/"
            << total << " cases match CPython";
  if (as_later > 0) std::cout << " (" << as_later << " as a later 3.11 fixed a 3.11.2 bug)";
  std::cout << "\n";
  CHECK(passed == total);
}

}  // namespace

TEST_CASE("fixture was recorded with CPython 3.11") {
  CHECK(fixture()["python"].get<std::string>().rfind("3.11", 0) == 0);
  CHECK(fixture()["cases"].size() > 500);
}

TEST_CASE("match, search and fullmatch agree with CPython") { check_ops({"search", "match", "fullmatch"}); }
TEST_CASE("findall agrees with CPython") { check_ops({"findall"}); }
TEST_CASE("finditer agrees with CPython") { check_ops({"finditer"}); }
TEST_CASE("split agrees with CPython") { check_ops({"split"}); }
TEST_CASE("sub and subn agree with CPython") { check_ops({"sub", "sub_callback", "expand"}); }
TEST_CASE("compile results and errors agree with CPython") { check_ops({"compile"}); }
TEST_CASE("escape agrees with CPython") { check_ops({"escape"}); }
