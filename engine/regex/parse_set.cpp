// Character sets: [...] (the "[" branch of re._parser._parse), including the
// FutureWarnings CPython gives for syntax that may become set operations.
#include "engine/regex/parser_impl.h"
#include "engine/regex/text.h"

#include <algorithm>

namespace backstep::regex {
namespace {


const char* set_operation_name(char32_t c) {
  switch (c) {
    case U'-': return "difference";
    case U'&': return "intersection";
    case U'~': return "symmetric difference";
    default: return "union";
  }
}

SetItem literal_item(char32_t c) { return {SetItem::Kind::kLiteral, c, 0, Category::kDigit}; }

}  // namespace

Node Parser::parse_set() {
  const int64_t here = source_.tell() - 1;
  std::vector<SetItem> items;
  if (source_.next_is(U'[')) {
    warn("FutureWarning", "Possible nested set at position " + std::to_string(source_.tell()));
  }
  const bool negate = source_.match(U'^');
  for (;;) {
    const std::u32string first = source_.get();
    if (first.empty()) source_.fail("unterminated character set", source_.tell() - here);
    if (first == U"]" && !items.empty()) break;
    ClassMember lower;
    if (first.size() == 2) {
      lower = parse_class_escape(first);
    } else {
      if (!items.empty() && std::u32string_view(U"-&~|").find(first[0]) != std::u32string_view::npos &&
          source_.next_is(first[0])) {
        warn("FutureWarning", std::string("Possible set ") + set_operation_name(first[0]) +
                                  " at position " + std::to_string(source_.tell() - 1));
      }
      lower.item = literal_item(first[0]);
    }
    if (!source_.match(U'-')) {
      items.push_back(lower.item);
      continue;
    }
    // A range, or a '-' that ends the set.
    const std::u32string second = source_.get();
    if (second.empty()) source_.fail("unterminated character set", source_.tell() - here);
    if (second == U"]") {
      items.push_back(lower.item);
      items.push_back(literal_item(U'-'));
      break;
    }
    ClassMember upper;
    if (second.size() == 2) {
      upper = parse_class_escape(second);
    } else {
      if (second == U"-") {
        warn("FutureWarning", "Possible set difference at position " + std::to_string(source_.tell() - 2));
      }
      upper.item = literal_item(second[0]);
    }
    const std::string range_error = "bad character range " + encode_utf8(first) + "-" + encode_utf8(second);
    const int64_t range_length = static_cast<int64_t>(first.size() + 1 + second.size());
    if (lower.is_category || upper.is_category) source_.fail(range_error, range_length);
    if (upper.item.lo < lower.item.lo) source_.fail(range_error, range_length);
    items.push_back({SetItem::Kind::kRange, lower.item.lo, upper.item.lo, Category::kDigit});
  }
  std::vector<SetItem> unique;
  for (const SetItem& item : items) {
    if (std::find(unique.begin(), unique.end(), item) == unique.end()) unique.push_back(item);
  }
  Node node;
  if (unique.size() == 1 && unique[0].kind == SetItem::Kind::kLiteral) {
    node.kind = negate ? Node::Kind::kNotLiteral : Node::Kind::kLiteral;
    node.ch = unique[0].lo;
    return node;
  }
  node.kind = Node::Kind::kSet;
  node.negate = negate;
  node.items = std::move(unique);
  return node;
}

}  // namespace backstep::regex
