// f-strings: the lexer keeps the body raw; here it is split into literal
// text and {expression!conversion:format_spec} fields, each expression parsed
// with its real position in the file so errors inside point at it.
#include "engine/lang/lexer.h"
#include "engine/lang/parser_internal.h"

#include <fmt/format.h>

#include <cstring>
#include <functional>

namespace backstep::lang {
namespace {

struct BodyCursor {
  std::string_view body;
  uint32_t line;  // position of body[0]
  uint32_t col;

  // Line and column of body[offset].
  std::pair<uint32_t, uint32_t> position(size_t offset) const {
    uint32_t l = line, c = col;
    for (size_t i = 0; i < offset && i < body.size(); ++i) {
      if (body[i] == '\n') {
        ++l;
        c = 1;
      } else {
        ++c;
      }
    }
    return {l, c};
  }
};

// Finds where the expression of a replacement field ends: at a top-level
// '}', '!' (not '!='), ':' or a trailing '=' (the f"{x=}" form).
size_t expression_end(std::string_view s, size_t i) {
  int depth = 0;
  while (i < s.size()) {
    char c = s[i];
    if (c == '\'' || c == '"') {
      char q = c;
      ++i;
      while (i < s.size() && s[i] != q) i += s[i] == '\\' ? 2 : 1;
      ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || (c == '}' && depth > 0)) {
      --depth;
      ++i;
      continue;
    }
    if (depth == 0) {
      if (c == '}' || c == ':') return i;
      if (c == '!' && !(i + 1 < s.size() && s[i + 1] == '=')) return i;
      if (c == '=' && i + 1 < s.size() && (s[i + 1] == '}' || s[i + 1] == '!' || s[i + 1] == ':') &&
          !(i > 0 && std::strchr("=!<>", s[i - 1])))
        return i;
    }
    ++i;
  }
  return i;
}

// The end of a format spec: the '}' closing the field, skipping nested {}.
size_t spec_end(std::string_view s, size_t i) {
  int depth = 0;
  for (; i < s.size(); ++i) {
    if (s[i] == '{') ++depth;
    if (s[i] == '}') {
      if (depth == 0) return i;
      --depth;
    }
  }
  return i;
}

}  // namespace

// Parses `body` (the raw text of an f-string, or of a nested format spec) into
// parts. Fails with CPython's f-string messages.
// Errors of the f-string's own form are reported at `error_at`: CPython
// 3.11 decodes an f-string after its parser has read the token following
// the string group, and puts them there (`f'{x' + 1` at the `+`).
static std::unique_ptr<FString> parse_fstring_body(Parser& outer, uint32_t file, const BodyCursor& cur, bool raw,
                                                   const Span& span, const Span& error_at,
                                                   std::function<void(Span, std::string)> fail) {
  auto f = std::make_unique<FString>(span);
  std::string_view s = cur.body;
  std::string literal;
  auto flush_literal = [&](FStringPart& part) {
    if (raw) {
      part.literal = literal;
    } else {
      std::string err;
      if (!decode_string_escapes(literal, part.literal, err)) fail(error_at, err);
    }
    literal.clear();
  };
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (c == '{' && i + 1 < s.size() && s[i + 1] == '{') {
      literal += '{';
      i += 2;
      continue;
    }
    if (c == '}') {
      if (i + 1 < s.size() && s[i + 1] == '}') {
        literal += '}';
        i += 2;
        continue;
      }
      fail(error_at, "f-string: single '}' is not allowed");
    }
    if (c != '{') {
      literal += c;
      ++i;
      continue;
    }
    FStringPart part;
    flush_literal(part);
    size_t expr_begin = i + 1;
    size_t expr_stop = expression_end(s, expr_begin);
    std::string_view text = s.substr(expr_begin, expr_stop - expr_begin);
    // An expression the string ends in is unfinished before it is empty.
    if (expr_stop >= s.size()) fail(error_at, "f-string: expecting '}'");
    if (text.find_first_not_of(" \t\n") == std::string_view::npos) fail(error_at, "f-string: empty expression not allowed");
    auto [line, col] = cur.position(expr_begin);
    auto toks = tokenize_fragment(file, text, line, col);
    if (!toks.ok()) fail(toks.error().span, "f-string: " + toks.error().message);
    Parser sub(file, std::move(toks.value()));
    try {
      part.expr = sub.parse_fragment_expression();
    } catch (ParseFailure& f) {
      // CPython 3.11 parses a field as a source of its own and names every
      // error in it an f-string's.
      if (f.diag.message.rfind("f-string: ", 0) != 0) f.diag.message = "f-string: " + f.diag.message;
      throw;
    }
    size_t j = expr_stop;
    if (s[j] == '=') {
      part.debug_text = std::string(s.substr(expr_begin, j + 1 - expr_begin));
      ++j;
      part.conversion = 'r';  // f"{x=}" shows repr unless a conversion or spec says otherwise
    }
    if (j < s.size() && s[j] == '!') {
      if (j + 1 >= s.size() || !std::strchr("rsa", s[j + 1]))
        fail(error_at, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
      part.conversion = s[j + 1];
      j += 2;
    }
    if (j < s.size() && s[j] == ':') {
      size_t stop = spec_end(s, j + 1);
      auto [sl, sc] = cur.position(j + 1);
      BodyCursor spec{s.substr(j + 1, stop - j - 1), sl, sc};
      if (!part.debug_text.empty() && part.conversion == 'r') part.conversion = 0;
      part.format_spec = parse_fstring_body(outer, file, spec, raw, span, error_at, fail);
      j = stop;
    }
    if (j >= s.size() || s[j] != '}') fail(error_at, "f-string: expecting '}'");
    i = j + 1;
    f->parts.push_back(std::move(part));
  }
  if (!literal.empty() || f->parts.empty()) {
    FStringPart part;
    flush_literal(part);
    f->parts.push_back(std::move(part));
  }
  return f;
}

ExprPtr Parser::parse_fstring(const Token& t, const Span& error_at) {
  std::string_view body = t.text;
  bool raw = !body.empty() && body[0] == '\x01';
  if (raw) body.remove_prefix(1);
  BodyCursor cur{body, t.span.line, t.span.col + t.body_offset};
  auto fail_fn = [this](Span s, std::string m) { fail(s, std::move(m)); };
  return parse_fstring_body(*this, file_, cur, raw, t.span, error_at, fail_fn);
}

ExprPtr Parser::parse_fragment_expression() {
  ExprPtr e = at(Tok::KwYield) ? parse_yield() : parse_star_expressions();
  // CPython parses the field inside parentheses: `{a b}` gets the comma hint.
  if (!at(Tok::End) && side_by_side())
    fail(Span::cover(previous().span, peek().span), "f-string: invalid syntax. Perhaps you forgot a comma?");
  if (!at(Tok::End)) fail_here("f-string: invalid syntax");
  return e;
}

}  // namespace backstep::lang
