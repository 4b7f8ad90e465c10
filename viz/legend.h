// The legend of a picture: one entry per colour, border and mark that the
// picture actually uses (torchviz's node colours, the gradient scale, where
// a NaN/Inf is born and where it is only carried, stepping state, clusters,
// folded boxes), so nothing in a picture has to be guessed. DOT pictures
// carry it in the graph's label; the HTML page shows it beside the graph.
#pragma once

#include "viz/dot_style.h"

#include <string>
#include <vector>

namespace backstep::viz {

struct LegendEntry {
  std::vector<std::string> fills;  // the swatch's fill; several for the gradient scale
  std::string border = "black";
  int border_width = 1;
  bool dashed = false;
  bool rounded = false;
  std::string mark;  // text inside the swatch ("✓", "▶", "⚠"), "" none
  std::string text;  // what it means
};

std::vector<LegendEntry> legend_entries(const StyleContext& ctx);

// A Graphviz HTML-like label ("<<TABLE>...</TABLE>>"): the title (if any)
// in bold, then one row per entry.
std::string legend_label(const std::vector<LegendEntry>& entries, const std::string& title);

}  // namespace backstep::viz
