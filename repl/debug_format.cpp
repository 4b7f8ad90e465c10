#include "repl/debug_format.h"

#include "engine/format/float_repr.h"

#include <fmt/format.h>

namespace backstep::repl {

// As Python's '%.4g': a NaN is "nan" whatever its sign bit (fmt writes "-nan").
std::string number_text(double v) { return format::double_to_string(v, 'g', 4); }

std::string summary_text(const debug::Summary& s) {
  std::string out = debug::short_text(s);
  if (std::string device = debug::device_text(s); !device.empty()) out += " " + device;
  if (!s.defined || !s.stats) return out;
  out += fmt::format("  norm {}  min {}  max {}", number_text(s.norm), number_text(s.min), number_text(s.max));
  if (s.nan) out += fmt::format("  NaN {}", s.nan);
  if (s.inf) out += fmt::format("  Inf {}", s.inf);
  return out;
}

std::string position_text(const lang::Span& span) {
  if (!span.valid()) return "";
  std::string_view line = lang::source_line(span);
  size_t b = line.find_first_not_of(" \t");
  std::string code = b == std::string_view::npos ? "" : std::string(line.substr(b));
  return fmt::format("{}:{}  {}", lang::file_name_of(span), span.line, code);
}

std::string listing(const lang::Span& span, int context) {
  const lang::SourceFile* file = lang::source_of(span);
  if (!file) return "(no source)\n";
  std::string out;
  uint32_t first = span.line > static_cast<uint32_t>(context) ? span.line - context : 1;
  uint32_t last = std::min<uint32_t>(span.line + context, static_cast<uint32_t>(file->line_count()));
  for (uint32_t l = first; l <= last; ++l)
    out += fmt::format("{} {:>4}  {}\n", l == span.line ? "->" : "  ", l, file->line(l));
  return out;
}

}  // namespace backstep::repl
