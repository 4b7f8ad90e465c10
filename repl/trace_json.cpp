#include "repl/trace_json.h"

#include "engine/autograd/module_names.h"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <type_traits>

namespace backstep::repl {

// Literals appended as string_views: `out += "..."` calls an out-of-line
// append that runs strlen on every piece of every record.
using namespace std::string_view_literals;

namespace {

std::string escaped(const std::string& s) {
  return ordered_json(s).dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

std::string_view state_name(debug::NodeRecord::State s) {
  switch (s) {
    case debug::NodeRecord::State::Running: return "running";
    case debug::NodeRecord::State::Done: return "done";
    case debug::NodeRecord::State::Failed: return "failed";
  }
  return "done";
}

const char* outcome_name(debug::BackwardRun::Outcome o) {
  switch (o) {
    case debug::BackwardRun::Outcome::Running: return "running";
    case debug::BackwardRun::Outcome::Finished: return "finished";
    case debug::BackwardRun::Outcome::Failed: return "failed";
    case debug::BackwardRun::Outcome::Aborted: return "aborted";
  }
  return "finished";
}

double rounded(double v, int decimals) {
  double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

// Formatting into a small array and appending it: fmt through a
// back_inserter pushes one character at a time, a third of the writing.
// Floats through a compiled format into a plain pointer: "{}" parsed at
// run time was a tenth of the writing, and format_to_n's truncating
// iterator pushes one character at a time again.
template <class T>
void append_plain(std::string& out, T v) {
  char buf[40];
  char* end;
  if constexpr (std::is_integral_v<T>) end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  else end = fmt::format_to(buf, FMT_COMPILE("{}"), v);  // at most 24 characters
  out.append(buf, end);
}

// A time in tenths of a microsecond, `tenths / 10` as fmt's "{}" writes
// that double: below 1e9 its shortest round-trip text is the decimal
// itself ("31", "25.4"), made here without the float formatter.
void append_tenths(std::string& out, double tenths) {
  if (!(tenths >= 0 && tenths < 1e9) || std::signbit(tenths)) {  // -0 is "-0"
    append_plain(out, tenths / 10);
    return;
  }
  auto k = static_cast<int64_t>(tenths);
  append_plain(out, k / 10);
  if (k % 10) {
    out += '.';
    out += char('0' + k % 10);
  }
}

void append_number(std::string& out, float v) {
  if (std::isfinite(v)) append_plain(out, v);
  else out += "null"sv;
}

}  // namespace

ordered_json finite_or_null(double v) { return std::isfinite(v) ? ordered_json(v) : ordered_json(nullptr); }

ordered_json where_json(const lang::Span& span) {
  if (!span.valid()) return nullptr;
  return ordered_json{{"file", lang::file_name_of(span)}, {"line", span.line}, {"col", span.col}};
}

ordered_json backward_fields(const debug::BackwardRun& run) {
  return ordered_json{{"number", run.number},
                      {"kind", run.is_grad ? "grad" : "backward"},
                      {"step", run.step},
                      {"loss", run.loss ? finite_or_null(*run.loss) : ordered_json(nullptr)},
                      {"call_site", where_json(run.call_site)}};
}

void TraceText::append_header(std::string& out, const debug::BackwardRun& run) {
  ordered_json h = backward_fields(run);
  h["roots"] = run.roots;
  h["outcome"] = outcome_name(run.outcome);
  h["error"] = run.outcome == debug::BackwardRun::Outcome::Finished ? ordered_json(nullptr) : ordered_json(run.error);
  h["wall_ms"] = finite_or_null(rounded(run.wall_ms, 3));
  out += "{";
  // The header's fields as the trace has always spaced them: "key": value, ...
  bool first = true;
  for (auto it = h.begin(); it != h.end(); ++it) {
    out += first ? "" : ", ";
    out += escaped(it.key()) + ": " + it.value().dump(-1, ' ', false, ordered_json::error_handler_t::replace);
    first = false;
  }
  out += ", \"records\": [";
}

void TraceText::begin_run(const debug::BackwardRun& run) {
  names_.assign(run.names.size(), std::string());
  modules_.assign(run.modules.size(), std::string());
}

const std::string& TraceText::name_text(const debug::BackwardRun& run, uint16_t index) {
  std::string& s = names_[index];
  if (s.empty()) s = escaped(run.names[index]);
  return s;
}

const std::string& TraceText::module_text(const debug::BackwardRun& run, uint16_t index) {
  std::string& s = modules_[index];
  if (!s.empty()) return s;
  const autograd::ModuleScope* scope = run.modules[index].get();
  if (!scope) return s = "null";
  ordered_json stack = ordered_json::array();
  for (const auto& f : autograd::module_frames(scope)) stack.push_back(ordered_json{{"path", f.path}, {"type", f.type}});
  ordered_json j{{"path", scope->path}, {"type", scope->type_name}, {"stack", std::move(stack)}};
  return s = j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

const std::string& TraceText::file_text(const lang::Span& span) {
  if (last_file_ && span.file == last_file_index_) return *last_file_;
  last_file_index_ = span.file;
  auto it = files_.find(span.file);
  if (it == files_.end()) it = files_.emplace(span.file, escaped(lang::file_name_of(span))).first;
  last_file_ = &it->second;  // unordered_map nodes stay put
  return it->second;
}

// Most gradients of a backward share their dtype, shape and device with the
// one before: the text of those is made once and copied after.
const std::string& TraceText::meta_text(const debug::Summary& s) {
  const debug::Summary& m = last_meta_;
  bool same = have_last_meta_ && m.dtype == s.dtype && m.ndim == s.ndim && m.complete_shape == s.complete_shape &&
              m.device_type == s.device_type && m.device_index == s.device_index;
  for (int i = 0; same && i < s.ndim && i < debug::Summary::kInlineDims; ++i) same = m.shape[i] == s.shape[i];
  if (same) return last_meta_text_;
  last_meta_ = s;
  have_last_meta_ = true;
  std::string& out = last_meta_text_;
  out.clear();
  auto d = dtypes_.find(int(s.dtype));
  if (d == dtypes_.end()) d = dtypes_.emplace(int(s.dtype), escaped(s.to_full().meta.dtype)).first;
  out += "{\"dtype\":"sv;
  out += d->second;
  out += ",\"shape\":"sv;
  if (!s.complete_shape) {
    out += "null"sv;
  } else {
    out += '[';
    for (int i = 0; i < s.ndim; ++i) {
      if (i) out += ',';
      append_plain(out, s.shape[i]);
    }
    out += ']';
  }
  if (s.device_type != c10::DeviceType::CPU) out += ",\"device\":" + escaped(debug::device_text(s));
  return out;
}

void TraceText::append_summary(std::string& out, const debug::Summary& s) {
  if (!s.defined) {
    out += "null"sv;
    return;
  }
  out += meta_text(s);
  if (!s.stats) {
    out += R"(,"norm":null,"min":null,"max":null,"nan":null,"inf":null})"sv;
    return;
  }
  out += ",\"norm\":"sv;
  append_number(out, s.norm);
  out += ",\"min\":"sv;
  append_number(out, s.min);
  out += ",\"max\":"sv;
  append_number(out, s.max);
  out += ",\"nan\":"sv;
  append_plain(out, s.nan);
  out += ",\"inf\":"sv;
  append_plain(out, s.inf);
  out += '}';
}

void TraceText::append_record(std::string& out, const debug::BackwardRun& run, const debug::NodeRecord& r) {
  out += "{\"id\":"sv;
  append_plain(out, r.id);
  out += ",\"name\":"sv;
  out += name_text(run, r.name_index);
  out += ",\"source\":"sv;
  if (!r.origin.valid()) {
    out += "null"sv;
  } else {
    out += "{\"file\":"sv;
    out += file_text(r.origin);
    out += ",\"line\":"sv;
    append_plain(out, r.origin.line);
    out += ",\"col\":"sv;
    append_plain(out, r.origin.col);
    out += ",\"function\":"sv;
    if (run.function_of(r).empty()) out += "\"<module>\""sv;
    else out += name_text(run, r.function_index);
    out += '}';
  }
  out += ",\"module\":"sv;
  out += module_text(run, r.module_index);
  out += ",\"state\":\""sv;
  out += state_name(r.state);
  out += "\",\"grad_outputs\":["sv;
  for (uint32_t i = 0; i < r.in_count; ++i) {
    if (i) out += ',';
    append_summary(out, run.incoming(r)[i]);
  }
  out += "],\"grad_inputs\":["sv;
  for (uint32_t i = 0; i < r.out_count; ++i) {
    if (i) out += ',';
    append_summary(out, run.produced(r)[i]);
  }
  out += "],\"time_us\":"sv;
  double tenths = std::round(double(r.time_us) * 10);  // to 0.1 us
  if (std::isfinite(tenths)) append_tenths(out, tenths);
  else out += "null"sv;
  out += '}';
}

}  // namespace backstep::repl
