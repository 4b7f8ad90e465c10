// A self-contained HTML page: the SVG picture with pan and zoom, and a
// details panel that shows what a clicked node is (name, id, line, saved
// fields with shapes, gradients). Everything is inline; the page loads
// nothing from the network.
#pragma once

#include "viz/model.h"
#include "viz/plan.h"

#include <string>

namespace backstep::viz {

// `svg` is Graphviz's output for plan.scene (its element ids are the DOT names).
// The page has a search box (name, #id, file:line, source, module path) and,
// with `legend`, the legend of the picture's colours and marks beside it.
std::string html_page(const model::Graph& graph, const Plan& plan, const std::string& svg, const std::string& title,
                      bool legend = true);

// The page's script and style (html_assets.cpp).
extern const char* const kHtmlStyle;
extern const char* const kHtmlScript;

}  // namespace backstep::viz
