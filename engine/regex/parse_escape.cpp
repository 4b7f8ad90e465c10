// Backslash escapes, outside a set (re._parser._escape) and inside one
// (_class_escape). The two differ in the order they look things up and in
// what digits mean, so they are written out separately.
#include "engine/regex/parser_impl.h"
#include "engine/regex/text.h"

namespace backstep::regex {
namespace {

constexpr std::u32string_view kOctDigits = U"01234567";
constexpr std::u32string_view kHexDigits = U"0123456789abcdefABCDEF";


// \a \f \n \r \t \v \\ (and \b, which only a set reads as a backspace).
bool simple_escape(char32_t c, bool in_set, char32_t& value) {
  switch (c) {
    case U'a': value = 7; return true;
    case U'f': value = 12; return true;
    case U'n': value = 10; return true;
    case U'r': value = 13; return true;
    case U't': value = 9; return true;
    case U'v': value = 11; return true;
    case U'\\': value = U'\\'; return true;
    case U'b': value = 8; return in_set;
    default: return false;
  }
}

bool category_escape(char32_t c, Category& category) {
  switch (c) {
    case U'd': category = Category::kDigit; return true;
    case U'D': category = Category::kNotDigit; return true;
    case U's': category = Category::kSpace; return true;
    case U'S': category = Category::kNotSpace; return true;
    case U'w': category = Category::kWord; return true;
    case U'W': category = Category::kNotWord; return true;
    default: return false;
  }
}

char32_t parse_base(std::u32string_view digits, int base) {
  char32_t value = 0;
  for (char32_t c : digits) {
    const char32_t digit = c <= U'9' ? c - U'0' : (c | 0x20) - U'a' + 10;
    value = value * static_cast<char32_t>(base) + digit;
  }
  return value;
}


}  // namespace

Node category_node(Category category) {
  Node node;
  node.kind = Node::Kind::kSet;
  node.items.push_back({SetItem::Kind::kCategory, 0, 0, category});
  return node;
}

Node at_node(AtKind at) {
  Node node;
  node.kind = Node::Kind::kAt;
  node.at = at;
  return node;
}

Node literal_node(char32_t c) {
  Node node;
  node.kind = Node::Kind::kLiteral;
  node.ch = c;
  return node;
}

bool Parser::parse_code_escape(std::u32string& escape, char32_t& value) {
  const auto digits = [&](int count) {
    escape += source_.get_while(count, kHexDigits);
    if (escape.size() != static_cast<size_t>(count) + 2) {
      source_.fail("incomplete escape " + encode_utf8(escape), static_cast<int64_t>(escape.size()));
    }
    return parse_base(std::u32string_view(escape).substr(2), 16);
  };
  switch (escape[1]) {
    case U'x':
      value = digits(2);
      return true;
    case U'u':
      value = digits(4);
      return true;
    case U'U':
      value = digits(8);
      // chr() rejects it; CPython reports that as a bad escape.
      if (value > 0x10FFFF) source_.fail("bad escape " + encode_utf8(escape), static_cast<int64_t>(escape.size()));
      return true;
    case U'N': {
      if (!source_.match(U'{')) source_.fail("missing {");
      const std::u32string name = source_.get_until(U'}', "character name");
      throw Error(ErrorKind::kNotSupported,
                  "\\N{" + encode_utf8(name) + "}: named Unicode escapes are not supported");
    }
    default:
      return false;
  }
}

Node Parser::parse_escape(std::u32string escape) {
  const char32_t c = escape[1];
  Category category;
  if (category_escape(c, category)) return category_node(category);
  switch (c) {
    case U'A': return at_node(AtKind::kBeginningString);
    case U'Z': return at_node(AtKind::kEndString);
    case U'b': return at_node(AtKind::kBoundary);
    case U'B': return at_node(AtKind::kNonBoundary);
    default: break;
  }
  char32_t value = 0;
  if (simple_escape(c, /*in_set=*/false, value) || parse_code_escape(escape, value)) return literal_node(value);
  if (c == U'0') {
    escape += source_.get_while(2, kOctDigits);
    return literal_node(parse_base(std::u32string_view(escape).substr(1), 8));
  }
  if (is_decimal(c)) {
    // An octal escape (three octal digits) or a group reference (sigh).
    if (!source_.at_end() && source_.next().size() == 1 && is_decimal(source_.next()[0])) {
      escape += source_.get();
      if (is_octal(escape[1]) && is_octal(escape[2]) && source_.next_in(kOctDigits)) {
        escape += source_.get();
        const char32_t octal = parse_base(std::u32string_view(escape).substr(1), 8);
        if (octal > 0377) {
          source_.fail("octal escape value " + encode_utf8(escape) + " outside of range 0-0o377",
                       static_cast<int64_t>(escape.size()));
        }
        return literal_node(octal);
      }
    }
    const int group = static_cast<int>(parse_base(std::u32string_view(escape).substr(1), 10));
    if (group < group_count()) {
      if (!group_is_closed(group)) {
        source_.fail("cannot refer to an open group", static_cast<int64_t>(escape.size()));
      }
      check_lookbehind_group(group);
      Node node;
      node.kind = Node::Kind::kGroupRef;
      node.group = group;
      return node;
    }
    source_.fail("invalid group reference " + std::to_string(group), static_cast<int64_t>(escape.size()) - 1);
  }
  if (is_ascii_letter(c)) source_.fail("bad escape " + encode_utf8(escape), static_cast<int64_t>(escape.size()));
  return literal_node(c);
}

Parser::ClassMember Parser::parse_class_escape(std::u32string escape) {
  const char32_t c = escape[1];
  ClassMember member;
  char32_t value = 0;
  if (simple_escape(c, /*in_set=*/true, value)) {
    member.item = {SetItem::Kind::kLiteral, value, 0, Category::kDigit};
    return member;
  }
  Category category;
  if (category_escape(c, category)) {
    member.is_category = true;
    member.item = {SetItem::Kind::kCategory, 0, 0, category};
    return member;
  }
  if (parse_code_escape(escape, value)) {
    member.item = {SetItem::Kind::kLiteral, value, 0, Category::kDigit};
    return member;
  }
  if (is_octal(c)) {
    escape += source_.get_while(2, kOctDigits);
    value = parse_base(std::u32string_view(escape).substr(1), 8);
    if (value > 0377) {
      source_.fail("octal escape value " + encode_utf8(escape) + " outside of range 0-0o377",
                   static_cast<int64_t>(escape.size()));
    }
    member.item = {SetItem::Kind::kLiteral, value, 0, Category::kDigit};
    return member;
  }
  // \8, \9 and ASCII letters (\A \Z \B included) mean nothing in a set.
  if (is_decimal(c) || is_ascii_letter(c)) {
    source_.fail("bad escape " + encode_utf8(escape), static_cast<int64_t>(escape.size()));
  }
  member.item = {SetItem::Kind::kLiteral, c, 0, Category::kDigit};
  return member;
}

}  // namespace backstep::regex
