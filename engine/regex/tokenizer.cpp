#include "engine/regex/tokenizer.h"

#include "engine/regex/text.h"

namespace backstep::regex {

Tokenizer::Tokenizer(std::u32string_view text, std::string_view text_utf8)
    : text_(text), utf8_(text_utf8) {
  advance();
}

void Tokenizer::advance() {
  token_start_ = index_;
  if (index_ >= text_.size()) {
    token_size_ = 0;
    return;
  }
  if (text_[index_] == U'\\') {
    if (index_ + 1 >= text_.size()) {
      throw Error("bad escape (end of pattern)", utf8_, static_cast<int64_t>(text_.size()) - 1);
    }
    token_size_ = 2;
  } else {
    token_size_ = 1;
  }
  index_ += token_size_;
}

bool Tokenizer::next_in(std::u32string_view chars) const {
  return token_size_ == 1 && chars.find(text_[token_start_]) != std::u32string_view::npos;
}

bool Tokenizer::match(char32_t c) {
  if (!next_is(c)) return false;
  advance();
  return true;
}

std::u32string Tokenizer::get() {
  std::u32string token(next());
  if (!at_end()) advance();
  return token;
}

std::u32string Tokenizer::get_while(int n, std::u32string_view chars) {
  std::u32string result;
  for (int i = 0; i < n && next_in(chars); ++i) result += get();
  return result;
}

std::u32string Tokenizer::get_until(char32_t terminator, std::string_view what) {
  std::u32string result;
  for (;;) {
    std::u32string token = get();
    if (token.empty()) {
      if (result.empty()) fail("missing " + std::string(what));
      std::string message = "missing ";
      append_utf8(message, terminator);
      fail(message + ", unterminated name", static_cast<int64_t>(result.size()));
    }
    if (token.size() == 1 && token[0] == terminator) {
      if (result.empty()) fail("missing " + std::string(what), 1);
      return result;
    }
    result += token;
  }
}

void Tokenizer::seek(int64_t index) {
  index_ = static_cast<size_t>(index);
  advance();
}

void Tokenizer::fail(const std::string& message, int64_t offset) const {
  throw Error(message, utf8_, tell() - offset);
}

}  // namespace backstep::regex
