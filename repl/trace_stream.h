// The files of `backstep run` that grow while the program runs: the trace
// (backstep.trace/v1, a backward's entry written as it ends), the graph
// file (backstep.graphs/v1, a backward's graph written as it starts) and
// the per-step summary (backstep.steps/v1, JSON lines, a record at each
// optimizer step). Nothing is held in memory past its backward or step: a
// 10,000-step loop's trace costs its file, not its RAM.
//
// Each file is written in place, a line at a time, and flushed at every
// backward (summaries: at most ten times a second): a run that is killed
// leaves a file whose every line up to the last is complete (docs/trace-format.md says how to read one);
// a run that ends in any other way (finished, raised, timed out, Ctrl-C)
// closes the document.
#pragma once

#include "engine/debug/debugger.h"
#include "engine/debug/step_stats.h"
#include "engine/files/atomic_file.h"
#include "repl/trace_json.h"

#include <chrono>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <string>

namespace backstep::repl {

// A file written in place: opened at once (so a bad path fails before the
// program runs), appended to, flushed on request. The first write error is
// kept and reported by close().
// A streamed file: written as the program runs into a temporary file next to
// its name, renamed when closed (Note [Files whole or absent]); a failed
// write removes it.
class StreamFile {
 public:
  std::string open(const std::string& path);
  void write(std::string_view text);
  void flush();
  std::string close();  // "" or why writing failed
  bool is_open() const { return file_.is_open(); }

 private:
  void write_buffer();
  files::AtomicFile file_;
  std::string buffer_;
};

class ParamHeads;  // trace_stream.cpp

class TraceStream {
 public:
  struct Options {
    std::string program;
    std::string trace;          // "" = none
    std::string trace_mode = "full";  // or "summary"
    std::string graphs;         // "" = none
    bool keep_history = false;  // pictures read the runs after the program
  };
  TraceStream(debug::Debugger& d, rt::Interpreter& in, Options o);
  ~TraceStream();
  // "" or why a file cannot be opened (nothing has run yet).
  std::string open();
  // Ends the documents; "" or the first error met while writing.
  std::string close();

 private:
  void run_finished(const debug::BackwardRun& run);
  void run_started(debug::BackwardRun& run, const torch::autograd::edge_list& roots);
  void step_done(const debug::StepReport& r);

  debug::Debugger& d_;
  rt::Interpreter& in_;
  Options o_;
  StreamFile trace_, graphs_;
  TraceText text_;
  std::string buffer_;
  // A backward started from a hook ends before the one around it: entries
  // are written in the order the backwards started, so a finished inner
  // one waits (as text) for the outer one.
  std::deque<uint64_t> started_;
  std::map<uint64_t, std::string> finished_;
  size_t runs_written_ = 0, graphs_written_ = 0;
  std::chrono::steady_clock::time_point last_flush_{};
  std::unique_ptr<ParamHeads> heads_;  // summary records' per-parameter text
  bool closed_ = false;
};

}  // namespace backstep::repl
