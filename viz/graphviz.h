// Graphviz in-process: DOT text in, laid out and rendered bytes out, through
// cgraph (agmemread) and gvc (gvLayout, gvRenderData). No `dot` process.
#pragma once

#include <string>

namespace backstep::viz {

struct GraphvizResult {
  bool ok = false;
  std::string data;   // the rendered bytes
  std::string error;  // Graphviz's own message when !ok
};

// Lays out `dot` with `engine` ("dot", "sfdp") and renders it as `format`
// ("svg", "png", "pdf"). Raster output is given a resolution that keeps the
// picture under max_pixels on its longer side (Cairo would shrink it
// further by itself, into an unreadable thumbnail). Serialised: Graphviz
// keeps global state and is not thread-safe.
GraphvizResult run_graphviz(const std::string& dot, const std::string& engine, const std::string& format,
                            double max_pixels = 12000);

}  // namespace backstep::viz
