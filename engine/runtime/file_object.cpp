// The file object itself: reading and writing text through a stdio stream
// with io's newline rules, and the builtin open() that makes one with
// CPython's argument checks, in CPython's order (mode, then the binary-only
// checks, then the file is opened, then encoding and newline).
#include "engine/runtime/file_object.h"

#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace backstep::rt {

void raise_os_error(Interpreter& in, int err, const Value& file, const Value& file2) {
  Args a;
  a.pos.push_back(Value(int64_t(err)));
  a.pos.push_back(make_str(std::strerror(err)));
  if (!file.is_none()) a.pos.push_back(file);
  if (!file2.is_none()) {
    a.pos.push_back(Value());
    a.pos.push_back(file2);
  }
  Value exc = in.call(type_value(*exc_types().os_error), a);
  throw ScriptError(exc.as_shared<ExceptionObject>());
}

namespace {

[[noreturn]] void unsupported(const std::string& what) { raise(unsupported_operation_type(), what); }

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

}  // namespace

namespace {
// A binary file's class is io's buffered class for its mode, as type(f)
// shows it in CPython: a subclass of the file class, so the same methods.
const TypeObject* file_class(const FileObject::Flags& flags, const std::string& encoding) {
  if (!encoding.empty()) return &file_type();
  auto make = [](const char* name) {
    TypeObject* t = new_type(name, "_io", &file_type());
    t->set_final(true);
    return t;
  };
  static const TypeObject* reader = make("BufferedReader");
  static const TypeObject* writer = make("BufferedWriter");
  static const TypeObject* random = make("BufferedRandom");
  return flags.read && flags.write ? random : flags.read ? reader : writer;
}
}  // namespace

FileObject::FileObject(std::FILE* fp, Value name, std::string mode, Flags flags, std::string encoding,
                       std::string errors, std::optional<std::string> newline)
    : Object(ObjKind::Other, file_class(flags, encoding)), name(std::move(name)), mode(std::move(mode)),
      encoding(std::move(encoding)), errors(std::move(errors)), newline(std::move(newline)), fp_(fp),
      flags_(flags) {}

FileObject::~FileObject() {
  if (fp_) std::fclose(fp_);  // an unclosed file is closed when its last reference goes, as in CPython
}

const TypeObject& FileObject::native_type() const { return file_type(); }

std::string FileObject::repr(Interpreter& in) const {
  if (binary()) return fmt::format("<_io.{} name={}>", type().name(), rt::repr(in, name));
  return fmt::format("<_io.TextIOWrapper name={} mode={} encoding={}>", rt::repr(in, name), python_string_repr(mode),
                     python_string_repr(encoding));
}

bool FileObject::exit(Interpreter&, const ScriptError*) {
  close();
  return false;
}

void FileObject::check_open() const {
  if (!fp_) raise_value_error("I/O operation on closed file.");
}

int FileObject::fileno() const {
  if (!fp_) raise_value_error("I/O operation on closed file");
  return ::fileno(fp_);
}

// C streams need a positioning call between reading and writing.
void FileObject::prepare(bool for_write) {
  check_open();
  if (for_write && !flags_.write) unsupported("not writable");
  if (!for_write && !flags_.read) unsupported("not readable");
  LastOp now = for_write ? LastOp::Write : LastOp::Read;
  if (last_ != LastOp::None && last_ != now) std::fseek(fp_, 0, SEEK_CUR);
  last_ = now;
}

int FileObject::get_char() {
  int c = std::getc(fp_);
  if (c == '\r' && !newline) {  // universal newlines: \r\n and \r read as \n
    int d = std::getc(fp_);
    if (d != '\n' && d != EOF) std::ungetc(d, fp_);
    return '\n';
  }
  return c;
}

// The rest of the UTF-8 sequence that starts with byte `first`.
std::string FileObject::read_code_point(int first) {
  std::string out(1, static_cast<char>(first));
  int more = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : first >= 0xC0 ? 1 : 0;
  for (int i = 0; i < more; ++i) {
    int c = std::getc(fp_);
    if (c == EOF) break;
    if (!is_continuation(static_cast<unsigned char>(c))) {
      std::ungetc(c, fp_);
      break;
    }
    out += static_cast<char>(c);
  }
  return out;
}

namespace {
[[noreturn]] void refuse_binary(const char* what) {
  raise_not_implemented(fmt::format("{}() on a binary file is not supported by backstep yet (it has no bytes type)", what));
}
}  // namespace

std::string FileObject::read_raw() {
  prepare(false);
  std::string out;
  char buf[65536];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, fp_)) > 0;) out.append(buf, n);
  return out;
}

void FileObject::write_raw(const char* data, size_t n) {
  prepare(true);
  if (n && std::fwrite(data, 1, n, fp_) != n) {
    int err = errno;
    std::clearerr(fp_);
    raise(*exc_types().os_error, fmt::format("[Errno {}] {}", err, std::strerror(err)));
  }
}

