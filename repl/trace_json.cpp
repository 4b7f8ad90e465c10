#include "repl/trace_json.h"

#include "engine/autograd/module_names.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <type_traits>

namespace backstep::repl {

namespace {

std::string escaped(const std::string& s) {
  return ordered_json(s).dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

const char* state_name(debug::NodeRecord::State s) {
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
template <class T>
void append_plain(std::string& out, T v) {
  char buf[40];
  char* end;
  if constexpr (std::is_integral_v<T>) end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  else end = fmt::format_to_n(buf, sizeof buf, "{}", v).out;
  out.append(buf, end);
}

void append_number(std::string& out, float v) {
  if (std::isfinite(v)) append_plain(out, v);
  else out += "null";
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
  out += "{\"dtype\":";
  out += d->second;
  out += ",\"shape\":";
  if (!s.complete_shape) {
    out += "null";
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
    out += "null";
    return;
  }
  out += meta_text(s);
  if (!s.stats) {
    out += R"(,"norm":null,"min":null,"max":null,"nan":null,"inf":null})";
    return;
  }
  out += ",\"norm\":";
  append_number(out, s.norm);
  out += ",\"min\":";
  append_number(out, s.min);
  out += ",\"max\":";
  append_number(out, s.max);
  out += ",\"nan\":";
  append_plain(out, s.nan);
  out += ",\"inf\":";
  append_plain(out, s.inf);
  out += '}';
}

void TraceText::append_record(std::string& out, const debug::BackwardRun& run, const debug::NodeRecord& r) {
  out += "{\"id\":";
  append_plain(out, r.id);
  out += ",\"name\":";
  out += name_text(run, r.name_index);
  out += ",\"source\":";
  if (!r.origin.valid()) {
    out += "null";
  } else {
    out += "{\"file\":";
    out += file_text(r.origin);
    out += ",\"line\":";
    append_plain(out, r.origin.line);
    out += ",\"col\":";
    append_plain(out, r.origin.col);
    out += ",\"function\":";
    if (run.function_of(r).empty()) out += "\"<module>\"";
    else out += name_text(run, r.function_index);
    out += '}';
  }
  out += ",\"module\":";
  out += module_text(run, r.module_index);
  out += ",\"state\":\"";
  out += state_name(r.state);
  out += "\",\"grad_outputs\":[";
  for (uint32_t i = 0; i < r.in_count; ++i) {
    if (i) out += ',';
    append_summary(out, run.incoming(r)[i]);
  }
  out += "],\"grad_inputs\":[";
  for (uint32_t i = 0; i < r.out_count; ++i) {
    if (i) out += ',';
    append_summary(out, run.produced(r)[i]);
  }
  out += "],\"time_us\":";
  double t = std::round(double(r.time_us) * 10) / 10;  // to 0.1 us
  if (std::isfinite(t)) append_plain(out, t);
  else out += "null";
  out += '}';
}

}  // namespace backstep::repl
