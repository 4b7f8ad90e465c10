// libtorch's C++ errors as Python exceptions (see torch_errors.cpp).
#pragma once

namespace backstep::api {

// Registers the translation with the runtime (once per process).
void install_torch_error_translation();

}  // namespace backstep::api