std::string FileObject::read_bytes(int64_t n) {
  if (n < 0) return read_raw();
  prepare(false);
  std::string out(static_cast<size_t>(n), '\0');
  out.resize(std::fread(out.data(), 1, out.size(), fp_));
  return out;
}

std::string FileObject::readline_bytes(int64_t n) {
  prepare(false);
  std::string out;
  for (int c; (n < 0 || static_cast<int64_t>(out.size()) < n) && (c = std::getc(fp_)) != EOF;) {
    out += static_cast<char>(c);
    if (c == '\n') break;
  }
  return out;
}

std::string FileObject::read(int64_t chars) {
  if (binary()) refuse_binary("read");
  prepare(false);
  std::string out;
  for (int64_t n = 0; chars < 0 || n < chars; ++n) {
    int c = get_char();
    if (c == EOF) break;
    out += read_code_point(c);
  }
  return out;
}

std::string FileObject::readline(int64_t chars) {
  if (binary()) refuse_binary("readline");
  prepare(false);
  std::string out;
  // newline '' ends a line at \n, \r or \r\n (kept as they are); None has
  // turned them into \n already; '\r', '\n', '\r\n' end only at themselves.
  const std::string end = newline && !newline->empty() ? *newline : "\n";
  bool any_ending = newline && newline->empty();
  for (int64_t n = 0; chars < 0 || n < chars; ++n) {
    int c = get_char();
    if (c == EOF) break;
    out += read_code_point(c);
    if (any_ending && c == '\r') {
      int d = std::getc(fp_);
      if (d == '\n') out += '\n';
      else if (d != EOF) std::ungetc(d, fp_);
      break;
    }
    if (out.size() >= end.size() && out.compare(out.size() - end.size(), end.size(), end) == 0) break;
  }
  return out;
}

int64_t FileObject::write(const std::string& text) {
  if (binary()) refuse_binary("write");
  prepare(true);
  std::string out = text;
  if (newline && (*newline == "\r" || *newline == "\r\n")) {
    out.clear();
    for (char c : text) {
      if (c == '\n') out += *newline;
      else out += c;
    }
  }
  if (!out.empty() && std::fwrite(out.data(), 1, out.size(), fp_) != out.size()) {
    int err = errno;
    std::clearerr(fp_);
    raise(*exc_types().os_error, fmt::format("[Errno {}] {}", err, std::strerror(err)));
  }
  return std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation(static_cast<unsigned char>(c)); });
}

int64_t FileObject::tell() {
  check_open();
  if (!telling_) raise(*exc_types().os_error, "telling position disabled by next() call");
  return std::ftell(fp_);
}

int64_t FileObject::seek(int64_t offset, int whence) {
  check_open();
  if (!binary() && whence == SEEK_CUR && offset != 0) unsupported("can't do nonzero cur-relative seeks");
  if (!binary() && whence == SEEK_END && offset != 0) unsupported("can't do nonzero end-relative seeks");
  if (whence < 0 || whence > 2) {
    if (binary()) raise_value_error(fmt::format("whence value {} unsupported", whence));
    raise_value_error(fmt::format("invalid whence ({}, should be 0, 1 or 2)", whence));
  }
  if (whence == SEEK_SET && offset < 0) raise_value_error(fmt::format("negative seek position {}", offset));
  if (std::fseek(fp_, offset, whence) != 0) {
    if (binary() && errno == EINVAL) raise(*exc_types().os_error, "[Errno 22] Invalid argument");
    raise(*exc_types().os_error, fmt::format("[Errno {}] {}", errno, std::strerror(errno)));
  }
  last_ = LastOp::None;
  telling_ = true;
  return std::ftell(fp_);
}

int64_t FileObject::truncate(std::optional<int64_t> size) {
  check_open();
  if (!flags_.write) unsupported("truncate");
  std::fflush(fp_);
  int64_t at = size ? *size : std::ftell(fp_);
  if (::ftruncate(::fileno(fp_), at) != 0)
    raise(*exc_types().os_error, fmt::format("[Errno {}] {}", errno, std::strerror(errno)));
  return at;
}

void FileObject::flush() {
  check_open();
  std::fflush(fp_);
}

void FileObject::close() {
  if (!fp_) return;
  std::FILE* fp = fp_;
  fp_ = nullptr;
  std::fclose(fp);
}

// --- open() ------------------------------------------------------------------

