// torch.save and torch.load: the files. The archive is written and read by
// libtorch's PyTorchStreamWriter / PyTorchStreamReader (what PyTorch's
// torch._C.PyTorchFileWriter/Reader wrap), the pickle by
// serialization_pickler.cpp / serialization_unpickler.cpp.
//
// Note [Whole or absent]: torch.save to a path writes into a fresh directory
// beside the target and renames the finished file over it, so a failed save
// (an error while pickling, a full disk) never leaves a half-written
// checkpoint, and an existing checkpoint is replaced only by a complete one.
//
// Note [A writer that failed]: ~PyTorchStreamWriter finishes an archive that
// was not finished, and after a failed write that throws again, from the
// destructor (std::terminate). So a writer whose write failed is never
// destroyed: it is leaked with its file descriptor, once per failed save
// (its partial file is removed). A file object's writer never sees the
// failure instead (save_to_file).
//
// The file inside that directory has the target's own name because the
// writer names the archive's top folder after it ("model.pt" ->
// "model/data.pkl"), as torch.save does.
#include "engine/api/serialization.h"

#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/file_object.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <caffe2/serialize/file_adapter.h>
#include <caffe2/serialize/in_memory_adapter.h>
#include <caffe2/serialize/inline_container.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ios>
#include <memory>
#include <optional>

namespace backstep::api::serial {

namespace {

using rt::Value;

const rt::TypeObject& unpickling_error_type() {
  static rt::TypeObject* t = rt::new_exception_type("UnpicklingError", "_pickle", pickle_error_type());
  return *t;
}

// --- torch.save ---------------------------------------------------------------

// The records torch.save writes, in its order.
void write_archive(caffe2::serialize::PyTorchStreamWriter& w, const PickledObject& p) {
  w.writeRecord("data.pkl", p.data_pkl.data(), p.data_pkl.size());
  w.writeRecord(".format_version", "1", 1);
  w.writeRecord(".storage_alignment", "64", 2);
  w.writeRecord("byteorder", "little", 6);
  for (const auto& [key, storage] : p.storages) {
    c10::Storage st = storage;
    if (st.device().type() != c10::kCPU) {
      at::Tensor t = at::empty({0}, at::TensorOptions().dtype(at::kByte).device(st.device()));
      t.set_(st, 0, {static_cast<int64_t>(st.nbytes())}, {1});
      st = t.cpu().storage();
    }
    w.writeRecord("data/" + key, st.data(), st.nbytes());
  }
  w.writeEndOfFile();
}

[[noreturn]] void raise_open_failed(int err) {
  rt::raise_runtime_error(
      fmt::format("[enforce fail at inline_container.cc:746] . open file failed with strerror: {}", std::strerror(err)));
}

std::string parent_of(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return slash == 0 ? "/" : path.substr(0, slash);
}

void save_to_path(rt::Interpreter& in, const std::string& path, const PickledObject& p) {
  std::string parent = parent_of(path);
  struct stat st {};
  if (!parent.empty() && ::stat(parent.c_str(), &st) != 0)
    rt::raise_runtime_error(fmt::format("Parent directory {} does not exist.", parent));
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) raise_open_failed(EISDIR);
  std::string tmpl = (parent.empty() ? std::string(".") : parent) + "/.backstep-save-XXXXXX";
  if (!::mkdtemp(tmpl.data())) raise_open_failed(errno);
  size_t slash = path.rfind('/');
  std::string tmp_file = tmpl + "/" + (slash == std::string::npos ? path : path.substr(slash + 1));
  auto cleanup = [&] {
    ::unlink(tmp_file.c_str());
    ::rmdir(tmpl.c_str());
  };
  auto writer = std::make_unique<caffe2::serialize::PyTorchStreamWriter>(tmp_file);
  try {
    write_archive(*writer, p);
  } catch (const std::ios_base::failure&) {  // the writer's stream: a full disk, a size limit
    int err = errno;
    (void)writer.release();  // Note [A writer that failed]
    cleanup();
    rt::raise_os_error(in, err ? err : EIO);
  } catch (...) {
    (void)writer.release();
    cleanup();
    throw;
  }
  writer.reset();
  if (std::rename(tmp_file.c_str(), path.c_str()) != 0) {
    int err = errno;
    cleanup();
    raise_open_failed(err);
  }
  ::rmdir(tmpl.c_str());
}

// Streams the archive into the file object as the writer produces it. A
// failed write must not reach the writer (Note [A writer that failed]): the
// callback keeps reporting success, writes nothing more, and the error is
// raised once the writer is done.
void save_to_file(rt::FileObject& f, const PickledObject& p) {
  f.check_open();
  if (!f.binary()) rt::raise_type_error("write() argument must be str, not bytes");
  std::optional<rt::ScriptError> failed;
  {
    caffe2::serialize::PyTorchStreamWriter w([&](const void* data, size_t n) -> size_t {
      if (failed) return n;
      try {
        f.write_raw(static_cast<const char*>(data), n);
      } catch (const rt::ScriptError& e) {
        failed = e;
      }
      return n;
    });
    write_archive(w, p);
  }
  if (failed) throw *failed;
  f.flush();
}

Value torch_save(rt::Interpreter& in, rt::Args& a) {
  auto b = rt::bind_args(a, "save", {"obj", "f", "pickle_module", "pickle_protocol", "_use_new_zipfile_serialization",
                                     "_disable_byteorder_record"}, 2);
  const Value f = checkpoint_path(in, *b[1]);
  auto* path = f.as<rt::StrObject>();
  rt::FileObject* file = rt::isinstance(f, rt::file_type()) ? static_cast<rt::FileObject*>(f.object_ptr()) : nullptr;
  if (!path && !file)
    rt::raise_attribute_error("expected 'f' to be string, path, or a file-like object with a 'write' attribute");
  PickledObject p = pickle_object(in, *b[0]);
  if (path) save_to_path(in, path->value, p);
  else save_to_file(*file, p);
  return Value();
}

}  // namespace

Value checkpoint_path(rt::Interpreter& in, const Value& f) {
  if (f.as<rt::StrObject>()) return f;
  auto fspath = rt::lookup_special(in, f, "__fspath__");
  if (!fspath) return f;
  rt::Args none;
  return rt::call(in, *fspath, none);
}

const rt::TypeObject& pickle_error_type() {
  static rt::TypeObject* t = rt::new_exception_type("PickleError", "_pickle", *rt::exc_types().exception);
  return *t;
}

[[noreturn]] void raise_unpickling_error(std::string message) { rt::raise(unpickling_error_type(), std::move(message)); }
bool is_unpickling_error(const rt::TypeObject& t) { return t.is_subtype_of(unpickling_error_type()); }

Value torch_load(rt::Interpreter& in, rt::Args& a);  // serialization_load.cpp

void install_serialization(rt::ModuleObject& torch_module) {
  torch_module.def("save", torch_save);
  torch_module.def("load", torch_load);
}

}  // namespace backstep::api::serial
