#include "viz/text_format.h"

#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace backstep::viz {

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + ")";
}

std::string dtype_abbr(std::string_view dtype) {
  static const std::unordered_map<std::string_view, const char*> abbrs = {
      {"bfloat16", "bf16"}, {"float64", "f64"}, {"float32", "f32"}, {"float16", "f16"},
      {"complex32", "c32"}, {"complex64", "c64"}, {"complex128", "c128"}, {"int8", "i8"},
      {"int16", "i16"},     {"int32", "i32"},   {"int64", "i64"},     {"bool", "b8"},
      {"uint8", "u8"}};
  auto it = abbrs.find(dtype);
  return it == abbrs.end() ? std::string(dtype) : it->second;
}

std::string meta_text(const model::Meta& m) {
  if (!m.defined) return "";
  std::string s = dtype_abbr(m.dtype) + "[";
  for (size_t i = 0; i < m.shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(m.shape[i]);
  }
  return s + "]" + (m.device.empty() ? "" : " " + m.device);
}

std::string base_name(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string short_location(const model::Node& n) {
  if (!n.has_origin) return "";
  return base_name(n.file) + ":" + std::to_string(n.line);
}

std::string full_location(const model::Node& n) {
  if (!n.has_origin) return "";
  return n.file + ":" + std::to_string(n.line) + ":" + std::to_string(n.col);
}

std::string frame_text(const model::Frame& f) {
  if (f.is_module()) return f.function.empty() ? f.module_type : f.function + ": " + f.module_type;
  std::string s = f.function + "()";
  if (f.call_line) s += " at " + base_name(f.call_file) + ":" + std::to_string(f.call_line);
  return s;
}

std::string number_text(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

std::string grad_text(const model::GradStats& g) {
  if (!g.broken()) return "|g|=" + number_text(g.norm);
  std::string s;
  if (g.nan) s += "NaN\u00d7" + std::to_string(g.nan);
  if (g.inf) s += std::string(s.empty() ? "" : " ") + "Inf\u00d7" + std::to_string(g.inf);
  return s;
}

std::optional<model::GradStats> combined_incoming(const model::Node& n) {
  std::optional<model::GradStats> out;
  double sq = 0;
  for (const auto& g : n.grad_in) {
    if (!g) continue;
    if (!out) out = *g;
    else {
      out->nan += g->nan;
      out->inf += g->inf;
      out->min = std::min(out->min, g->min);
      out->max = std::max(out->max, g->max);
    }
    sq += g->norm * g->norm;
  }
  if (out) out->norm = std::sqrt(sq);
  return out;
}

std::string display_name(const std::string& name) {
  const std::string prefix = "torch::autograd::";
  return name.rfind(prefix, 0) == 0 ? name.substr(prefix.size()) : name;
}

std::string truncated(std::string_view s, size_t n) {
  if (s.size() <= n) return std::string(s);
  size_t cut = n > 1 ? n - 1 : 0;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
  return std::string(s.substr(0, cut)) + "\u2026";
}

std::string thousands(size_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string nonfinite_origin_text(const model::Node& n) {
  if (!n.nonfinite_born_here()) return "";
  for (const auto& g : n.grad_out)
    if (g && g->broken())
      return std::string("\u26a0 ") + (g->nan && g->inf ? "NaN/Inf" : g->nan ? "NaN" : "Inf") + " born here";
  return "";
}

}  // namespace backstep::viz
