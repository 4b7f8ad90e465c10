// The training report (`backstep run FILE --report OUT.html`): one
// self-contained page (inline script and SVG, nothing from the network)
// that plots the loss, each parameter's and each module's gradient norm and
// the update ratio |Δw| / |w| over the steps, marks the steps whose
// gradients or loss held NaN or Inf, and links steps to the graph pages of
// their backwards (written beside the report). See docs/report.md.
#pragma once

#include "viz/report_series.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace backstep::viz {

struct ReportData {
  std::string program;
  uint64_t steps = 0;  // optimizer steps reported
  // Series named "loss", "grad:NAME", "ratio:NAME" for each parameter,
  // "mgrad:MODULE", "mratio:MODULE" for each module.
  StepSeries series;
  std::vector<std::string> params;   // in the optimizer's order
  std::vector<std::string> modules;  // each parameter's owner, first seen first
  struct Anomaly {
    uint64_t step = 0;
    std::optional<double> loss;
    uint64_t nan = 0, inf = 0;
    std::vector<std::string> params;  // whose gradients held them
  };
  std::vector<Anomaly> anomalies;  // the first ones (see anomalies_total)
  uint64_t anomalies_total = 0;
  struct GraphLink {
    uint64_t step = 0;
    uint64_t backward = 0;
    std::optional<double> loss;
    std::string href;  // relative to the report
    std::string why;   // "first step", "every 64th step", "NaN/Inf", "last step"
  };
  std::vector<GraphLink> graphs;  // by step
  std::string graph_policy;       // a sentence: which steps have graphs
};

std::string report_page(const ReportData& data);

// The page's script and style (report_assets.cpp).
extern const char* const kReportStyle;
extern const char* const kReportScript;

}  // namespace backstep::viz
