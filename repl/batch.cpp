// Batch mode: `backstep FILE` / `backstep run FILE` runs one program and
// exits, writing what CI asked for (trace, graphs, pictures, logs), and
// `backstep render FILE -o OUT` draws a graph at its end.
#include "engine/api/install.h"
#include "repl/actions.h"

#include "engine/api/tensor_names.h"
#include "engine/api/training_steps.h"
#include "engine/autograd/backward_interrupt.h"
#include "engine/debug/debugger.h"
#include "engine/files/atomic_file.h"
#include "engine/runtime/sys_module.h"
#include "repl/cli.h"
#include "repl/cli_errors.h"
#include "repl/debug_format.h"
#include "repl/output_paths.h"
#include "repl/paused_time.h"
#include "repl/outcome.h"
#include "repl/recorder.h"
#include "repl/report_stream.h"
#include "repl/run_annotations.h"
#include "repl/run_breakpoint.h"
#include "repl/source_file.h"
#include "repl/trace_stream.h"
#include "repl/terminal_sink.h"
#include "viz/render.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <climits>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace backstep::repl {

namespace {

// --log-backward, or BACKSTEP_LOG=autograd in the environment.
bool set_up_logging(const RunOptions& o, rt::Interpreter& in) {
  std::optional<std::string> target = o.log_backward;
  if (!target) {
    const char* env = std::getenv("BACKSTEP_LOG");
    if (env && std::string(env) == "autograd") target = "-";
  }
  if (!target) return true;
  debug::Debugger& d = debug::debugger(in);
  if (*target == "-") {
    d.log_to_stream(stderr);
    return true;
  }
  std::string error;
  if (d.log_to_file(*target, &error)) return true;
  report_cli_error(o.json_errors, CliError::File, error);
  return false;
}

// --timeout: a watchdog asks the interpreter to stop; a program stuck in one
// long libtorch call, which never reaches a check point, is ended outright.
class Watchdog {
 public:
  Watchdog(rt::Interpreter& in, double seconds) {
    if (seconds <= 0) return;
    // Time at a debugger prompt is not the program's (Note [--timeout does
    // not count time at a prompt]).
    thread_ = std::thread([this, &in, seconds, start = paused_time::Clock::now()] {
      std::unique_lock<std::mutex> lock(mutex_);
      auto done = [this] { return done_; };
      auto limit = std::chrono::duration_cast<paused_time::Clock::duration>(std::chrono::duration<double>(seconds));
      if (paused_time::wait_running(cv_, lock, start, limit, done)) return;
      fired_ = true;
      in.request_interrupt(fmt::format("--timeout {}: the program ran longer than {} s", seconds, seconds));
      autograd::interrupt_backwards();  // a long backward stops between nodes
      if (paused_time::wait_running(cv_, lock, paused_time::Clock::now(), std::chrono::seconds(5), done)) return;
      std::fflush(stdout);
      std::fprintf(stderr, "backstep: timed out after %g s (--timeout %g); the program did not stop, ending it\n",
                   seconds, seconds);
      files::remove_unfinished_files();  // a trace or picture half written is absent, not half
      std::_Exit(kExitTimeout);
    });
  }
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  bool fired() const { return fired_; }

