// torch.save / torch.load in PyTorch's own checkpoint format: a zip archive
// (written and read by libtorch's caffe2::serialize::PyTorchStream{Writer,
// Reader}, the classes PyTorch itself uses) holding `data.pkl` (a pickle,
// protocol 2, of the saved object, whose tensors refer to storages by
// persistent id), one record `data/N` per storage, and the small records
// torch.save adds (.format_version, .storage_alignment, byteorder, version,
// .data/serialization_id).
//
// The pickle is what CPython's pickler writes for PyTorch's objects
// (torch._utils._rebuild_tensor_v2, _rebuild_parameter,
// collections.OrderedDict, torch.Size, ...), so each side reads the other's.
#pragma once

#include "engine/runtime/value.h"

#include <c10/core/Storage.h>

#include <functional>
#include <string>
#include <vector>

namespace backstep::rt {
class Interpreter;
class ModuleObject;
class TypeObject;
}  // namespace backstep::rt

namespace backstep::api::serial {

// What torch.save puts in the archive: the pickle, and the storages its
// persistent ids name ("0", "1", ... in the order the pickle met them).
struct PickledObject {
  std::string data_pkl;
  std::vector<std::pair<std::string, c10::Storage>> storages;
};
PickledObject pickle_object(rt::Interpreter& in, const rt::Value& obj);

// Reads one storage record: key, the storage's dtype, its element count and
// the location tag it was saved with ("cpu", "cuda:0").
using StorageLoader =
    std::function<c10::Storage(const std::string& key, c10::ScalarType dtype, int64_t numel, const std::string& location)>;

// Unpickles data.pkl. weights_only restricts globals to PyTorch's allowed
// set and raises _pickle.UnpicklingError with PyTorch's messages.
rt::Value unpickle_object(rt::Interpreter& in, const std::string& data, bool weights_only, const StorageLoader& load);

// _pickle.PickleError and its subclass _pickle.UnpicklingError.
const rt::TypeObject& pickle_error_type();
[[noreturn]] void raise_unpickling_error(std::string message);
bool is_unpickling_error(const rt::TypeObject& t);

// What torch.serialization.add_safe_globals allowed under this full name
// ("__main__.MyClass"); null if nothing (serialization_safe_globals.cpp).
const rt::Value* user_safe_global(const std::string& full_name);

// torch.save, torch.load and torch.serialization (serialization.cpp).
// f as torch.save/load take it: an os.PathLike (pathlib.Path) becomes its
// __fspath__() string; anything else is returned as it is.
rt::Value checkpoint_path(rt::Interpreter& in, const rt::Value& f);

void install_serialization(rt::ModuleObject& torch_module);
void install_serialization_module(rt::Interpreter& in);

}  // namespace backstep::api::serial
