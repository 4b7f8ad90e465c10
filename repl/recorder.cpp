#include "repl/recorder.h"

#include "engine/api/tensor_names.h"
#include "engine/autograd/node_metadata.h"
#include "repl/run_annotations.h"
#include "repl/trace_json.h"
#include "viz/file_output.h"
#include "viz/render.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <sys/stat.h>

namespace backstep::repl {

namespace ag = torch::autograd;

Recorder::Recorder(debug::Debugger& d, rt::Interpreter& in, Options options) : d_(d) {
  d.keep_watching(true);
  rt::Interpreter* interp = &in;
  d.on_run_started([this, interp, options](debug::BackwardRun& run, const ag::edge_list& roots) {
    // (A backward started from inside another's hook keeps the outer one.)
    if (options.last_only && !entries_.empty() && entries_.back().run->outcome != debug::BackwardRun::Outcome::Running) {
      const_cast<debug::BackwardRun*>(entries_.back().run)->drop_history();
      entries_.clear();
    }
    Entry e;
    e.run = &run;
    if (options.graphs) {
      std::vector<c10::intrusive_ptr<ag::Node>> nodes;
      for (const auto& r : roots)
        if (r.function) nodes.push_back(r.function);
      autograd::SnapshotOptions so;
      so.saved_fields = options.saved_fields;
      so.check = [interp] { interp->check_interrupt(); };  // Note [A backward interrupted before it starts]
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

std::string Recorder::write_trace(const std::string& path, const std::string& program) const {
  std::string out = "{\"format\": \"backstep.trace/v1\", \"program\": " + ordered_json(program).dump() + ", \"backwards\": [";
  TraceText text;
  for (size_t i = 0; i < entries_.size(); ++i) {
    out += i ? ",\n " : "\n ";
    text.append_run(out, *entries_[i].run, [](std::string&) {});
  }
  out += entries_.empty() ? "]}\n" : "\n]}\n";
  return viz::write_file_atomically(path, out);
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
