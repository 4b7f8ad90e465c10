#include "repl/trace_stream.h"

#include "engine/api/tensor_names.h"
#include "engine/api/training_steps.h"
#include "engine/debug/step_stats.h"
#include "viz/render.h"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <exception>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <unordered_map>

namespace backstep::repl {

namespace ag = torch::autograd;

std::string StreamFile::open(const std::string& path) { return file_.open(path); }

// Records are gathered into 64 KB writes, as stdio's buffer did.
constexpr size_t kStreamBuffer = size_t(64) << 10;

void StreamFile::write(std::string_view text) {
  if (!file_.is_open() || !file_.error().empty()) return;
  // A big piece (a megabyte of trace records) goes straight to the file:
  // copying it through the buffer first was a tenth of writing a trace.
  if (text.size() >= kStreamBuffer) {
    write_buffer();
    file_.write(text);
    return;
  }
  buffer_ += text;
  if (buffer_.size() >= kStreamBuffer) write_buffer();
}

void StreamFile::write_buffer() {
  if (buffer_.empty()) return;
  file_.write(buffer_);
  buffer_.clear();
}

void StreamFile::flush() {
  if (file_.is_open()) write_buffer();
}

std::string StreamFile::close() {
  if (!file_.is_open()) return file_.error();
  write_buffer();
  return file_.commit();
}

namespace {

std::string dumped(const ordered_json& j) { return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace); }

// Numbers as JSON: shortest round-trip text, null when not finite (a
// compiled format into a plain array: "{}" parsed at run time was most of
// what writing a step's record cost).
void append_double(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char buf[40];
  out.append(buf, fmt::format_to(buf, FMT_COMPILE("{}"), v));  // at most 24 characters
}

void append_int(std::string& out, uint64_t v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

void append_optional(std::string& out, const std::optional<double>& v) {
  if (v) append_double(out, *v);
  else out += "null";
}

}  // namespace

// `{"name":"fc1.weight","shape":[16,4],"grad":` for each parameter, made
// once: the same parameters come back every step.
class ParamHeads {
 public:
  const std::string& of(const debug::ParamStats& p) {
    auto it = heads_.find(p.name);
    if (it != heads_.end() && it->second.first == p.param.sizes()) return it->second.second;
    std::string head = "{\"name\":" + dumped(p.name) + ",\"shape\":[";
    for (int64_t d = 0; d < p.param.dim(); ++d) head += (d ? "," : "") + std::to_string(p.param.size(d));
    head += "],\"grad\":";
    auto& slot = heads_[p.name];
    slot = {p.param.sizes().vec(), std::move(head)};
    return slot.second;
  }

