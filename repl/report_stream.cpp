#include "repl/report_stream.h"

#include "engine/api/tensor_names.h"
#include "engine/format/float_repr.h"
#include "repl/output_paths.h"
#include "repl/run_annotations.h"
#include "viz/file_output.h"
#include "viz/render.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <dirent.h>
#include <set>
#include <unistd.h>

namespace backstep::repl {

namespace ag = torch::autograd;

namespace {

// Whether a backward made (or was handed) a NaN or an Inf anywhere.
bool has_nonfinite(const debug::BackwardRun& run) {
  if (run.loss && !std::isfinite(*run.loss)) return true;
  for (const debug::Summary& s : run.summaries)
    if (s.nan || s.inf) return true;
  return false;
}

// The module a parameter belongs to: its path up to the last dot
// ("encoder.0.weight" -> "encoder.0"); "(model)" for the model's own.
std::string module_of(const std::string& param) {
  if (param.rfind("param_groups[", 0) == 0) return param;
  size_t dot = param.rfind('.');
  return dot == std::string::npos ? std::string("(model)") : param.substr(0, dot);
}

std::string base_name(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A relative link: everything but the unreserved characters percent-encoded.
std::string url_path(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == '/') out += char(c);
    else out += fmt::format("%{:02X}", c);
  }
  return out;
}

std::string graph_file(uint64_t step) { return fmt::format("step-{}.html", step); }

bool is_graph_file(const std::string& name) {
  if (name.rfind("step-", 0) != 0 || name.size() <= 10 || name.substr(name.size() - 5) != ".html") return false;
  for (size_t i = 5; i + 5 < name.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return false;
  return true;
}

std::string ordinal(uint64_t n) {
  const char* suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
  return fmt::format("{}{}", n, suffix);
}

}  // namespace

ReportStream::ReportStream(debug::Debugger& d, rt::Interpreter& in, Options o) : d_(d), in_(in), o_(std::move(o)) {
  data_.program = o_.program;
}

std::string ReportStream::graphs_folder(const std::string& report) {
  std::string stem = report;
  for (const char* ext : {".html", ".htm"}) {
    size_t n = std::strlen(ext);
    if (stem.size() > n && stem.compare(stem.size() - n, n, ext) == 0) {
      stem.resize(stem.size() - n);
      break;
    }
  }
  return stem + "_graphs";
}

void ReportStream::open() {
  loss_series_ = data_.series.series("loss");
  debug::StepTracker& t = debug::step_tracker(in_);
  t.enable(in_);
  t.on_report([this](const debug::StepReport& r) { step_done(r); });
  d_.keep_watching(true);  // each node's gradients, for the graphs kept
  d_.on_run_started([this](debug::BackwardRun& run, const ag::edge_list& roots) { roots_[run.number] = roots; });
  d_.on_run_finished([this](const debug::BackwardRun& run) { run_finished(run); });
}

void ReportStream::keep(const debug::BackwardRun& run, Why why) {
  Kept k;
  k.why = why;
  k.step = run.step;
  k.backward = run.number;
  k.loss = run.loss;
  auto it = roots_.find(run.number);
  if (it != roots_.end()) {
    std::vector<c10::intrusive_ptr<ag::Node>> nodes;
    for (const auto& r : it->second)
      if (r.function) nodes.push_back(r.function);
    autograd::SnapshotOptions so;
    so.saved_fields = false;  // the backward has let go of them
    k.graph = autograd::snapshot_nodes(d_.ids(), nodes, api::tensor_namer(in_), so);
    for (const auto& r : it->second) {
      if (!r.function) continue;
      autograd::GraphRoot root{d_.ids().id_of(*r.function), int(r.input_nr), "", {}};
      if (const auto* n = k.graph.node(root.node); n && r.input_nr < n->inputs.size()) root.tensor = n->inputs[r.input_nr];
      k.graph.roots.push_back(std::move(root));
    }
  }
  k.notes = annotations_of(run, k.graph, {}, SIZE_MAX);
  kept_[run.step] = std::move(k);
}

// Which graphs to keep is decided as each backward ends, while its graph
// and history are still there; the last one waits until the next ends.
void ReportStream::run_finished(const debug::BackwardRun& run) {
  if (closed_) return;
  bool kept = kept_.count(run.step) > 0;
  if (!kept && anomalous_ < kAnomalyGraphs && has_nonfinite(run)) {
    keep(run, Why::Anomaly);
    ++anomalous_;
  } else if (!kept && run.step == 0) {
    keep(run, Why::First);
  } else if (!kept && run.step % stride_ == 0) {
    keep(run, Why::Regular);
    if (++regular_ > kRegularGraphs) {
      stride_ *= 2;
      for (auto k = kept_.begin(); k != kept_.end();) {
        if (k->second.why == Why::Regular && k->first % stride_ != 0) {
          k = kept_.erase(k);
          --regular_;
        } else {
          ++k;
        }
      }
    }
  }
  if (tail_) {
    roots_.erase(tail_->number);
    if (!o_.keep_history) const_cast<debug::BackwardRun*>(tail_)->drop_history();
  }
  tail_ = &run;
  // A backward run from inside another (a hook's) ends first: both wait.
  while (roots_.size() > 8) roots_.erase(roots_.begin());
}

const ReportStream::SeriesIndex& ReportStream::index_of(const std::string& name) {
  auto it = index_.find(name);
  if (it != index_.end()) return it->second;
  SeriesIndex s;
  s.grad = data_.series.series("grad:" + name);
  s.ratio = data_.series.series("ratio:" + name);
  s.module = module_of(name);
  data_.params.push_back(name);
  if (!module_index_.count(s.module)) {
    module_index_[s.module] = {data_.series.series("mgrad:" + s.module), data_.series.series("mratio:" + s.module)};
    data_.modules.push_back(s.module);
  }
  return index_.emplace(name, std::move(s)).first->second;
}

void ReportStream::step_done(const debug::StepReport& r) {
  if (closed_) return;
  data_.steps = std::max<uint64_t>(data_.steps, r.step + 1);
  if (r.loss) data_.series.add(loss_series_, r.step, *r.loss);
  const double nan = std::nan("");
  struct Sums {
    double grad = 0, update = 0, weight = 0;
    bool bad = false, any_grad = false, any_update = false;
  };
  std::map<std::string, Sums> modules;
  std::vector<std::string> bad_params;
  for (const debug::ParamStats& p : r.params) {
    const SeriesIndex& s = index_of(p.name);
    Sums& m = modules[s.module];
    if (p.grad.defined) {
      bool bad = p.grad.nan || p.grad.inf;
      data_.series.add(s.grad, r.step, bad ? nan : double(p.grad.norm));
      if (bad) bad_params.push_back(p.name);
      m.bad |= bad;
      m.grad += double(p.grad.norm) * p.grad.norm;
      m.any_grad = true;
    }
    if (auto ratio = p.update_ratio()) data_.series.add(s.ratio, r.step, *ratio);
    if (p.update_norm) {
      m.update += *p.update_norm * *p.update_norm;
      m.weight += p.weight_norm * p.weight_norm;
      m.any_update = true;
    }
  }
  for (const auto& [name, m] : modules) {
    const auto& [grad, ratio] = module_index_[name];
    if (m.any_grad) data_.series.add(grad, r.step, m.bad ? nan : std::sqrt(m.grad));
    if (m.any_update && m.weight > 0) data_.series.add(ratio, r.step, std::sqrt(m.update) / std::sqrt(m.weight));
  }
  bool loss_bad = r.loss && !std::isfinite(*r.loss);
  if (r.nan || r.inf || loss_bad) {
    ++data_.anomalies_total;
    if (data_.anomalies.size() < kAnomalyRows)
      data_.anomalies.push_back(viz::ReportData::Anomaly{r.step, r.loss, r.nan, r.inf, std::move(bad_params)});
  }
}

std::string ReportStream::policy() const {
  std::string folder = base_name(graphs_folder(o_.path));
  std::string every = stride_ == 1 ? "every step" : "every " + ordinal(stride_) + " step";
  return fmt::format(
      "Graphs (one HTML page per kept step, in {}/, each node coloured by the gradient it produced) are kept for "
      "the first step, {} (the spacing doubles whenever more than {} would be kept, so a long run keeps about as "
      "many as a short one), the first {} steps whose backward made a NaN or an Inf, and the last backward. "
      "Other steps have no graph: clicking one opens the nearest that has.",
      folder, every, kRegularGraphs, kAnomalyGraphs);
}

// The kept graphs as HTML pages; stale step pages of an earlier run go.
std::string ReportStream::write_graphs(const std::string& folder) {
  if (kept_.empty()) return "";
  if (std::string bad = prepare_output_file(folder + "/" + graph_file(0)); !bad.empty()) return bad;
  std::set<std::string> writing;
  for (const auto& [step, k] : kept_) writing.insert(graph_file(step));
  if (DIR* dir = opendir(folder.c_str())) {
    while (dirent* e = readdir(dir)) {
      std::string name = e->d_name;
      if (is_graph_file(name) && !writing.count(name)) unlink((folder + "/" + name).c_str());
    }
    closedir(dir);
  }
  std::string every = stride_ == 1 ? "every step" : "every " + ordinal(stride_) + " step";
  for (const auto& [step, k] : kept_) {
    viz::RenderOptions options;
    options.show_grads = true;
    options.title = fmt::format("{}: step {} (backward #{}), loss {}", o_.program, step, k.backward,
                                k.loss ? format::double_to_string(*k.loss, 'g', 4) : "none");
    viz::RenderResult r = viz::render_to_file(k.graph, k.notes, folder + "/" + graph_file(step), options, viz::Format::Html);
    if (!r.ok) return r.error;
    const char* why = k.why == Why::First ? "first step" : k.why == Why::Anomaly ? "NaN/Inf" : k.why == Why::Last ? "last backward" : nullptr;
    data_.graphs.push_back(viz::ReportData::GraphLink{step, k.backward, k.loss,
                                                      url_path(base_name(folder) + "/" + graph_file(step)),
                                                      why ? std::string(why) : every});
  }
  return "";
}

std::string ReportStream::close() {
  if (closed_) return "";
  closed_ = true;
  if (tail_ && !kept_.count(tail_->step)) keep(*tail_, Why::Last);
  roots_.clear();
  data_.graph_policy = policy();
  if (std::string bad = write_graphs(graphs_folder(o_.path)); !bad.empty()) return bad;
  return viz::write_file_atomically(o_.path, viz::report_page(data_));
}

}  // namespace backstep::repl
