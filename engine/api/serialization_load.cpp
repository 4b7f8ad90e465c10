// torch.load: opens the checkpoint, tells a zip checkpoint from an old
// (pre-1.6) pickle stream as torch.load does (by the zip's first four bytes),
// places each storage where map_location says, and gives PyTorch's errors:
// the reader's "PytorchStreamReader failed reading zip archive" for a broken
// zip, the weights-only texts (torch/serialization.py, _get_wo_message) for
// what the weights-only unpickler refuses.
#include "engine/api/serialization.h"

#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/file_object.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <caffe2/serialize/file_adapter.h>
#include <caffe2/serialize/inline_container.h>
#include <fmt/format.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace backstep::api::serial {

namespace {

using rt::Value;

constexpr const char* kUnsafeMessage =
    "In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from `False` to "
    "`True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can result in "
    "arbitrary code execution. Do it only if you got the file from a trusted source.";
constexpr const char* kDocsMessage =
    "\n\nCheck the documentation of torch.load to learn more about types accepted by default with weights_only "
    "https://pytorch.org/docs/stable/generated/torch.load.html.";

// torch.load's wrapping of a weights-only UnpicklingError.
std::string weights_only_message(const std::string& message) {
  if (message.find("was not an allowed global by default.") != std::string::npos)
    return std::string("Weights only load failed. This file can still be loaded, to do so you have two options, "
                       "\033[1mdo those steps only if you trust the source of the checkpoint\033[0m. \n\t(1) ") +
           kUnsafeMessage +
           "\n\t(2) Alternatively, to load with `weights_only=True` please check the recommended steps in the "
           "following error message.\n\tWeightsUnpickler error: " +
           message + kDocsMessage;
  return std::string("Weights only load failed. ") + kUnsafeMessage +
         "\nPlease file an issue with the following so that we can make `weights_only=True` compatible with your "
         "use case: WeightsUnpickler error: \n\n" +
         message + kDocsMessage;
}

// The checkpoint as torch.load's reader sees a Python file: a read at a
// position past 2**63 (miniz's arithmetic on a broken central directory) is
// a seek to a negative offset, which Python's file refuses with OSError
// EINVAL. The adapter cannot throw through miniz's C code, so it reads
// nothing and remembers; torch_load raises afterwards. A path is read with
// pread as the reader asks (no copy of the whole file); a file object's
// bytes are read into memory first.
class CheckpointSource : public caffe2::serialize::ReadAdapterInterface {
 public:
  CheckpointSource(std::string bytes, int fd, size_t size) : bytes_(std::move(bytes)), fd_(fd), size_(size) {}
  ~CheckpointSource() override {
    if (fd_ >= 0) ::close(fd_);
  }
  size_t size() const override { return size_; }
  size_t read(uint64_t pos, void* buf, size_t n, const char*) const override {
    if (static_cast<int64_t>(pos) < 0) {
      negative_seek = true;
      return 0;
    }
    if (pos >= size_) return 0;
    n = std::min<size_t>(n, size_ - pos);
    if (fd_ < 0) {
      std::memcpy(buf, bytes_.data() + pos, n);
      return n;
    }
    size_t done = 0;
    while (done < n) {
      ssize_t got = ::pread(fd_, static_cast<char*>(buf) + done, n - done, static_cast<off_t>(pos + done));
      if (got <= 0) break;
      done += static_cast<size_t>(got);
    }
    return done;
  }
  // The first bytes (the zip magic), or everything for the legacy reader.
  std::string prefix(size_t n) const {
    std::string out(std::min(n, size_), '\0');
    out.resize(read(0, out.data(), out.size(), ""));
    return out;
  }
  mutable bool negative_seek = false;

 private:
  std::string bytes_;
  int fd_;
  size_t size_;
};

// Where a storage saved at `location` goes: map_location as torch.load
// reads it (None, a device or its string, a dict of locations, a callable).
struct Placement {
  rt::Interpreter& in;
  Value map_location;

