// Which saved fields a picture shows. libtorch saves, beside the tensors and
// arguments a formula needs (self, mat2, dim, keepdim), bookkeeping of its
// own: the sizes, strides, layout, options and dtypes of its inputs
// (self_sym_sizes, mat2_sym_strides, self_layout, self_options, ...). They
// are what the node's input shapes already say, and crowd the labels, so
// pictures hide them unless asked (--saved=all). `:saved`, the JSON formats
// and the text tree keep every field.
#pragma once

#include "viz/model.h"

#include <string_view>

namespace backstep::viz {

bool is_internal_saved_field(std::string_view name);

// The graph without internal saved fields (a copy only when it has some).
bool has_internal_saved_fields(const model::Graph& graph);
model::Graph without_internal_saved_fields(const model::Graph& graph);

}  // namespace backstep::viz
