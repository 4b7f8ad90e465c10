// Sequences, alternations, groups and repeats (re._parser._parse_sub,
// _parse and parse). Escapes and sets live in parse_escape.cpp and
// parse_set.cpp; group-name and flag handling in parse_group.cpp.
#include "engine/regex/parser.h"

#include "engine/regex/flags.h"
#include "engine/regex/parser_impl.h"
#include "engine/regex/python_text.h"
#include "engine/regex/text.h"
#include "engine/regex/width.h"

#include <algorithm>

namespace backstep::regex {
namespace {

constexpr std::u32string_view kWhitespace = U" \t\n\r\v\f";
constexpr std::u32string_view kSpecialChars = U".\\[{()*+?^$|";
constexpr std::u32string_view kDigits = U"0123456789";

// CPython's parser recurses twice per nesting level (_parse_sub, _parse) and
// stops at the default recursion limit of 1000 frames: 495 nested groups
// parse, 496 do not.
constexpr int kMaxDepth = 2 + 2 * 495;

// Python's `a == b` on two parsed items: only items without subpatterns can
// be equal (subpatterns compare by identity, so never across alternatives).
bool same_item(const Node& a, const Node& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Node::Kind::kLiteral:
    case Node::Kind::kNotLiteral:
      return a.ch == b.ch;
    case Node::Kind::kAny:
      return true;
    case Node::Kind::kSet:
      return a.negate == b.negate && a.items == b.items;
    case Node::Kind::kAt:
      return a.at == b.at;
    case Node::Kind::kGroupRef:
      return a.group == b.group;
    default:
      return false;
  }
}

// dict.fromkeys(items): drop repeats, keep first occurrences in order.
std::vector<SetItem> unique_items(const std::vector<SetItem>& items) {
  std::vector<SetItem> out;
  for (const SetItem& item : items) {
    if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
  }
  return out;
}

// Moves a prefix shared by every alternative out in front of the branch,
// then turns a branch of single characters into a set, as _parse_sub does
// (this changes what IGNORECASE does to characters outside the BMP).
Sequence join_alternatives(std::vector<Sequence> items) {
  Sequence out;
  for (;;) {
    bool shared = !items[0].empty();
    for (const Sequence& item : items) {
      shared = shared && !item.empty() && same_item(item[0], items[0][0]);
    }
    if (!shared) break;
    out.push_back(items[0][0]);
    for (Sequence& item : items) item.erase(item.begin());
  }
  std::vector<SetItem> members;
  bool all_single = true;
  for (const Sequence& item : items) {
    if (item.size() != 1) {
      all_single = false;
      break;
    }
    const Node& node = item[0];
    if (node.kind == Node::Kind::kLiteral) {
      members.push_back({SetItem::Kind::kLiteral, node.ch, 0, Category::kDigit});
    } else if (node.kind == Node::Kind::kSet && !node.negate) {
      members.insert(members.end(), node.items.begin(), node.items.end());
    } else {
      all_single = false;
      break;
    }
  }
  Node joined;
  if (all_single) {
    joined.kind = Node::Kind::kSet;
    joined.items = unique_items(members);
  } else {
    joined.kind = Node::Kind::kBranch;
    joined.children = std::move(items);
  }
  out.push_back(std::move(joined));
  return out;
}

// The item a quantifier applies to: a group without capture or flags
// repeats its contents.
Sequence repeat_target(Node&& last) {
  if (last.kind == Node::Kind::kGroup && last.group == 0 && last.add_flags == 0 &&
      last.del_flags == 0) {
    return std::move(last.children[0]);
  }
  return Sequence{std::move(last)};
}

// Parses a run of ASCII digits as Python's int() would, saturating.
uint64_t digits_value(const std::u32string& digits) {
  uint64_t value = 0;
  for (char32_t c : digits) {
    value = value > (UINT64_MAX - 9) / 10 ? UINT64_MAX : value * 10 + (c - U'0');
  }
  return value;
}

}  // namespace

Parser::Parser(std::u32string_view pattern, std::string_view pattern_utf8, int flags)
    : source_(pattern, pattern_utf8), flags_(flags) {}

void Parser::enter() {
  if (++depth_ > kMaxDepth) {
    throw Error(ErrorKind::kRecursionError, "maximum recursion depth exceeded while calling a Python object");
  }
}

Sequence Parser::parse_alternation(bool verbose, int nested) {
  enter();
  std::vector<Sequence> items;
  for (;;) {
    items.push_back(parse_sequence(verbose, nested + 1, nested == 0 && items.empty()));
    if (!source_.match(U'|')) break;
    if (nested == 0) verbose = (flags_ & kVerbose) != 0;
  }
  leave();
  if (items.size() == 1) return std::move(items[0]);
  return join_alternatives(std::move(items));
}