  std::string target(const std::string& location) const {
    const Value& m = map_location;
    if (m.is_none()) return location;
    if (auto* s = m.as<rt::StrObject>()) return s->value;
    if (auto* d = m.as<torchb::DeviceObject>()) return d->device.str();
    if (auto* d = m.as<rt::DictObject>()) {
      const Value* hit = d->find_str(location);
      return hit ? rt::str(in, *hit) : location;
    }
    if (m.is_int()) return "cuda:" + std::to_string(m.as_int());
    return location;
  }
};

c10::Device parse_location(const std::string& loc) {
  try {
    return c10::Device(loc);
  } catch (const c10::Error&) {
    rt::raise_runtime_error(fmt::format("don't know how to restore data location of torch.FloatStorage (tagged with {})", loc));
  }
}

c10::Storage read_storage(caffe2::serialize::PyTorchStreamReader& reader, const Placement& place,
                          const std::string& key, c10::ScalarType dtype, int64_t numel, const std::string& location) {
  c10::Device device = parse_location(place.target(location));
  if (device.is_cuda() && !torchb::cuda_usable())
    rt::raise_runtime_error(
        "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If you are "
        "running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map your "
        "storages to the CPU.");
  size_t nbytes = static_cast<size_t>(numel) * c10::elementSize(dtype);
  if (device.is_meta())
    return at::empty({static_cast<int64_t>(nbytes)}, at::TensorOptions().dtype(at::kByte).device(device)).storage();
  std::string name = "data/" + key;
  auto [ptr, size] = reader.getRecord(name);
  if (size != nbytes)
    rt::raise_runtime_error(fmt::format("storage {} holds {} bytes, but the checkpoint's tensors need {}", name, size, nbytes));
  c10::Storage st(c10::Storage::use_byte_size_t(), size, std::move(ptr), nullptr, false);
  if (device.is_cpu()) return st;
  at::Tensor t = at::empty({0}, at::kByte);
  t.set_(st, 0, {static_cast<int64_t>(size)}, {1});
  return t.to(device).storage();
}

Value load_zip(rt::Interpreter& in, caffe2::serialize::PyTorchStreamReader& reader, bool weights_only,
               const Placement& place) {
  if (reader.hasRecord("byteorder")) {
    auto [ptr, size] = reader.getRecord("byteorder");
    std::string order(static_cast<const char*>(ptr.get()), size);
    if (order != "little")
      rt::raise_not_implemented("loading a big-endian checkpoint is not supported by backstep yet");
  }
  auto [ptr, size] = reader.getRecord("data.pkl");
  std::string pkl(static_cast<const char*>(ptr.get()), size);
  StorageLoader loader = [&](const std::string& key, c10::ScalarType dtype, int64_t numel, const std::string& loc) {
    return read_storage(reader, place, key, dtype, numel, loc);
  };
  return unpickle_object(in, pkl, weights_only, loader);
}

// A file that does not start as a zip: torch.load reads it as the old
// format, whose first pickled object is a magic number.
Value load_legacy(rt::Interpreter& in, const std::string& bytes, bool weights_only) {
  if (bytes.empty() && !weights_only) rt::raise(*rt::exc_types().eof_error, "Ran out of input");
  StorageLoader none = [](const std::string&, c10::ScalarType, int64_t, const std::string&) -> c10::Storage {
    raise_unpickling_error("unsupported persistent id encountered");
  };
  // The magic number 0x1950a86a20f9469cfc6c, pickled as LONG1 (wider than a backstep int).
  static const std::string magic_pickle = std::string("\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 14);
  if (bytes.compare(0, magic_pickle.size(), magic_pickle) == 0)
    rt::raise_not_implemented("checkpoints in the legacy (pre-1.6) format are not supported by backstep");
  unpickle_object(in, bytes, weights_only, none);
  rt::raise_runtime_error("Invalid magic number; corrupt file?");
}

std::shared_ptr<CheckpointSource> open_path(rt::Interpreter& in, const Value& path) {
  const std::string& p = path.as<rt::StrObject>()->value;
  int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) rt::raise_os_error(in, errno, path);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    int err = S_ISDIR(st.st_mode) ? EISDIR : errno;
    ::close(fd);
    rt::raise_os_error(in, err, path);
  }
  return std::make_shared<CheckpointSource>(std::string(), fd, static_cast<size_t>(st.st_size));
}

}  // namespace

Value torch_load(rt::Interpreter& in, rt::Args& a) {
  auto b = rt::bind_args(a, "load", {"f", "map_location", "pickle_module", "weights_only", "mmap"}, 1, 3);
  const Value f = checkpoint_path(in, *b[0]);
  bool weights_only = !b[3] || b[3]->is_none() ? true : rt::truthy(in, *b[3]);
  Placement place{in, b[1] ? *b[1] : Value()};
  std::shared_ptr<CheckpointSource> source;
  if (f.as<rt::StrObject>()) {
    source = open_path(in, f);
  } else if (rt::isinstance(f, rt::file_type())) {
    auto& file = *static_cast<rt::FileObject*>(f.object_ptr());
    file.check_open();
    if (!file.binary()) rt::raise_not_implemented("torch.load from a text-mode file: open it with 'rb'");
    std::string bytes = file.read_raw();
    size_t size = bytes.size();
    source = std::make_shared<CheckpointSource>(std::move(bytes), -1, size);
  } else {
    rt::raise_attribute_error(fmt::format(
        "'{}' object has no attribute 'seek'. You can only torch.load from a file that is seekable. Please pre-load "
        "the data into a buffer like io.BytesIO and try to load from it instead.",
        rt::type_name(f)));
  }
  try {
    if (source->prefix(4) != "PK\x03\x04") return load_legacy(in, source->prefix(source->size()), weights_only);
    try {
      caffe2::serialize::PyTorchStreamReader reader(source);
      return load_zip(in, reader, weights_only, place);
    } catch (const c10::Error&) {
      if (source->negative_seek) rt::raise_os_error(in, EINVAL);
      throw;
    }
  } catch (const rt::ScriptError& e) {
    if (weights_only && is_unpickling_error(e.type())) raise_unpickling_error(weights_only_message(e.message()));
    throw;
  }
}

}  // namespace backstep::api::serial
