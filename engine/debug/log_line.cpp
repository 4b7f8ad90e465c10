#include "engine/debug/log_line.h"

#include "engine/format/float_repr.h"

#include <fmt/format.h>

#include <charconv>
#include <cstring>

namespace backstep::debug {

namespace {

// Equal as far as the log line shows them: dtype and shape.
bool looks_alike(const Summary& a, const Summary& b) {
  if (a.defined != b.defined) return false;
  if (!a.defined) return true;
  if (a.dtype != b.dtype || a.ndim != b.ndim || a.complete_shape != b.complete_shape) return false;
  for (int i = 0; i < a.ndim && i < Summary::kInlineDims; ++i)
    if (a.shape[i] != b.shape[i]) return false;
  return true;
}

}  // namespace

std::string step_text(uint64_t step, const std::optional<double>& loss) {
  if (!loss) return fmt::format(" step {}", step);
  return fmt::format(" step {} loss {}", step, format::double_to_string(*loss, 'g', 4));
}

const std::string& LogLineWriter::prefix(uint16_t name_index, const std::string& name) {
  if (name_index >= prefixes_.size()) prefixes_.resize(name_index + 1u);
  std::string& p = prefixes_[name_index];
  if (p.empty()) p = "Executing: " + name + " #";
  return p;
}

const std::string& LogLineWriter::file_part(const lang::Span& origin) {
  if (origin.file >= file_parts_.size()) file_parts_.resize(origin.file + 1u);
  std::string& part = file_parts_[origin.file];
  if (part.empty()) part = " " + lang::file_name_of(origin) + ":";
  return part;
}

const std::string& LogLineWriter::grads_text(const Summary* grads, uint32_t count) {
  bool same = have_last_grads_ && last_grads_.size() == count;
  for (uint32_t i = 0; same && i < count; ++i) same = looks_alike(grads[i], last_grads_[i]);
  if (same) return last_grads_text_;
  last_grads_.assign(grads, grads + count);
  last_grads_text_.clear();
  for (uint32_t i = 0; i < count; ++i) {
    if (i) last_grads_text_ += ',';
    append_short_text(last_grads_text_, grads[i]);
  }
  have_last_grads_ = true;
  return last_grads_text_;
}

void LogLineWriter::append(std::string& out, uint16_t name_index, const std::string& name, int id,
                           const lang::Span& origin, const Summary* grads, uint32_t count) {
  const std::string& head = prefix(name_index, name);
  const std::string* file = origin.valid() ? &file_part(origin) : nullptr;
  const std::string& tail = grads_text(grads, count);
  static constexpr char kWith[] = " with grad_outputs: [";
  constexpr size_t kWithLength = sizeof kWith - 1;
  // The whole line goes together in one buffer and reaches `out` in one
  // append: an append per part cost more than the parts. The buffer only
  // grows (a node with many gradients makes a long line).
  constexpr size_t kNumber = 11;  // digits of an int, and a sign
  size_t most = head.size() + kNumber + (file ? file->size() + kNumber : 0) + step_text_.size() + kWithLength +
                tail.size() + 2;
  if (line_.size() < most) line_.resize(most);
  char* begin = line_.data();
  char* end = begin + line_.size();
  auto put = [](char* at, const std::string& s) {
    std::memcpy(at, s.data(), s.size());
    return at + s.size();
  };
  char* p = put(begin, head);
  p = std::to_chars(p, end, id).ptr;
  if (file) {
    p = put(p, *file);
    p = std::to_chars(p, end, origin.line).ptr;
  }
  p = put(p, step_text_);
  std::memcpy(p, kWith, kWithLength);
  p = put(p + kWithLength, tail);
  *p++ = ']';
  *p++ = '\n';
  out.append(begin, static_cast<size_t>(p - begin));
}

}  // namespace backstep::debug
