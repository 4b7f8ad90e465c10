// torch.Tensor's slots (see tensor_type.cpp).
#pragma once

namespace backstep::api {

// Registers the tensor class's slots with the runtime (once per process).
void install_tensor_type();

}  // namespace backstep::api