 private:
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::atomic<bool> fired_{false};
};

// --json-errors: the uncaught error as one JSON object on stderr.
void report_json(rt::Interpreter& in, const rt::Interpreter::Outcome& outcome) {
  using json = nlohmann::ordered_json;
  auto where = [](const lang::Span& s) {
    return json{{"file", lang::file_name_of(s)}, {"line", s.line}, {"column", s.col}};
  };
  json j;
  if (outcome.syntax_error) {
    const auto& d = *outcome.syntax_error;
    j = {{"type", d.type}, {"message", d.message}};
    j.update(where(d.span));
    j["traceback"] = json::array();
    j["notes"] = json::array();
  } else if (outcome.error) {
    const auto& e = *outcome.error;
    std::string message;
    try {
      message = e.exception()->display_message(in);
    } catch (...) {
      message = e.message();
    }
    j = {{"type", e.type().qualified_name()}, {"message", message}};
    // The innermost frame is where it was raised.
    const auto& tb = e.traceback();
    if (!tb.empty()) j.update(where(tb.back().span));
    else j.update(json{{"file", nullptr}, {"line", nullptr}, {"column", nullptr}});
    json frames = json::array();
    for (const auto& f : tb) {
      json fr = where(f.span);
      fr["function"] = f.function;
      frames.push_back(std::move(fr));
    }
    j["traceback"] = std::move(frames);
    j["notes"] = e.exception()->notes;
  }
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
}

// Runs the program; reports its error (Python-style, or JSON) and returns
// how it ended.
// After :quit at a breakpoint() prompt the program's stop is not reported.
Settled run_reported(rt::Interpreter& in, const std::string& path, std::string text, const RunOptions& o,
                     const RunBreakpoints& breakpoints) {
  auto quitting = [&] { return breakpoints.quitting(); };
  if (!o.json_errors) return run_and_settle(in, path, std::move(text), rt::Interpreter::Mode::File, quitting);
  rt::Interpreter::Outcome outcome;
  {
    in.clear_interrupt();
    outcome = in.run_source(path, std::move(text), rt::Interpreter::Mode::File);
  }
  if (outcome.ok()) return {};
  if (quitting()) return {Settled::Kind::Error, 1};
  if (outcome.error && outcome.error->type().is_subtype_of(*rt::exc_types().system_exit)) return settle(in, outcome);
  report_json(in, outcome);
  bool interrupted = outcome.error && outcome.error->type().is_subtype_of(*rt::exc_types().keyboard_interrupt);
  return {interrupted ? Settled::Kind::Interrupted : Settled::Kind::Error, 1};
}

// Checked before the program runs, so a long run is not wasted on a typo in
// an output path; missing folders are made. (Writing can still fail later;
// that too ends in status 3.)
std::string check_output_paths(const RunOptions& o) {
  for (const std::string* file : {&o.trace, &o.graph_json, &o.report})
    if (!file->empty())
      if (std::string bad = prepare_output_file(*file); !bad.empty()) return bad;
  if (!o.render_dir.empty()) return prepare_output_folder(o.render_dir);
  return "";
}

// render -o OUT: the format must be known before the program runs.
std::string check_picture_format(const std::string& output, const viz::RenderRequest& request) {
  if (request.format || viz::format_from_path(output)) return "";
  auto dot = output.rfind('.');
  std::string ext = dot == std::string::npos || output.find('/', dot) != std::string::npos ? "" : output.substr(dot);
  return "-o " + output + ": " + (ext.empty() ? std::string("no extension") : "unknown extension '" + ext + "'") +
         " (use .svg .png .pdf .dot .json .html .txt, or --format)";
}

// --around #ID names a node of the graph drawn (known once the program ran).
std::string check_around(const autograd::GraphSnapshot& graph, std::optional<int> around) {
  if (!around || graph.node(*around)) return "";
  int lo = INT_MAX, hi = -1;
  for (const auto& n : graph.nodes) lo = std::min(lo, n.id), hi = std::max(hi, n.id);
  std::string range = hi < 0 ? "it has no nodes" : fmt::format("its nodes are #{} to #{}", lo, hi);
  return fmt::format("--around #{}: the graph drawn has no such node ({})", *around, range);
}

// `render`'s title: the program, and in a training loop the step whose
// backward is drawn (its gradients are the ones --grads shows).
std::string picture_title(rt::Interpreter& in, const std::string& file, const debug::BackwardRun* shown) {
  if (!shown || !api::training_steps(in).in_training()) return file;
  std::string loss = shown->loss ? number_text(*shown->loss) : "none";
  return fmt::format("{}: step {} (backward #{}), loss {}", file, shown->step, shown->number, loss);
}

// The files asked for; the first failure is reported and makes the status 3.
int write_outputs(const Recorder& rec, const RunOptions& o) {
  std::string error;
  if (!o.render_dir.empty() && error.empty())
    error = rec.write_pictures(o.render_dir, viz::format_from_path("x." + o.format).value_or(viz::Format::Svg));
  if (error.empty()) return kExitOk;
  report_cli_error(o.json_errors, CliError::File, error);
  return kExitCannotOpen;
}

}  // namespace

