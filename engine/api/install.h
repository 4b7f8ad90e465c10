// Everything the torch layer adds to an interpreter: the autograd engine
// that records where nodes come from, libtorch's errors as Python
// exceptions, the tensor class, and the torch modules.
//
//   rt::Interpreter in(sink);
//   api::install_torch(in);
#pragma once

namespace backstep::rt {
class Interpreter;
}

namespace backstep::api {

void install_torch(rt::Interpreter& in);

}  // namespace backstep::api
