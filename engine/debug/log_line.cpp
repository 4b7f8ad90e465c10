#include "engine/debug/log_line.h"

#include <charconv>

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
  out += prefix(name_index, name);
  // The numbers and the fixed text between them go through one small buffer:
  // an append each cost more than the digits.
  char buf[96];
  char* end = buf + sizeof buf;
  char* p = std::to_chars(buf, end, id).ptr;
  if (origin.valid()) {
    out.append(buf, static_cast<size_t>(p - buf));
    out += file_part(origin);
    p = std::to_chars(buf, end, origin.line).ptr;
  }
  static constexpr char kWith[] = " with grad_outputs: [";
  for (const char* c = kWith; *c; ++c) *p++ = *c;
  out.append(buf, static_cast<size_t>(p - buf));
  out += grads_text(grads, count);
  out += ']';
}

}  // namespace backstep::debug
