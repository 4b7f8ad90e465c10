#include "engine/lang/lexer.h"

#include <fmt/format.h>

#include <cstring>
#include <unordered_map>

namespace backstep::lang {

bool decode_bytes_escapes(std::string_view body, std::string& out, std::string& error);
namespace {

constexpr size_t kMaxBracketDepth = 200;  // CPython: MAXLEVEL
constexpr size_t kMaxIndentDepth = 100;   // CPython: MAXINDENT (counting the outermost level)

const std::unordered_map<std::string_view, Tok>& keywords() {
  static const std::unordered_map<std::string_view, Tok> k = {
      {"False", Tok::KwFalse},   {"None", Tok::KwNone},         {"True", Tok::KwTrue},
      {"and", Tok::KwAnd},       {"as", Tok::KwAs},             {"assert", Tok::KwAssert},
      {"async", Tok::KwAsync},   {"await", Tok::KwAwait},       {"break", Tok::KwBreak},
      {"class", Tok::KwClass},   {"continue", Tok::KwContinue}, {"def", Tok::KwDef},
      {"del", Tok::KwDel},       {"elif", Tok::KwElif},         {"else", Tok::KwElse},
      {"except", Tok::KwExcept}, {"finally", Tok::KwFinally},   {"for", Tok::KwFor},
      {"from", Tok::KwFrom},     {"global", Tok::KwGlobal},     {"if", Tok::KwIf},
      {"import", Tok::KwImport}, {"in", Tok::KwIn},             {"is", Tok::KwIs},
      {"lambda", Tok::KwLambda}, {"nonlocal", Tok::KwNonlocal}, {"not", Tok::KwNot},
      {"or", Tok::KwOr},         {"pass", Tok::KwPass},         {"raise", Tok::KwRaise},
      {"return", Tok::KwReturn}, {"try", Tok::KwTry},           {"while", Tok::KwWhile},
      {"with", Tok::KwWith},     {"yield", Tok::KwYield},
  };
  return k;
}

// Operators, longest first so that a prefix scan finds the longest match.
struct OpSpelling {
  const char* text;
  Tok tok;
};
const OpSpelling kOps[] = {
    {"**=", Tok::DoubleStarEq}, {"//=", Tok::DoubleSlashEq}, {">>=", Tok::RShiftEq},
    {"<<=", Tok::LShiftEq},     {"...", Tok::Ellipsis},      {"->", Tok::Arrow},
    {":=", Tok::Walrus},        {"**", Tok::DoubleStar},     {"//", Tok::DoubleSlash},
    {"<<", Tok::LShift},        {">>", Tok::RShift},         {"==", Tok::Eq},
    {"!=", Tok::Ne},            {"<=", Tok::Le},             {">=", Tok::Ge},
    {"+=", Tok::PlusEq},        {"-=", Tok::MinusEq},        {"*=", Tok::StarEq},
    {"/=", Tok::SlashEq},       {"%=", Tok::PercentEq},      {"@=", Tok::AtEq},
    {"&=", Tok::AmpEq},         {"|=", Tok::PipeEq},         {"^=", Tok::CaretEq},
    {"(", Tok::LParen},         {")", Tok::RParen},          {"[", Tok::LBracket},
    {"]", Tok::RBracket},       {"{", Tok::LBrace},          {"}", Tok::RBrace},
    {",", Tok::Comma},          {":", Tok::Colon},           {";", Tok::Semicolon},
    {".", Tok::Dot},            {"@", Tok::At},              {"=", Tok::Assign},
    {"+", Tok::Plus},           {"-", Tok::Minus},           {"*", Tok::Star},
    {"/", Tok::Slash},          {"%", Tok::Percent},         {"&", Tok::Amp},
    {"|", Tok::Pipe},           {"^", Tok::Caret},           {"~", Tok::Tilde},
    {"<", Tok::Lt},             {">", Tok::Gt},
};

bool is_name_start(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool is_name_char(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

class Lexer {
 public:
  Lexer(uint32_t file, std::string_view text, uint32_t line, uint32_t col, bool fragment,
        std::optional<Diagnostic>* unclosed = nullptr)
      : file_(file), text_(text), line_(line), line_start_col_(col), fragment_(fragment), unclosed_(unclosed) {}

  Result<std::vector<Token>> run() {
    if (!fragment_) indents_.push_back(0);
    at_line_start_ = !fragment_;
    while (true) {
      if (at_line_start_ && !handle_indentation()) return error_;
      if (failed_) return error_;
      if (pos_ >= text_.size()) break;
      if (!scan_token()) return error_;
    }
    return finish();
  }

 private:
  // --- positions -------------------------------------------------------------
  uint32_t col_at(size_t pos) const { return static_cast<uint32_t>(pos - line_pos_) + line_start_col_; }
  Span span_from(size_t begin) const {
    return Span{file_, begin_line_, col_at(begin), line_, col_at(pos_)};
  }
  void newline_at(size_t pos_after) {
    ++line_;
    line_pos_ = pos_after;
    line_start_col_ = 1;
  }
  bool fail(Span span, std::string message, bool incomplete = false, const char* type = "SyntaxError") {
    error_ = Diagnostic{span, type, std::move(message), incomplete};
    failed_ = true;
    return false;
  }
  void push(Tok kind, size_t begin, std::string text = {}) {
    tokens_.push_back(Token{kind, span_from(begin), std::move(text)});
  }

  // --- indentation -----------------------------------------------------------
  // At the start of a logical line: measure indentation, skip blank and
  // comment-only lines, emit INDENT/DEDENT.
  bool handle_indentation() {
    while (pos_ < text_.size()) {
      size_t p = pos_;
      int width = 0;
      while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t' || text_[p] == '\f')) {
        width = text_[p] == '\t' ? (width / 8 + 1) * 8 : width + 1;
        ++p;
      }
      if (p < text_.size() && text_[p] == '#') {
        while (p < text_.size() && text_[p] != '\n') ++p;
      }
      if (p < text_.size() && (text_[p] == '\n' || text_[p] == '\r')) {  // blank line
        if (text_[p] == '\r' && p + 1 < text_.size() && text_[p + 1] == '\n') ++p;
        pos_ = p + 1;
        newline_at(pos_);
        continue;
      }
      if (p >= text_.size()) {
        pos_ = p;
        break;
      }
      pos_ = p;
      begin_line_ = line_;
      at_line_start_ = false;
      if (width > indents_.back()) {
        if (indents_.size() >= kMaxIndentDepth)  // CPython's limit, same reason as brackets
          return fail(Span{file_, line_, line_start_col_, line_, line_start_col_ + 1}, "too many levels of indentation",
                      false, "IndentationError");
        indents_.push_back(width);
        Span s{file_, line_, line_start_col_, line_, col_at(p)};
        tokens_.push_back(Token{Tok::Indent, s, {}});
      } else {
        while (width < indents_.back()) {
          indents_.pop_back();
          tokens_.push_back(Token{Tok::Dedent, Span{file_, line_, col_at(p), line_, col_at(p)}, {}});
        }
        if (width != indents_.back())
          return fail(Span{file_, line_, col_at(p), line_, col_at(p) + 1},
                      "unindent does not match any outer indentation level", false, "IndentationError");
      }
      return true;
    }
    at_line_start_ = false;
    return true;
  }

  // --- tokens ----------------------------------------------------------------
  bool scan_token() {
    char c = text_[pos_];
    begin_line_ = line_;
    if (c == ' ' || c == '\t' || c == '\f') {
      ++pos_;
      return true;
    }
    if (c == '#') {
      while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      return true;
    }
    if (c == '\\') return scan_backslash();
    if (c == '\n' || c == '\r') return scan_newline();
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && pos_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))))
      return scan_number();
    if (is_name_start(static_cast<unsigned char>(c))) {
      size_t q = pos_;
      while (q < text_.size() && is_name_char(static_cast<unsigned char>(text_[q]))) ++q;
      // a string prefix (r, b, f, u and their combinations)?
      if (q < text_.size() && (text_[q] == '\'' || text_[q] == '"') && q - pos_ <= 2) {
        std::string prefix(text_.substr(pos_, q - pos_));
        for (auto& ch : prefix) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (prefix == "r" || prefix == "b" || prefix == "f" || prefix == "u" || prefix == "rb" ||
            prefix == "br" || prefix == "fr" || prefix == "rf")
          return scan_string(prefix);
      }
      return scan_name(q);
    }
    if (c == '\'' || c == '"') return scan_string("");
    return scan_operator();
  }

  bool scan_backslash() {
    size_t begin = pos_;
    ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '\r') ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '\n') {
      ++pos_;
      newline_at(pos_);
      return true;
    }
    if (pos_ >= text_.size())
      return fail(span_from(begin), "unexpected EOF while parsing", true);
    return fail(span_from(begin), "unexpected character after line continuation character");
  }

  bool scan_newline() {
    size_t begin = pos_;
    if (text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') ++pos_;
    ++pos_;
    if (brackets_.empty() && !fragment_) {
      tokens_.push_back(Token{Tok::Newline, Span{file_, line_, col_at(begin), line_, col_at(begin) + 1}, {}});
      at_line_start_ = true;
    }
    newline_at(pos_);
    return true;
  }

  bool scan_name(size_t end) {
    size_t begin = pos_;
    pos_ = end;
    std::string_view word = text_.substr(begin, end - begin);
    auto it = keywords().find(word);
    push(it == keywords().end() ? Tok::Name : it->second, begin, std::string(word));
    return true;
  }

  bool scan_number();
  bool scan_string(const std::string& prefix);
  bool scan_operator();

  Result<std::vector<Token>> finish() {
    Span end{file_, line_, col_at(pos_), line_, col_at(pos_)};
    if (!brackets_.empty()) {
      const Token& open = brackets_.back();
      Diagnostic never_closed{open.span, "SyntaxError", fmt::format("'{}' was never closed", open.text), true};
      if (!unclosed_) return never_closed;
      // Note [An unclosed bracket and the parser's error] (parse_stmt.cpp):
      // the parser decides which error the user sees. CPython's tokenizer
      // gives its parser no NEWLINE at such an end, only the end marker.
      *unclosed_ = std::move(never_closed);
      tokens_.push_back(Token{Tok::End, end, {}});
      return std::move(tokens_);
    }
    if (!fragment_) {
      if (!tokens_.empty() && tokens_.back().kind != Tok::Newline && tokens_.back().kind != Tok::Dedent)
        tokens_.push_back(Token{Tok::Newline, end, {}});
      while (indents_.size() > 1) {
        indents_.pop_back();
        tokens_.push_back(Token{Tok::Dedent, end, {}});
      }
    }
    tokens_.push_back(Token{Tok::End, end, {}});
    return std::move(tokens_);
  }

  uint32_t file_;
  std::string_view text_;
  size_t pos_ = 0;
  uint32_t line_;
  size_t line_pos_ = 0;  // offset of the current line's first character
  uint32_t line_start_col_;
  uint32_t begin_line_ = 0;
  bool fragment_;
  bool at_line_start_ = true;
  bool failed_ = false;
  Diagnostic error_;
  std::vector<int> indents_;
  std::vector<Token> brackets_;
  std::vector<Token> tokens_;
  std::optional<Diagnostic>* unclosed_;
};