Sequence Parser::parse_sequence(bool verbose, int nested, bool first) {
  enter();
  Sequence sequence;
  while (!source_.at_end() && !source_.next_in(U"|)")) {
    const std::u32string token = source_.get();
    if (verbose && token.size() == 1 && kWhitespace.find(token[0]) != std::u32string_view::npos) {
      continue;
    }
    if (verbose && token == U"#") {
      // A comment runs to the end of the line.
      for (;;) {
        const std::u32string skipped = source_.get();
        if (skipped.empty() || skipped == U"\n") break;
      }
      continue;
    }
    const char32_t c = token[0];
    if (token.size() == 2) {
      sequence.push_back(parse_escape(token));
    } else if (kSpecialChars.find(c) == std::u32string_view::npos) {
      sequence.push_back(literal_node(c));
    } else if (c == U'[') {
      sequence.push_back(parse_set());
    } else if (c == U'*' || c == U'+' || c == U'?' || c == U'{') {
      parse_repeat(sequence, c);
    } else if (c == U'.') {
      Node any;
      any.kind = Node::Kind::kAny;
      sequence.push_back(std::move(any));
    } else if (c == U'(') {
      parse_paren(sequence, verbose, nested, first);
    } else if (c == U'^') {
      sequence.push_back(at_node(AtKind::kBeginning));
    } else if (c == U'$') {
      sequence.push_back(at_node(AtKind::kEnd));
    }
  }
  // Groups without capture or flags dissolve into the sequence.
  Sequence flat;
  for (Node& node : sequence) {
    if (node.kind == Node::Kind::kGroup && node.group == 0 && node.add_flags == 0 &&
        node.del_flags == 0) {
      for (Node& inner : node.children[0]) flat.push_back(std::move(inner));
    } else {
      flat.push_back(std::move(node));
    }
  }
  leave();
  return flat;
}

void Parser::parse_repeat(Sequence& sequence, char32_t quantifier) {
  const int64_t here = source_.tell();
  uint32_t min = 0, max = kMaxRepeat;
  if (quantifier == U'?') {
    max = 1;
  } else if (quantifier == U'+') {
    min = 1;
  } else if (quantifier == U'{') {
    if (source_.next_is(U'}')) {
      sequence.push_back(literal_node(U'{'));
      return;
    }
    std::u32string lo, hi;
    while (source_.next_in(kDigits)) lo += source_.get();
    if (source_.match(U',')) {
      while (source_.next_in(kDigits)) hi += source_.get();
    } else {
      hi = lo;
    }
    if (!source_.match(U'}')) {
      // Not a repeat after all: '{' is a literal and parsing resumes after it.
      sequence.push_back(literal_node(U'{'));
      source_.seek(here);
      return;
    }
    if (!lo.empty()) {
      const uint64_t value = digits_value(lo);
      if (value >= kMaxRepeat) throw Error(ErrorKind::kOverflowError, "the repetition number is too large");
      min = static_cast<uint32_t>(value);
    }
    if (!hi.empty()) {
      const uint64_t value = digits_value(hi);
      if (value >= kMaxRepeat) throw Error(ErrorKind::kOverflowError, "the repetition number is too large");
      max = static_cast<uint32_t>(value);
      if (max < min) source_.fail("min repeat greater than max repeat", source_.tell() - here);
    }
  }
  if (sequence.empty() || sequence.back().kind == Node::Kind::kAt) {
    source_.fail("nothing to repeat", source_.tell() - here + 1);
  }
  if (sequence.back().kind == Node::Kind::kRepeat) {
    source_.fail("multiple repeat", source_.tell() - here + 1);
  }
  Node repeat;
  repeat.kind = Node::Kind::kRepeat;
  repeat.min = min;
  repeat.max = max;
  repeat.children.push_back(repeat_target(std::move(sequence.back())));
  if (source_.match(U'?')) {
    repeat.repeat = Node::RepeatKind::kLazy;
  } else if (source_.match(U'+')) {
    repeat.repeat = Node::RepeatKind::kPossessive;
  }
  sequence.back() = std::move(repeat);
}

ParsedPattern Parser::run() {
  const bool verbose = (flags_ & kVerbose) != 0;
  Sequence root = parse_alternation(verbose, 0);
  // fix_flags() for a str pattern.
  if (flags_ & kLocale) throw Error(ErrorKind::kValueError, "cannot use LOCALE flag with a str pattern");
  if (!(flags_ & kAscii)) {
    flags_ |= kUnicode;
  } else if (flags_ & kUnicode) {
    throw Error(ErrorKind::kValueError, "ASCII and UNICODE flags are incompatible");
  }
  if (!source_.at_end()) source_.fail("unbalanced parenthesis");
  for (const auto& [group, position] : groupref_positions_) {
    if (group >= group_count()) {
      throw Error("invalid group reference " + std::to_string(group), source_.text_utf8(), position);
    }
  }
  ParsedPattern parsed;
  parsed.root = std::move(root);
  parsed.flags = flags_;
  parsed.groups = group_count() - 1;
  for (const auto& [name, group] : names_) parsed.group_names.emplace_back(encode_utf8(name), group);
  for (const auto& width : group_widths_) parsed.group_widths.push_back(width.value_or(Width{}));
  parsed.warnings = std::move(warnings_);
  return parsed;
}

ParsedPattern parse_pattern(std::string_view pattern_utf8, int flags) {
  const std::u32string pattern = decode_utf8(pattern_utf8);
  Parser parser(pattern, pattern_utf8, flags);
  try {
    return parser.run();
  } catch (Error& e) {
    // CPython warns as it parses, so warnings before the error still show.
    e.set_warnings(parser.take_warnings());
    throw;
  }
}

}  // namespace backstep::regex
