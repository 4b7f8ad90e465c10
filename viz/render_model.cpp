#include "viz/render_model.h"

#include "viz/dot_writer.h"
#include "viz/file_output.h"
#include "viz/graphviz.h"
#include "viz/html_page.h"
#include "viz/json_export.h"
#include "viz/plan.h"
#include "viz/saved_fields.h"
#include "viz/text_format.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace backstep::viz {

const char* to_string(Format format) {
  switch (format) {
    case Format::Dot: return "dot";
    case Format::Svg: return "svg";
    case Format::Png: return "png";
    case Format::Pdf: return "pdf";
    case Format::Json: return "json";
    case Format::Text: return "txt";
    case Format::Html: return "html";
  }
  return "?";
}

std::optional<Format> format_from_path(std::string_view path) {
  size_t dot = path.find_last_of('.');
  size_t slash = path.find_last_of('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return std::nullopt;
  std::string ext(path.substr(dot + 1));
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == "dot" || ext == "gv") return Format::Dot;
  if (ext == "svg") return Format::Svg;
  if (ext == "png") return Format::Png;
  if (ext == "pdf") return Format::Pdf;
  if (ext == "json") return Format::Json;
  if (ext == "txt") return Format::Text;
  if (ext == "html" || ext == "htm") return Format::Html;
  return std::nullopt;
}

std::string summary(const RenderStats& stats) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f s", stats.seconds);
  std::string s = thousands(stats.graph_nodes) + (stats.graph_nodes == 1 ? " node" : " nodes");
  if (!stats.engine.empty())
    s += " as " + thousands(stats.drawn) + (stats.drawn == 1 ? " box (" : " boxes (") + stats.engine + ", " + seconds + ")";
  for (size_t i = 0; i < stats.folding.size(); ++i) s += (i ? "; " : ": ") + stats.folding[i];
  return s;
}

namespace {

RenderResult failure(std::string message) {
  RenderResult r;
  r.error = std::move(message);
  return r;
}

RenderResult draw(const model::Graph& graph, Format format, const RenderOptions& options, ProgressReporter& progress,
                  RenderStats stats) {
  if (graph.nodes.empty()) return failure("nothing to draw: the graph is empty (does any tensor require grad?)");
  Plan plan = make_plan(graph, options, progress);
  if (format == Format::Html) {  // the page's header shows the title, its side panel the legend
    plan.settings.title.clear();
    plan.settings.legend = false;
  }
  stats.drawn = plan.scene.items.size();
  stats.engine = plan.settings.engine;
  stats.folding.insert(stats.folding.end(), plan.folding.begin(), plan.folding.end());
  progress.stage("writing DOT for " + thousands(stats.drawn) + " boxes");
  std::string dot = write_dot(graph, plan.structure, plan.scene, plan.settings);
  RenderResult result;
  if (format == Format::Dot) {
    result.data = std::move(dot);
  } else {
    progress.stage("laying out " + thousands(stats.drawn) + " boxes with " + stats.engine);
    GraphvizResult gv = run_graphviz(dot, stats.engine, format == Format::Html ? "svg" : to_string(format));
    if (!gv.ok) return failure(gv.error);
    if (format == Format::Html) {
      progress.stage("writing the HTML page");
      result.data = html_page(graph, plan, gv.data, options.title, options.legend);
    } else {
      result.data = std::move(gv.data);
    }
  }
  result.ok = true;
  result.stats = std::move(stats);
  return result;
}

}  // namespace

RenderResult render_model(const model::Graph& graph, Format format, const RenderOptions& options) {
  ProgressReporter progress(options.progress);
  RenderStats stats;
  stats.graph_nodes = graph.nodes.size();
  RenderResult result;
  if (format == Format::Json) {
    result.data = graph_json(graph, options.compact_json ? -1 : 1, options.check);
    result.ok = true;
  } else if (format == Format::Text) {
    TextTreeOptions t;
    t.around = options.around;
    t.radius = options.radius;
    result.data = text_tree_of(graph, t);
    result.ok = true;
  } else if (!options.show_internal_saved && has_internal_saved_fields(graph)) {
    RenderOptions all = options;
    all.show_internal_saved = true;
    return render_model(without_internal_saved_fields(graph), format, all);
  } else if (options.around) {
    if (graph.index_of(*options.around) < 0)
      return failure("no node #" + std::to_string(*options.around) + " in this graph");
    model::Graph part = neighbourhood(graph, *options.around, options.radius);
    stats.folding.push_back("around #" + std::to_string(*options.around) + ", radius " + std::to_string(options.radius) +
                            ": " + thousands(part.nodes.size()) + " of " + thousands(graph.nodes.size()) + " nodes");
    result = draw(part, format, options, progress, stats);
  } else {
    result = draw(graph, format, options, progress, stats);
  }
  result.stats.graph_nodes = graph.nodes.size();
  result.stats.seconds = progress.elapsed();
  return result;
}

RenderResult render_model_to_file(const model::Graph& graph, const std::string& path, const RenderOptions& options,
                                  std::optional<Format> format) {
  if (path.empty()) return failure("no output file given (use -o FILE)");
  if (!format) format = format_from_path(path);
  if (!format)
    return failure("cannot tell the format of '" + path +
                   "' from its extension (use .svg, .png, .pdf, .dot, .json, .html or .txt)");
  RenderResult result = render_model(graph, *format, options);
  if (!result.ok) return result;
  if (std::string error = write_file_atomically(path, result.data); !error.empty()) return failure(error);
  return result;
}

}  // namespace backstep::viz