int run_program(const Invocation& inv) {
  const std::string& path = inv.file;
  const RunOptions& o = inv.run;
  SourceText source = read_source_file(path);
  if (!source.ok()) {
    report_cli_error(o.json_errors, CliError::File, source.error);
    return kExitCannotOpen;
  }
  if (std::string bad = check_output_paths(o); !bad.empty()) {
    report_cli_error(o.json_errors, CliError::File, bad);
    return kExitCannotOpen;
  }
  TerminalSink sink(Style{color_enabled_for(STDERR_FILENO)});
  rt::Interpreter in(sink);
  backstep::api::install_torch(in);
  route_interrupts_to(in);
  rt::set_argv(in, {path});
  rt::set_warnoptions(in, o.warnoptions);
  if (!set_up_logging(o, in)) return kExitCannotOpen;
  // Traces and graph files are written as the program runs (trace_stream.h);
  // pictures and the report after it. The report reads each backward's
  // history before the trace lets go of it, and lets go of it itself.
  std::optional<ReportStream> report;
  if (!o.report.empty()) {
    report.emplace(debug::debugger(in), in, ReportStream::Options{o.report, path, !o.render_dir.empty()});
    report->open();
  }
  TraceStream stream(debug::debugger(in), in,
                     {path, o.trace, o.trace_mode, o.graph_json, !o.render_dir.empty() || report.has_value()});
  if (std::string error = stream.open(); !error.empty()) {
    std::fprintf(stderr, "backstep: %s\n", error.c_str());
    return kExitCannotOpen;
  }
  std::optional<Recorder> recorder;
  if (!o.render_dir.empty()) {
    Recorder::Options ro;
    ro.graphs = true;
    ro.saved_fields = !o.graph_json.empty();
    recorder.emplace(debug::debugger(in), in, ro);
  }
  RunBreakpoints breakpoints(in, sink, path);
  Settled s;
  bool timed_out = false;
  {
    Watchdog watchdog(in, o.timeout);
    s = run_reported(in, path, std::move(source.text), o, breakpoints);
    timed_out = watchdog.fired();
  }
  sink.flush();
  debug::debugger(in).flush_log();
  int status = breakpoints.quitting() ? breakpoints.quit_status() : exit_status_of(s);
  if (timed_out) status = kExitTimeout;
  if (std::string error = debug::debugger(in).close_log_file(); !error.empty()) {
    report_cli_error(o.json_errors, CliError::File, error);
    if (status == kExitOk) status = kExitCannotOpen;
  }
  if (std::string error = stream.close(); !error.empty()) {
    std::fprintf(stderr, "backstep: %s\n", error.c_str());
    if (status == kExitOk) status = kExitCannotOpen;
  }
  if (report) {
    if (std::string error = report->close(); !error.empty()) {
      report_cli_error(o.json_errors, CliError::File, error);
      if (status == kExitOk) status = kExitCannotOpen;
    }
  }
  if (recorder) {
    int written = write_outputs(*recorder, o);
    if (written != kExitOk && status == kExitOk) status = written;
  }
  if (status != kExitOk) remove_empty_made_folders();  // Note [Files whole or absent]
  return status;
}

int run_render(const Invocation& inv) {
  const RenderCommand& r = inv.render;
  viz::RenderRequest request;
  std::string flag_error = viz::parse_render_flags(r.flags, request);
  if (flag_error.empty()) flag_error = check_picture_format(r.output, request);
  if (!flag_error.empty()) {
    std::fprintf(stderr, "backstep render: %s\n%s", printable(flag_error).c_str(), viz::render_flags_help());
    return kExitUsage;
  }
  SourceText source = read_source_file(r.file);
  if (!source.ok()) {
    report_cli_error(false, CliError::File, source.error);
    return kExitCannotOpen;
  }
  if (std::string bad = prepare_output_file(r.output); !bad.empty()) {
    report_cli_error(false, CliError::File, bad);
    return kExitCannotOpen;
  }
  TerminalSink sink(Style{color_enabled_for(STDERR_FILENO)});
  rt::Interpreter in(sink);
  backstep::api::install_torch(in);
  route_interrupts_to(in);
  rt::set_argv(in, {r.file});
  Recorder recorder(debug::debugger(in), in, Recorder::Options{true, true, true});
  Settled s = run_and_settle(in, r.file, std::move(source.text), rt::Interpreter::Mode::File);
  sink.flush();
  if (s.kind != Settled::Kind::Ok) return exit_status_of(s);
  autograd::GraphSnapshot graph;
  viz::Annotations notes;
  const debug::BackwardRun* shown = nullptr;  // the backward whose gradients colour the picture
  if (!r.vars.empty()) {
    std::vector<at::Tensor> roots;
    for (const auto& name : r.vars) {
      auto v = in.global(name);
      if (!v || !v->is_tensor()) {
        std::fprintf(stderr, "backstep render: --var %s: the program has no tensor named '%s'\n", name.c_str(), name.c_str());
        return kExitUsage;
      }
      roots.push_back(v->as_tensor());
    }
    graph = autograd::snapshot(debug::debugger(in).ids(), roots, api::tensor_namer(in));
    notes.view_bases = viz::view_bases_of(debug::debugger(in).ids(), roots);
  } else if (!recorder.entries().empty()) {
    // The last backward's graph, with that run's state (gradient norms for
    // --grads, what ran) as the debugger would show it.
    const Recorder::Entry& last = recorder.entries().back();
    shown = last.run;
    graph = last.graph;
    notes = annotations_of(*last.run, graph, {}, SIZE_MAX);
  } else {
    std::fprintf(stderr, "backstep render: the program ran no backward; name the tensors to draw with --var\n");
    return kExitUsage;
  }
  if (std::string bad = check_around(graph, request.options.around); !bad.empty()) {
    std::fprintf(stderr, "backstep render: %s\n", bad.c_str());
    return kExitUsage;
  }
  if (request.options.title.empty()) request.options.title = picture_title(in, r.file, shown);
  viz::RenderResult result = viz::render_to_file(graph, notes, r.output, request.options, request.format);
  if (!result.ok) {
    std::fprintf(stderr, "backstep: %s\n", result.error.c_str());
    return kExitCannotOpen;
  }
  std::fprintf(stderr, "wrote %s: %s\n", r.output.c_str(), viz::summary(result.stats).c_str());
  return kExitOk;
}

}  // namespace backstep::repl