 private:
  std::unordered_map<std::string, std::pair<std::vector<int64_t>, std::string>> heads_;
};

namespace {

// One step's record of a summary trace (docs/trace-format.md), written by
// hand: through nlohmann::json it was half of what recording a small
// model's steps cost.
void append_step(std::string& out, const debug::StepReport& r, ParamHeads& heads) {
  out += "{\"step\":";
  append_int(out, r.step);
  out += ",\"loss\":";
  append_optional(out, r.loss);
  out += ",\"backwards\":";
  append_int(out, r.backwards);
  out += ",\"nan\":";
  append_int(out, r.nan);
  out += ",\"inf\":";
  append_int(out, r.inf);
  out += ",\"params\":[";
  for (size_t i = 0; i < r.params.size(); ++i) {
    const debug::ParamStats& p = r.params[i];
    if (i) out += ',';
    out += heads.of(p);
    if (p.grad.defined) {
      out += "{\"norm\":";
      append_double(out, p.grad.norm);
      out += ",\"nan\":";
      append_int(out, p.grad.nan);
      out += ",\"inf\":";
      append_int(out, p.grad.inf);
      out += '}';
    } else {
      out += "null";
    }
    out += ",\"weight_norm\":";
    append_double(out, p.weight_norm);
    out += ",\"update_norm\":";
    append_optional(out, p.update_norm);
    out += ",\"update_ratio\":";
    append_optional(out, p.update_ratio());
    out += '}';
  }
  out += "]}\n";
}

}  // namespace

TraceStream::TraceStream(debug::Debugger& d, rt::Interpreter& in, Options o)
    : d_(d), in_(in), o_(std::move(o)), heads_(std::make_unique<ParamHeads>()) {}

TraceStream::~TraceStream() = default;

std::string TraceStream::open() {
  bool summary = o_.trace_mode == "summary";
  if (!o_.trace.empty()) {
    if (std::string e = trace_.open(o_.trace); !e.empty()) return e;
    if (summary) {
      trace_.write(dumped(ordered_json{{"format", "backstep.steps/v1"}, {"program", o_.program}}) + "\n");
      debug::StepTracker& t = debug::step_tracker(in_);
      t.enable(in_);
      t.on_report([this](const debug::StepReport& r) { step_done(r); });
    } else {
      trace_.write("{\"format\": \"backstep.trace/v1\", \"program\": " + dumped(o_.program) + ", \"backwards\": [");
      d_.keep_watching(true);
      d_.on_run_started([this](debug::BackwardRun& run, const ag::edge_list&) { started_.push_back(run.number); });
      d_.on_run_finished([this](const debug::BackwardRun& run) { run_finished(run); });
    }
    trace_.flush();
  }
  if (!o_.graphs.empty()) {
    if (std::string e = graphs_.open(o_.graphs); !e.empty()) return e;
    graphs_.write("{\"format\": \"backstep.graphs/v1\", \"program\": " + dumped(o_.program) + ", \"graphs\": [");
    graphs_.flush();
    d_.keep_watching(true);
    d_.on_run_started([this](debug::BackwardRun& run, const ag::edge_list& roots) { run_started(run, roots); });
  }
  return "";
}

void TraceStream::run_finished(const debug::BackwardRun& run) {
  if (closed_) return;
  bool in_order = !started_.empty() && started_.front() == run.number;
  buffer_.clear();
  if (in_order) buffer_ += runs_written_++ ? ",\n " : "\n ";
  text_.append_run(buffer_, run, [this, in_order](std::string& out) {
    if (!in_order) return;  // kept whole until its turn
    trace_.write(out);
    out.clear();
  });
  if (!in_order) {
    finished_[run.number] = std::move(buffer_);
  } else {
    trace_.write(buffer_);
    started_.pop_front();
    // The backwards that ended inside this one, now in their turn.
    while (!started_.empty() && finished_.count(started_.front())) {
      trace_.write(runs_written_++ ? ",\n " : "\n ");
      trace_.write(finished_[started_.front()]);
      finished_.erase(started_.front());
      started_.pop_front();
    }
    trace_.flush();
  }
  std::string().swap(buffer_);
  // Written: the history is let go (pictures, drawn after the program, keep it).
  if (!o_.keep_history) const_cast<debug::BackwardRun&>(run).drop_history();
}

void TraceStream::run_started(debug::BackwardRun& run, const ag::edge_list& roots) {
  if (closed_) return;
  std::vector<c10::intrusive_ptr<ag::Node>> nodes;
  for (const auto& r : roots)
    if (r.function) nodes.push_back(r.function);
  // Note [A backward interrupted before it starts] (debugger.cpp): a big
  // graph takes a second to describe and write, and Ctrl-C or --timeout
  // must not wait for it.
  // (viz::render turns what a render throws into an error result: the
  // interrupt is kept here and raised again after it.)
  std::exception_ptr interrupted;
  auto check = [this, &interrupted] {
    try {
      in_.check_interrupt();
    } catch (...) {
      interrupted = std::current_exception();
      throw;
    }
  };
  autograd::SnapshotOptions so;
  so.saved_fields = true;
  so.check = check;
  autograd::GraphSnapshot graph = autograd::snapshot_nodes(d_.ids(), nodes, api::tensor_namer(in_), so);
  for (const auto& r : roots) {
    if (!r.function) continue;
    autograd::GraphRoot root{d_.ids().id_of(*r.function), int(r.input_nr), "", {}};
    if (const auto* n = graph.node(root.node); n && r.input_nr < n->inputs.size()) root.tensor = n->inputs[r.input_nr];
    graph.roots.push_back(std::move(root));
  }
  viz::RenderOptions compact;
  compact.compact_json = true;
  compact.check = check;
  viz::RenderResult rendered = viz::render(graph, viz::Annotations{}, viz::Format::Json, compact);
  if (interrupted) std::rethrow_exception(interrupted);
  ordered_json entry = backward_fields(run);
  entry.erase("number");
  ordered_json e{{"backward", run.number}};
  e.update(entry);
  // The graph, the record's last field, goes in as rendered: parsing and
  // dumping it again took seconds for a 50,000-node graph, while the
  // backward waited to start.
  std::string record = dumped(e);
  record.pop_back();  // its closing brace
  std::string graph_text = rendered.ok ? std::move(rendered.data) : std::string("null");
  while (!graph_text.empty() && graph_text.back() == '\n') graph_text.pop_back();
  graphs_.write((graphs_written_++ ? ",\n " : "\n ") + record + ",\"graph\":" + graph_text + "}");
  graphs_.flush();
}

void TraceStream::step_done(const debug::StepReport& r) {
  if (closed_) return;
  buffer_.clear();
  append_step(buffer_, r, *heads_);
  trace_.write(buffer_);
  // Steps come fast: the file is flushed at most ten times a second (a
  // killed run loses no more than that; every line written stays whole).
  auto now = std::chrono::steady_clock::now();
  if (now - last_flush_ > std::chrono::milliseconds(100)) {
    trace_.flush();
    last_flush_ = now;
  }
}

std::string TraceStream::close() {
  if (closed_) return "";
  closed_ = true;
  if (trace_.is_open()) {
    if (o_.trace_mode == "summary") {
      // Backwards after the last optimizer step (or a loop without an
      // optimizer) still get their record: loss and count, no parameters.
      const api::TrainingSteps& steps = api::training_steps(in_);
      if (steps.backwards_since_step() > 0) {
        ordered_json last{{"step", steps.steps()},
                          {"loss", steps.last_loss() ? finite_or_null(*steps.last_loss()) : ordered_json(nullptr)},
                          {"backwards", steps.backwards_since_step()},
                          {"nan", nullptr},
                          {"inf", nullptr},
                          {"params", nullptr}};
        trace_.write(dumped(last) + "\n");
      }
    } else {
      for (auto& [number, text] : finished_) trace_.write((runs_written_++ ? ",\n " : "\n ") + text);
      trace_.write(runs_written_ ? "\n]}\n" : "]}\n");
    }
  }
  if (graphs_.is_open()) graphs_.write(graphs_written_ ? "\n]}\n" : "]}\n");
  std::string e1 = trace_.close(), e2 = graphs_.close();
  return !e1.empty() ? e1 : e2;
}

}  // namespace backstep::repl
