// The headers every runtime file includes, precompiled once: the core of
// libtorch that a Value holds (at::Tensor) and the standard library. Not the
// torch layer (Note [runtime layering]).
#pragma once
#include <ATen/core/Tensor.h>
#include <c10/util/SmallVector.h>
#include <fmt/format.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>