namespace {

struct ParsedMode {
  FileObject::Flags flags;
  bool binary = false, text = false, plus = false;
};

ParsedMode parse_mode(const std::string& mode) {
  ParsedMode m;
  std::string seen;
  for (char c : mode) {
    if (std::string_view("rwxabt+").find(c) == std::string_view::npos || seen.find(c) != std::string::npos)
      raise_value_error(fmt::format("invalid mode: {}", python_string_repr(mode)));
    seen += c;
  }
  auto has = [&](char c) { return seen.find(c) != std::string::npos; };
  m.binary = has('b');
  m.text = has('t');
  m.plus = has('+');
  if (m.binary && m.text) raise_value_error("can't have text and binary mode at once");
  int kinds = has('r') + has('w') + has('x') + has('a');
  if (kinds != 1) raise_value_error("must have exactly one of create/read/write/append mode");
  m.flags.read = has('r') || m.plus;
  m.flags.write = !has('r') || m.plus;
  m.flags.append = has('a');
  m.flags.create = has('x');
  m.flags.truncate = has('w');
  return m;
}

const std::string* optional_str(const Value* v, const char* what) {
  if (!v || v->is_none()) return nullptr;
  auto* s = v->as<StrObject>();
  if (!s) raise_type_error(fmt::format("open() argument '{}' must be str or None, not {}", what, type_name(*v)));
  return &s->value;
}

// The canonical spelling of the encodings backstep's UTF-8 strings can be
// written in as they are.
std::string checked_encoding(const std::string& name) {
  std::string key;
  for (char c : name) key += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (key == "utf-8" || key == "utf8" || key == "u8" || key == "ascii" || key == "us-ascii" || key == "latin-1" ||
      key == "latin1" || key == "iso-8859-1" || key == "locale")
    return name;
  raise(*exc_types().lookup_error, fmt::format("unknown encoding: {}", name));
}

std::FILE* open_stream(Interpreter& in, const Value& file, const ParsedMode& m, bool closefd) {
  const FileObject::Flags& f = m.flags;
  const char* stdio_mode = f.append ? (m.plus ? "a+" : "a") : !f.read ? "w" : m.plus ? (f.truncate || f.create ? "w+" : "r+") : "r";
  int fd;
  if (file.is_int_like()) {
    fd = closefd ? static_cast<int>(file.to_int()) : ::dup(static_cast<int>(file.to_int()));
    if (fd < 0) raise_os_error(in, errno);
  } else {
    const std::string& path = file.as<StrObject>()->value;
    int flags = O_CLOEXEC | (f.read && f.write ? O_RDWR : f.write ? O_WRONLY : O_RDONLY);
    if (f.truncate) flags |= O_CREAT | O_TRUNC;
    if (f.append) flags |= O_CREAT | O_APPEND;
    if (f.create) flags |= O_CREAT | O_EXCL;
    fd = ::open(path.c_str(), flags, 0666);
    if (fd < 0) raise_os_error(in, errno, file);
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      raise_os_error(in, EISDIR, file);
    }
  }
  std::FILE* fp = ::fdopen(fd, stdio_mode);
  if (!fp) {
    int err = errno;
    ::close(fd);
    raise_os_error(in, err, file);
  }
  return fp;
}

}  // namespace

Value builtin_open(Interpreter& in, Args& args) {
  auto a = bind_args(args, "open", {"file", "mode", "buffering", "encoding", "errors", "newline", "closefd", "opener"}, 1);
  Value file = *a[0];
  // An os.PathLike (pathlib.Path, ...) opens the path its __fspath__ gives,
  // and the file's name is that str, as in CPython.
  if (!file.as<StrObject>() && !file.is_int_like()) {
    if (auto fspath = lookup_special(in, file, "__fspath__")) {
      Value text = call(in, *fspath, {});
      if (!text.as<StrObject>())
        raise_type_error(fmt::format("expected {}.__fspath__() to return str or bytes, not {}", type_name(file),
                                     type_name(text)));
      file = text;
    }
  }
  auto* path = file.as<StrObject>();
  if (!path && !file.is_int_like())
    raise_type_error(fmt::format("expected str, bytes or os.PathLike object, not {}", type_name(file)));
  if (path && path->value.find('\0') != std::string::npos) raise_value_error("embedded null byte");
  std::string mode = "r";
  if (a[1]) {
    auto* s = a[1]->as<StrObject>();
    if (!s) raise_type_error(fmt::format("open() argument 'mode' must be str, not {}", type_name(*a[1])));
    mode = s->value;
  }
  const std::string* encoding = optional_str(a[3], "encoding");
  const std::string* errors = optional_str(a[4], "errors");
  const std::string* newline = optional_str(a[5], "newline");
  ParsedMode m = parse_mode(mode);
  if (m.binary) {
    if (encoding) raise_value_error("binary mode doesn't take an encoding argument");
    if (errors) raise_value_error("binary mode doesn't take an errors argument");
    if (newline) raise_value_error("binary mode doesn't take a newline argument");
    std::FILE* fp = open_stream(in, file, m, bool_arg(in, a[6], true));
    return Value(std::make_shared<FileObject>(fp, file, mode, m.flags, "", "", std::string()));
  }
  std::FILE* fp = open_stream(in, file, m, bool_arg(in, a[6], true));
  try {
    std::string enc = encoding ? checked_encoding(*encoding) : "UTF-8";
    if (newline && !newline->empty() && *newline != "\n" && *newline != "\r" && *newline != "\r\n")
      raise_value_error(fmt::format("illegal newline value: {}", *newline));
    std::optional<std::string> nl;
    if (newline) nl = *newline;
    return Value(std::make_shared<FileObject>(fp, file, mode, m.flags, enc, errors ? *errors : "strict", nl));
  } catch (...) {
    std::fclose(fp);
    throw;
  }
}

}  // namespace backstep::rt
