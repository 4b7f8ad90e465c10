// Small text pieces every output format shares: shapes as torchviz prints
// them, dtypes as PyTorch's logging abbreviates them, locations, numbers.
#pragma once

#include "viz/model.h"

#include <string>
#include <string_view>

namespace backstep::viz {

// "(3, 4)", "()" — torchviz's size_to_str.
std::string shape_text(const std::vector<int64_t>& shape);
// "f32", "i64", "b8" (PyTorch's _dtype_abbrs); the name itself when unknown.
std::string dtype_abbr(std::string_view dtype);
// "f32[3, 4]" (the logging hooks' format); "" when undefined.
std::string meta_text(const model::Meta& m);
// "prog.py:12" using the file's base name; "" without an origin.
std::string short_location(const model::Node& n);
// "prog.py:12:5" with the file as registered.
std::string full_location(const model::Node& n);
// "layer() at prog.py:7"
std::string frame_text(const model::Frame& f);
// The file's base name ("prog.py" for "/tmp/x/prog.py").
std::string base_name(std::string_view path);
// 3 significant digits: "0.0123", "1.5e+03", "nan".
std::string number_text(double v);
// "|g|=0.123", "NaN×2 Inf×1" for a broken one.
std::string grad_text(const model::GradStats& g);
// The gradient a node received, combined over its inputs (norms add in
// quadrature, NaN/Inf counts add); nullopt when none is known.
std::optional<model::GradStats> combined_incoming(const model::Node& n);
// "⚠ NaN born here" (or Inf, NaN/Inf) when the node is where a non-finite
// gradient is born (model::Node::nonfinite_born_here), else "".
std::string nonfinite_origin_text(const model::Node& n);
// A node's name as torchviz shows it: "AccumulateGrad", not libtorch's
// "torch::autograd::AccumulateGrad" (JSON keeps the real name()).
std::string display_name(const std::string& name);
// Cuts to n characters with an ellipsis.
std::string truncated(std::string_view s, size_t n);
// "1,234"
std::string thousands(size_t n);

}  // namespace backstep::viz
