// `backstep run FILE --report OUT.html`: the training report
// (viz/report_page.h). While the program runs, each optimizer step's
// statistics (the same StepReport a summary trace writes) go into the
// plotted series, downsampled as the run grows (viz/report_series.h), and
// the graphs of a few backwards are kept: the first step's, every Nth
// step's (N doubles whenever more than kRegularGraphs would be kept, so a
// 10,000-step loop keeps as few as a 100-step one), the first steps whose
// backward made a NaN or an Inf, and the last backward's. When the program
// ends, the kept graphs are drawn as HTML pages into OUT_graphs/ beside the
// report, then the report is written (whole or not at all).
//
// Nothing else of the run is held: each backward's node history is let go
// once the next one ends (unless the graph pictures of --render-dir want
// them all).
#pragma once

#include "engine/debug/debugger.h"
#include "engine/debug/step_stats.h"
#include "viz/annotations.h"
#include "viz/report_page.h"

#include <map>
#include <optional>
#include <string>
#include <unordered_map>

namespace backstep::repl {

class ReportStream {
 public:
  struct Options {
    std::string path;     // OUT.html
    std::string program;  // as given on the command line
    bool keep_history = false;  // another output wants every run's history
  };
  static constexpr size_t kRegularGraphs = 16;  // every Nth step: at most this many
  static constexpr size_t kAnomalyGraphs = 8;   // the first steps with NaN or Inf
  static constexpr size_t kAnomalyRows = 100;   // the page's table of them

  ReportStream(debug::Debugger& d, rt::Interpreter& in, Options o);
  // Starts listening. Call before the trace stream opens, so this reads a
  // backward's history before the trace lets go of it.
  void open();
  // Draws the kept graphs and writes the report: "" or why it failed.
  std::string close();

  // The folder the graph pages go into: "out/report.html" -> "out/report_graphs".
  static std::string graphs_folder(const std::string& report);

 private:
  enum class Why { First, Regular, Anomaly, Last };
  struct Kept {
    Why why = Why::First;
    uint64_t step = 0, backward = 0;
    std::optional<double> loss;
    autograd::GraphSnapshot graph;
    viz::Annotations notes;
  };
  struct SeriesIndex {
    size_t grad = 0, ratio = 0;
    std::string module;
  };

  void run_finished(const debug::BackwardRun& run);
  void keep(const debug::BackwardRun& run, Why why);
  void step_done(const debug::StepReport& r);
  const SeriesIndex& index_of(const std::string& name);
  std::string policy() const;
  std::string write_graphs(const std::string& folder);

  debug::Debugger& d_;
  rt::Interpreter& in_;
  Options o_;
  viz::ReportData data_;
  std::unordered_map<std::string, SeriesIndex> index_;
  std::unordered_map<std::string, std::pair<size_t, size_t>> module_index_;  // grad, ratio series
  size_t loss_series_ = 0;
  std::map<uint64_t, torch::autograd::edge_list> roots_;  // by backward number, until the next one ends
  std::map<uint64_t, Kept> kept_;                         // by step
  uint64_t stride_ = 1;                                   // every Nth step
  size_t regular_ = 0, anomalous_ = 0;
  const debug::BackwardRun* tail_ = nullptr;  // the last backward that ended
  bool closed_ = false;
};

}  // namespace backstep::repl