bool Lexer::scan_number() {
  size_t begin = pos_;
  auto digits = [&](auto pred) {
    while (pos_ < text_.size() && (pred(text_[pos_]) || (text_[pos_] == '_' && pos_ + 1 < text_.size() &&
                                                          pred(text_[pos_ + 1]))))
      ++pos_;
  };
  auto dec = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  bool is_float = false;
  if (text_[pos_] == '0' && pos_ + 1 < text_.size() && std::strchr("xXoObB", text_[pos_ + 1])) {
    char base = static_cast<char>(std::tolower(text_[pos_ + 1]));
    pos_ += 2;
    if (base == 'x') digits([](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
    if (base == 'o') digits([](char c) { return c >= '0' && c <= '7'; });
    if (base == 'b') digits([](char c) { return c == '0' || c == '1'; });
  } else {
    digits(dec);
    if (pos_ < text_.size() && text_[pos_] == '.') {
      is_float = true;
      ++pos_;
      digits(dec);
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      size_t save = pos_;
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (pos_ < text_.size() && dec(text_[pos_])) {
        is_float = true;
        digits(dec);
      } else {
        pos_ = save;
      }
    }
  }
  Tok kind = is_float ? Tok::Float : Tok::Int;
  if (pos_ < text_.size() && (text_[pos_] == 'j' || text_[pos_] == 'J')) {
    ++pos_;
    kind = Tok::Imaginary;
  }
  if (pos_ < text_.size() && is_name_char(static_cast<unsigned char>(text_[pos_])))
    return fail(span_from(begin), "invalid decimal literal");
  std::string lit;
  for (size_t i = begin; i < pos_; ++i)
    if (text_[i] != '_') lit += text_[i];
  push(kind, begin, lit);
  return true;
}

bool Lexer::scan_string(const std::string& prefix) {
  size_t begin = pos_;
  uint32_t start_line = line_;
  uint32_t start_col = col_at(begin);
  pos_ += prefix.size();
  char quote = text_[pos_];
  bool triple = pos_ + 2 < text_.size() && text_[pos_ + 1] == quote && text_[pos_ + 2] == quote;
  size_t qlen = triple ? 3 : 1;
  pos_ += qlen;
  size_t body_begin = pos_;
  bool raw = prefix.find('r') != std::string::npos;
  while (true) {
    if (pos_ >= text_.size() || (!triple && (text_[pos_] == '\n' || text_[pos_] == '\r'))) {
      Span s{file_, start_line, start_col, start_line, start_col + 1};
      if (triple)
        return fail(s, fmt::format("unterminated triple-quoted string literal (detected at line {})", line_), true);
      return fail(s, fmt::format("unterminated string literal (detected at line {})", line_));
    }
    char c = text_[pos_];
    if (c == '\\' && pos_ + 1 < text_.size()) {
      if (text_[pos_ + 1] == '\n') newline_at(pos_ + 2);
      pos_ += 2;
      continue;
    }
    if (c == quote && (!triple || text_.substr(pos_, 3) == std::string(3, quote))) break;
    if (c == '\n') newline_at(pos_ + 1);
    ++pos_;
  }
  std::string_view body = text_.substr(body_begin, pos_ - body_begin);
  pos_ += qlen;
  Token t{Tok::String, Span{file_, start_line, start_col, line_, col_at(pos_)}, {}};
  t.is_fstring = prefix.find('f') != std::string::npos;
  t.is_bytes = prefix.find('b') != std::string::npos;
  t.body_offset = static_cast<uint32_t>(prefix.size() + qlen);
  if (t.is_fstring || raw) {
    t.text = std::string(body);
    if (t.is_fstring && raw) t.text.insert(0, "\x01");  // marks a raw f-string for the parser
  } else if (t.is_bytes) {
    std::string err;
    if (!decode_bytes_escapes(body, t.text, err)) return fail(t.span, err);
  } else {
    std::string err;
    if (!decode_string_escapes(body, t.text, err)) return fail(t.span, err);
  }
  if (t.is_bytes)
    for (unsigned char c : body)
      if (c >= 0x80) return fail(t.span, "bytes can only contain ASCII literal characters");
  tokens_.push_back(std::move(t));
  return true;
}

bool Lexer::scan_operator() {
  size_t begin = pos_;
  for (const auto& op : kOps) {
    size_t n = std::strlen(op.text);
    if (text_.compare(pos_, n, op.text) != 0) continue;
    pos_ += n;
    Token t{op.tok, span_from(begin), op.text};
    if (op.tok == Tok::LParen || op.tok == Tok::LBracket || op.tok == Tok::LBrace) {
      // CPython's tokenizer stops at the same depth; deeper nesting would only
      // run the parser and the tree walkers out of C stack (issue 16).
      if (brackets_.size() >= kMaxBracketDepth) return fail(t.span, "too many nested parentheses");
      brackets_.push_back(t);
    } else if (op.tok == Tok::RParen || op.tok == Tok::RBracket || op.tok == Tok::RBrace) {
      if (brackets_.empty()) return fail(t.span, fmt::format("unmatched '{}'", op.text));
      char open = brackets_.back().text[0];
      char want = open == '(' ? ')' : open == '[' ? ']' : '}';
      if (op.text[0] != want) {
        if (brackets_.back().span.line != t.span.line)
          return fail(t.span, fmt::format("closing parenthesis '{}' does not match opening parenthesis '{}' on line {}",
                                          op.text, open, brackets_.back().span.line));
        return fail(t.span, fmt::format("closing parenthesis '{}' does not match opening parenthesis '{}'",
                                        op.text, open));
      }
      brackets_.pop_back();
    }
    tokens_.push_back(std::move(t));
    return true;
  }
  unsigned char c = static_cast<unsigned char>(text_[pos_]);
  if (c == '!' ) return fail(Span{file_, line_, col_at(pos_), line_, col_at(pos_) + 1}, "invalid syntax");
  if (c == '$' || c == '?' || c == '`')
    return fail(Span{file_, line_, col_at(pos_), line_, col_at(pos_) + 1}, "invalid syntax");
  // CPython names a control character by its code only: the message never
  // carries it raw (an ESC would reach the terminal).
  if (c < 0x20 || c == 0x7f)
    return fail(Span{file_, line_, col_at(pos_), line_, col_at(pos_) + 1},
                fmt::format("invalid non-printable character U+{:04X}", c));
  return fail(Span{file_, line_, col_at(pos_), line_, col_at(pos_) + 1},
              fmt::format("invalid character '{}' (U+{:04X})", text_[pos_], c));
}

}  // namespace

Result<std::vector<Token>> tokenize(uint32_t file, std::optional<Diagnostic>* unclosed) {
  const SourceFile* src = SourceRegistry::instance().get(file);
  std::string_view text = src ? std::string_view(src->text()) : std::string_view();
  return Lexer(file, text, 1, 1, false, unclosed).run();
}

Result<std::vector<Token>> tokenize_fragment(uint32_t file, std::string_view text, uint32_t line, uint32_t col) {
  return Lexer(file, text, line, col, true).run();
}

// A bytes literal's escapes: \xhh and octal give one byte each; \u, \U and
// \N are not escapes in bytes and stay as written.
bool decode_bytes_escapes(std::string_view body, std::string& out, std::string& error) {
  out.clear();
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[i + 1];
    if (e == 'x') {
      auto hex = [&](size_t k) { return i + k < body.size() && std::isxdigit(static_cast<unsigned char>(body[i + k])); };
      if (!hex(2) || !hex(3)) {
        error = fmt::format("(value error) invalid \\x escape at position {}", i);
        return false;
      }
      out += static_cast<char>(std::stoi(std::string(body.substr(i + 2, 2)), nullptr, 16));
      i += 3;
    } else if (e >= '0' && e <= '7') {
      unsigned v = 0;
      size_t k = i + 1;
      for (int n = 0; n < 3 && k < body.size() && body[k] >= '0' && body[k] <= '7'; ++n, ++k) v = v * 8 + unsigned(body[k] - '0');
      out += static_cast<char>(v & 0xFF);
      i = k - 1;
    } else if (e == 'u' || e == 'U' || e == 'N') {
      out += c;
    } else {
      std::string piece;
      if (!decode_string_escapes(body.substr(i, 2), piece, error)) return false;
      out += piece;
      ++i;
    }
  }
  return true;
}

bool decode_string_escapes(std::string_view body, std::string& out, std::string& error) {
  out.clear();
  out.reserve(body.size());
  auto put_utf8 = [&](uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  };
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    switch (e) {
      case '\n': break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case 'x':
      case 'u':
      case 'U': {
        size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t cp = 0;
        for (size_t k = 1; k <= n; ++k) {
          if (i + k >= body.size() || !std::isxdigit(static_cast<unsigned char>(body[i + k]))) {
            error = fmt::format("(unicode error) truncated \\{}{} escape", e, std::string(n, 'X'));
            return false;
          }
          char h = static_cast<char>(std::tolower(static_cast<unsigned char>(body[i + k])));
          cp = cp * 16 + static_cast<uint32_t>(h <= '9' ? h - '0' : h - 'a' + 10);
        }
        i += n;
        put_utf8(cp);
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          uint32_t cp = static_cast<uint32_t>(e - '0');
          for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
            cp = cp * 8 + static_cast<uint32_t>(body[++i] - '0');
          put_utf8(cp);
        } else {
          out += '\\';  // unknown escapes stay as written, as in Python
          out += e;
        }
    }
  }
  return true;
}

}  // namespace backstep::lang
