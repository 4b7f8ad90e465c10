// The renderers behind render.h, on viz's plain model (no libtorch): what
// tests and tools call when they build a model::Graph themselves.
#pragma once

#include "viz/model.h"
#include "viz/render_options.h"

#include <exception>
#include <new>

namespace backstep::viz {

RenderResult render_model(const model::Graph& graph, Format format, const RenderOptions& options);
RenderResult render_model_to_file(const model::Graph& graph, const std::string& path, const RenderOptions& options,
                                  std::optional<Format> format);
std::string text_tree_of(const model::Graph& graph, const TextTreeOptions& options);

// Runs a render, turning anything thrown into an error sentence: callers
// print RenderResult::error and never see a C++ exception's text.
template <class Fn>
RenderResult guarded(Fn&& fn) {
  RenderResult failed;
  try {
    return fn();
  } catch (const std::bad_alloc&) {
    failed.error = "not enough memory to render this graph (try --depth, --around or a smaller graph)";
  } catch (const std::exception& e) {
    failed.error = std::string("rendering failed: ") + e.what();
  } catch (...) {
    failed.error = "rendering failed for an unknown reason";
  }
  return failed;
}

}  // namespace backstep::viz
