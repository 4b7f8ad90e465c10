#include "viz/graphviz.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <mutex>

namespace backstep::viz {

namespace {

std::mutex& graphviz_mutex() {
  static std::mutex m;
  return m;
}

// Graphviz reports errors through a callback (or stderr); collect them so
// the caller can show them as its own message.
std::string& captured_errors() {
  static std::string errors;
  return errors;
}

int capture_error(char* message) {
  std::string& errors = captured_errors();
  if (errors.size() < 4000) errors += message;
  return 0;
}

// One context for the process: creating it loads the plugin configuration,
// which costs milliseconds we need not pay per render.
GVC_t* context() {
  static GVC_t* gvc = [] {
    agseterr(AGERR);  // warnings (e.g. unknown attributes) are not failures
    agseterrf(capture_error);
    return gvContext();
  }();
  return gvc;
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

struct GraphCloser {
  void operator()(Agraph_t* g) const { agclose(g); }
};

// Resolution for a raster picture: 96 dpi unless that makes it too big.
void limit_raster_size(Agraph_t* g, double max_pixels) {
  if (!GD_drawing(g)) return;
  boxf bb = GD_bb(g);  // points
  double longest_inches = std::max(bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y) / 72.0;
  double dpi = 96;
  // Below ~24 dpi text is unreadable, but a bitmap past Cairo's limit would
  // be shrunk anyway (and take seconds): the limit wins.
  if (longest_inches * dpi > max_pixels) dpi = std::max(4.0, max_pixels / longest_inches);
  // The renderer reads the resolution the layout stored (the dpi attribute
  // is parsed at layout time only), so set it there.
  GD_drawing(g)->dpi = dpi;
}

}  // namespace

GraphvizResult run_graphviz(const std::string& dot, const std::string& engine, const std::string& format,
                            double max_pixels) {
  std::lock_guard<std::mutex> lock(graphviz_mutex());
  GraphvizResult result;
  GVC_t* gvc = context();
  captured_errors().clear();
  if (!gvc) {
    result.error = "Graphviz could not start (is the graphviz package installed?)";
    return result;
  }
  std::unique_ptr<Agraph_t, GraphCloser> graph(agmemread(dot.c_str()));
  if (!graph) {
    result.error = "Graphviz could not read the generated DOT: " + trimmed(captured_errors());
    return result;
  }
  if (gvLayout(gvc, graph.get(), engine.c_str()) != 0) {
    result.error = "Graphviz layout with " + engine + " failed: " + trimmed(captured_errors());
    return result;
  }
  if (format == "png") limit_raster_size(graph.get(), max_pixels);
  char* data = nullptr;
  unsigned int length = 0;
  int rc = gvRenderData(gvc, graph.get(), format.c_str(), &data, &length);
  if (rc == 0 && data) result.data.assign(data, length);
  if (data) gvFreeRenderData(data);
  gvFreeLayout(gvc, graph.get());
  if (rc != 0) {
    result.error = "Graphviz could not render " + format + ": " + trimmed(captured_errors());
    return result;
  }
  result.ok = true;
  return result;
}

}  // namespace backstep::viz
