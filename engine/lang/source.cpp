#include "engine/lang/source.h"

#include <algorithm>
#include <deque>
#include <fstream>
#include <mutex>

namespace backstep::lang {

Span Span::cover(const Span& a, const Span& b) {
  if (!a.valid()) return b;
  if (!b.valid()) return a;
  Span s = a;
  if (b.line < s.line || (b.line == s.line && b.col < s.col)) {
    s.line = b.line;
    s.col = b.col;
  }
  if (b.end_line > s.end_line || (b.end_line == s.end_line && b.end_col > s.end_col)) {
    s.end_line = b.end_line;
    s.end_col = b.end_col;
  }
  return s;
}

namespace {
// CPython's universal newlines (translate_newlines in its tokenizer): \r\n
// and a lone \r are \n before anything reads the text, so the lexer,
// comments, line numbers and the lines shown under errors all agree. (Only
// \n was a line end to comments and to the lines shown: a file with lone
// \r was one long comment, and a caret read past a line -- a lang fuzz
// finding.)
std::string with_universal_newlines(std::string text) {
  if (text.find('\r') == std::string::npos) return text;
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r') {
      out += text[i];
      continue;
    }
    out += '\n';
    if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
  }
  return out;
}
}  // namespace

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(with_universal_newlines(std::move(text))),
      library_(name_.rfind("<pylib>/", 0) == 0) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n' && i + 1 < text_.size()) line_starts_.push_back(i + 1);
}

std::string_view SourceFile::line(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  size_t begin = line_starts_[line - 1];
  size_t end = text_.find('\n', begin);
  if (end == std::string::npos) end = text_.size();
  return std::string_view(text_.data() + begin, end - begin);
}

// A deque keeps element addresses stable while the registry grows, so
// get() can hand out raw pointers without holding the lock afterwards.
struct SourceRegistry::Impl {
  mutable std::mutex mutex;
  std::deque<SourceFile> files;
};

SourceRegistry::SourceRegistry() : impl_(std::make_unique<Impl>()) {}

SourceRegistry& SourceRegistry::instance() {
  static SourceRegistry* registry = new SourceRegistry();  // never destroyed: spans outlive statics
  return *registry;
}

uint32_t SourceRegistry::add(std::string name, std::string text) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->files.emplace_back(std::move(name), std::move(text));
  return static_cast<uint32_t>(impl_->files.size());
}

const SourceFile* SourceRegistry::get(uint32_t index) const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (index == 0 || index > impl_->files.size()) return nullptr;
  return &impl_->files[index - 1];
}

const SourceFile* SourceRegistry::find(std::string_view name) const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  for (auto it = impl_->files.rbegin(); it != impl_->files.rend(); ++it)
    if (it->name() == name) return &*it;
  return nullptr;
}

std::optional<std::string> registered_line(const std::string& name, int64_t line) {
  if (line < 1) return std::nullopt;
  if (const SourceFile* f = SourceRegistry::instance().find(name)) {
    if (static_cast<size_t>(line) > f->line_count()) return std::nullopt;
    return std::string(f->line(static_cast<uint32_t>(line)));
  }
  std::ifstream in(name);
  std::string text;
  for (int64_t i = 1; std::getline(in, text); ++i)
    if (i == line) return text;
  return std::nullopt;
}

const SourceFile* source_of(const Span& span) { return SourceRegistry::instance().get(span.file); }

std::string file_name_of(const Span& span) {
  const SourceFile* f = source_of(span);
  return f ? f->name() : "<unknown>";
}

std::string_view source_line(const Span& span) {
  const SourceFile* f = source_of(span);
  return f ? f->line(span.line) : std::string_view{};
}

std::string format_location(const Span& span) {
  return file_name_of(span) + ":" + std::to_string(span.line) + ":" + std::to_string(span.col);
}

std::string format_caret(const Span& span, int indent, char mark) {
  std::string_view line = source_line(span);
  if (line.empty()) return {};
  size_t strip = 0;
  while (strip < line.size() && (line[strip] == ' ' || line[strip] == '\t')) ++strip;
  std::string pad(indent, ' ');
  std::string out = pad + std::string(line.substr(strip)) + "\n";
  size_t col = span.col > 0 ? span.col - 1 : 0;
  if (col < strip) col = strip;
  size_t end = (span.end_line == span.line && span.end_col > span.col) ? span.end_col - 1 : line.size();
  if (end > line.size()) end = line.size();
  if (end <= col) end = col + 1;
  // Columns count bytes; the caret line counts characters, as CPython's
  // traceback does, so a line with 'é' before the error stays aligned.
  // An error at the end of the input sits one past the line's last
  // character (col == line.size()): its caret goes there, reading nothing.
  auto chars = [&](size_t from, size_t to) {
    size_t n = 0;
    for (size_t i = from; i < std::min(to, line.size()); ++i)
      n += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
    return n;
  };
  out += pad + std::string(chars(strip, col), ' ') + std::string(std::max<size_t>(1, chars(col, end)), mark) + "\n";
  return out;
}

std::string span_text(const Span& span) {
  const SourceFile* src = source_of(span);
  if (!src || !span.valid()) return std::string();
  std::string out;
  for (uint32_t l = span.line; l <= span.end_line; ++l) {
    std::string_view line = src->line(l);
    size_t from = l == span.line ? span.col - 1 : 0;
    size_t to = l == span.end_line ? span.end_col - 1 : line.size();
    if (from > line.size()) from = line.size();
    if (to > line.size()) to = line.size();
    if (l != span.line) out += '\n';
    if (to > from) out += line.substr(from, to - from);
  }
  return out;
}

}  // namespace backstep::lang
