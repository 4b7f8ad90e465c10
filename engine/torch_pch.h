// The libtorch headers most engine files need, precompiled once per build.
// Parsing these costs ~7 s a file; the PCH makes it well under one.
// Keep torch/torch.h (25 s, 1.3 GB) out of here and out of the project.
#pragma once
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/ivalue.h>
#include <c10/util/Exception.h>
#include <torch/csrc/autograd/autograd.h>
#include <torch/csrc/autograd/engine.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/autograd/saved_variable.h>
#include <torch/csrc/autograd/variable.h>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>
