#include "repl/recorder.h"

#include "engine/api/tensor_names.h"
#include "engine/autograd/node_metadata.h"
#include "repl/run_annotations.h"
#include "viz/file_output.h"
#include "viz/render.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <sys/stat.h>

namespace backstep::repl {

namespace ag = torch::autograd;
using json = nlohmann::ordered_json;

Recorder::Recorder(debug::Debugger& d, rt::Interpreter& in, Options options) : d_(d) {
  d.keep_watching(true);
  rt::Interpreter* interp = &in;
  d.on_run_started([this, interp, options](debug::BackwardRun& run, const ag::edge_list& roots) {
    Entry e;
    e.run = &run;
    if (options.graphs) {
      std::vector<c10::intrusive_ptr<ag::Node>> nodes;
      for (const auto& r : roots)
        if (r.function) nodes.push_back(r.function);
      autograd::SnapshotOptions so;
      so.saved_fields = options.saved_fields;
      e.graph = autograd::snapshot_nodes(d_.ids(), nodes, api::tensor_namer(*interp), so);
      // A backward's roots are edges (a node and which of its outputs), not tensors.
      for (const auto& r : roots) {
        if (!r.function) continue;
        autograd::GraphRoot root{d_.ids().id_of(*r.function), int(r.input_nr), "", {}};
        if (const auto* n = e.graph.node(root.node); n && r.input_nr < n->inputs.size()) root.tensor = n->inputs[r.input_nr];
        e.graph.roots.push_back(std::move(root));
      }
    }
    entries_.push_back(std::move(e));
  });
}

namespace {

// JSON has no NaN or Infinity; statistics are over finite values, so they
// are finite, but a value that is not is written as null rather than
// producing a file no reader accepts.
json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
json rounded(double v, int decimals) {
  double scale = std::pow(10.0, decimals);
  return number(std::round(v * scale) / scale);
}

json summary_json(const debug::Summary& s) {
  if (!s.defined) return nullptr;
  autograd::TensorSummary f = s.to_full();
  json j{{"dtype", f.meta.dtype}, {"shape", s.complete_shape ? json(f.meta.shape) : json(nullptr)}};
  if (!f.meta.device.empty()) j["device"] = f.meta.device;  // only where not the CPU
  if (s.stats) {
    j.update(json{{"norm", number(f.norm)}, {"min", number(f.min)}, {"max", number(f.max)}, {"nan", f.nan}, {"inf", f.inf}});
  } else {
    j.update(json{{"norm", nullptr}, {"min", nullptr}, {"max", nullptr}, {"nan", nullptr}, {"inf", nullptr}});
  }
  return j;
}

json where_json(const lang::Span& span) {
  if (!span.valid()) return nullptr;
  return json{{"file", lang::file_name_of(span)}, {"line", span.line}, {"col", span.col}};
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

// The module call that made a node, as graph JSON writes it too:
// {"path", "type", "stack": [{"path", "type"}, ...] outermost first}, or null.
json module_json(const autograd::ModuleScope* scope) {
  if (!scope) return nullptr;
  json stack = json::array();
  for (const auto& f : autograd::module_frames(scope)) stack.push_back(json{{"path", f.path}, {"type", f.type}});
  return json{{"path", scope->path}, {"type", scope->type_name}, {"stack", std::move(stack)}};
}

json record_json(const debug::BackwardRun& run, const debug::NodeRecord& r) {
  json in = json::array(), out = json::array();
  for (uint32_t i = 0; i < r.in_count; ++i) in.push_back(summary_json(run.incoming(r)[i]));
  for (uint32_t i = 0; i < r.out_count; ++i) out.push_back(summary_json(run.produced(r)[i]));
  json source = where_json(r.origin);
  if (!source.is_null()) {
    const std::string& function = run.function_of(r);
    source["function"] = function.empty() ? "<module>" : function;
  }
  return json{{"id", r.id},
              {"name", run.name_of(r)},
              {"source", source},
              {"module", module_json(run.module_of(r))},
              {"state", state_name(r.state)},
              {"grad_outputs", std::move(in)},
              {"grad_inputs", std::move(out)},
              {"time_us", rounded(r.time_us, 1)}};
}

json run_json(const debug::BackwardRun& run) {
  json records = json::array();
  for (const auto& r : run.records) records.push_back(record_json(run, r));
  return json{{"number", run.number},
              {"kind", run.is_grad ? "grad" : "backward"},
              {"call_site", where_json(run.call_site)},
              {"roots", run.roots},
              {"outcome", outcome_name(run.outcome)},
              {"error", run.outcome == debug::BackwardRun::Outcome::Finished ? json(nullptr) : json(run.error)},
              {"wall_ms", rounded(run.wall_ms, 3)},
              {"records", std::move(records)}};
}

// One record per line: a 100k-node trace stays readable with grep and
// diff, and costs a fraction of fully indented JSON.
std::string dump_trace(const json& header, const std::vector<json>& runs) {
  std::string out = "{\"format\": \"backstep.trace/v1\", \"program\": " + header.dump() + ", \"backwards\": [";
  for (size_t i = 0; i < runs.size(); ++i) {
    const json& run = runs[i];
    out += i ? ",\n {" : "\n {";
    bool first = true;
    for (auto it = run.begin(); it != run.end(); ++it) {
      if (it.key() == "records") continue;
      out += (first ? "" : ", ") + json(it.key()).dump() + ": " + it.value().dump(-1, ' ', false, json::error_handler_t::replace);
      first = false;
    }
    out += ", \"records\": [";
    const json& records = run["records"];
    for (size_t r = 0; r < records.size(); ++r)
      out += (r ? ",\n  " : "\n  ") + records[r].dump(-1, ' ', false, json::error_handler_t::replace);
    out += records.empty() ? "]}" : "\n ]}";
  }
  out += runs.empty() ? "]}\n" : "\n]}\n";
  return out;
}

}  // namespace

std::string Recorder::write_trace(const std::string& path, const std::string& program) const {
  std::vector<json> runs;
  runs.reserve(entries_.size());
  for (const auto& e : entries_) runs.push_back(run_json(*e.run));
  return viz::write_file_atomically(path, dump_trace(json(program), runs));
}

std::string Recorder::write_graphs(const std::string& path, const std::string& program) const {
  json graphs = json::array();
  for (const auto& e : entries_) {
    viz::RenderResult r = viz::render(e.graph, viz::Annotations{}, viz::Format::Json);
    if (!r.ok) return r.error;
    graphs.push_back(json{{"backward", e.run->number},
                          {"kind", e.run->is_grad ? "grad" : "backward"},
                          {"call_site", where_json(e.run->call_site)},
                          {"graph", json::parse(r.data)}});
  }
  json doc{{"format", "backstep.graphs/v1"}, {"program", program}, {"graphs", std::move(graphs)}};
  return viz::write_file_atomically(path, doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n");
}

std::string Recorder::write_pictures(const std::string& dir, viz::Format format) const {
  struct stat st {};
  if (stat(dir.c_str(), &st) != 0 && mkdir(dir.c_str(), 0777) != 0)
    return fmt::format("cannot create the folder '{}': {}", dir, std::strerror(errno));
  if (stat(dir.c_str(), &st) == 0 && !S_ISDIR(st.st_mode)) return fmt::format("'{}' is not a folder", dir);
  for (const auto& e : entries_) {
    viz::Annotations notes = annotations_of(*e.run, e.graph, {}, SIZE_MAX);
    viz::RenderOptions options;
    options.show_grads = true;
    options.title = fmt::format("backward #{} at {}", e.run->number, lang::format_location(e.run->call_site));
    std::string path = fmt::format("{}/backward-{:03}.{}", dir, e.run->number, viz::to_string(format));
    viz::RenderResult r = viz::render_to_file(e.graph, notes, path, options, format);
    if (!r.ok) return r.error;
  }
  return "";
}

}  // namespace backstep::repl
