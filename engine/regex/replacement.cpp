#include "engine/regex/replacement.h"

#include "engine/regex/python_text.h"
#include "engine/regex/tokenizer.h"

namespace backstep::regex {
namespace {

bool next_is_octal(const Tokenizer& source) { return source.next_in(U"01234567"); }

uint32_t parse_digits(std::u32string_view digits, uint32_t base) {
  uint32_t value = 0;
  for (char32_t c : digits) value = value * base + (c - U'0');
  return value;
}

// The escapes a template shares with patterns; \b is a backspace here.
bool simple_escape(char32_t c, char32_t& value) {
  switch (c) {
    case U'a': value = 7; return true;
    case U'b': value = 8; return true;
    case U'f': value = 12; return true;
    case U'n': value = 10; return true;
    case U'r': value = 13; return true;
    case U't': value = 9; return true;
    case U'v': value = 11; return true;
    case U'\\': value = U'\\'; return true;
    default: return false;
  }
}

struct GroupReference {
  int group;
  int64_t offset;  // for errors: the name and its closing '>'
};

// Reads the rest of \g<...>.
GroupReference parse_named_reference(Tokenizer& source, const Pattern& pattern, std::vector<Warning>& warnings) {
  if (!source.match(U'<')) source.fail("missing <");
  const std::u32string name = source.get_until(U'>', "group name");
  const int64_t offset = static_cast<int64_t>(name.size()) + 1;
  if (is_identifier(name)) {
    const std::optional<int> group = pattern.group_index(encode_utf8(name));
    if (!group) throw Error(ErrorKind::kIndexError, "unknown group name " + python_repr(name));
    return {*group, offset};
  }
  const std::optional<ParsedInt> number = parse_python_int(name);
  if (!number || number->negative) source.fail("bad character in group name " + python_repr(name), offset);
  if (number->value >= kMaxGroups) source.fail("invalid group reference " + number->digits, offset);
  if (!is_ascii_decimal(name)) {
    warnings.push_back({"DeprecationWarning", "bad character in group name " + python_repr(name) +
                                                  " at position " + std::to_string(source.tell() - offset)});
  }
  return {static_cast<int>(number->value), offset};
}

}  // namespace

ReplacementTemplate ReplacementTemplate::parse(const Pattern& pattern, std::string_view template_utf8) {
  const std::u32string text = decode_utf8(template_utf8);
  Tokenizer source(text, template_utf8);
  ReplacementTemplate result;
  std::u32string literal;
  const auto add_group = [&](int64_t group, int64_t offset) {
    if (group > pattern.groups()) source.fail("invalid group reference " + std::to_string(group), offset);
    if (!literal.empty()) result.pieces_.push_back({encode_utf8(literal), -1});
    literal.clear();
    result.pieces_.push_back({std::string(), static_cast<int>(group)});
  };
  for (;;) {
    std::u32string token = source.get();
    if (token.empty()) break;
    if (token.size() == 1) {
      literal += token;
      continue;
    }
    const char32_t c = token[1];
    char32_t value = 0;
    if (c == U'g') {
      const GroupReference reference = parse_named_reference(source, pattern, result.warnings_);
      add_group(reference.group, reference.offset);
    } else if (c == U'0') {
      // Up to two more octal digits; the value is taken modulo 256.
      if (next_is_octal(source)) token += source.get();
      if (next_is_octal(source)) token += source.get();
      literal += static_cast<char32_t>(parse_digits(std::u32string_view(token).substr(1), 8) & 0xFF);
    } else if (is_decimal(c)) {
      bool octal = false;
      if (source.next_in(U"0123456789")) {
        token += source.get();
        if (is_octal(c) && is_octal(token[2]) && next_is_octal(source)) {
          token += source.get();
          octal = true;
          const uint32_t code = parse_digits(std::u32string_view(token).substr(1), 8);
          if (code > 0377) {
            source.fail("octal escape value " + encode_utf8(token) + " outside of range 0-0o377",
                        static_cast<int64_t>(token.size()));
          }
          literal += static_cast<char32_t>(code);
        }
      }
      if (!octal) {
        add_group(parse_digits(std::u32string_view(token).substr(1), 10), static_cast<int64_t>(token.size()) - 1);
      }
    } else if (simple_escape(c, value)) {
      literal += value;
    } else {
      if (is_ascii_letter(c)) source.fail("bad escape " + encode_utf8(token), static_cast<int64_t>(token.size()));
      literal += token;  // unknown escapes of punctuation keep their backslash
    }
  }
  if (!literal.empty()) result.pieces_.push_back({encode_utf8(literal), -1});
  return result;
}

void ReplacementTemplate::expand_into(std::string& out, const Match& match, const Text& text) const {
  for (const Piece& piece : pieces_) {
    if (piece.group < 0) {
      out += piece.literal;
    } else if (const Span span = match.span(piece.group); span.matched()) {
      out += text.slice(span.start, span.end);
    }
  }
}

bool ReplacementTemplate::has_group_references() const {
  for (const Piece& piece : pieces_) {
    if (piece.group >= 0) return true;
  }
  return false;
}

std::string ReplacementTemplate::literal_text() const {
  std::string text;
  for (const Piece& piece : pieces_) text += piece.literal;
  return text;
}

std::string ReplacementTemplate::expand(const Match& match, const Text& text) const {
  std::string out;
  expand_into(out, match, text);
  return out;
}

}  // namespace backstep::regex
