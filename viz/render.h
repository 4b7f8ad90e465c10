// backstep_viz's entry points: a graph snapshot (plus what the debugger
// knows about it) to DOT, SVG, PNG, PDF, JSON, an HTML page or a text tree.
//
//   viz::RenderRequest req;
//   if (auto err = viz::parse_render_flags(args, req); !err.empty()) return fail(err);
//   auto r = viz::render_to_file(snap, notes, req.output, req.options, req.format);
//   if (!r.ok) print(r.error);                    // a sentence, never a C++ exception text
//
// No function here throws: failures come back as RenderResult::error.
#pragma once

#include "viz/annotations.h"
#include "viz/render_options.h"

namespace backstep::viz {

RenderResult render(const autograd::GraphSnapshot& graph, const Annotations& notes, Format format,
                    const RenderOptions& options = {});

// Writes the file whole or not at all (a temporary file in the same folder,
// renamed over the target). The format comes from the extension unless given.
RenderResult render_to_file(const autograd::GraphSnapshot& graph, const Annotations& notes, const std::string& path,
                            const RenderOptions& options = {}, std::optional<Format> format = std::nullopt);

// The tree `:graph EXPR` prints: ids, names, lines, states; a node reached
// twice is printed once and referenced by id afterwards.
std::string text_tree(const autograd::GraphSnapshot& graph, const Annotations& notes,
                      const TextTreeOptions& options = {});

}  // namespace backstep::viz
