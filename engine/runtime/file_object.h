// File objects: what the builtin open() returns (CPython's io.TextIOWrapper
// over a buffered file). Text is UTF-8 as backstep's str is; newline
// translation follows io's rules (universal newlines on read with
// newline=None, '\n' written as the newline argument asks). A binary file
// (mode 'rb', 'wb', 'ab', ...) reads and writes bytes (read_bytes,
// readline_bytes, write_raw), seeks relative to anywhere, as io.Buffered*.
#pragma once

#include "engine/runtime/context_manager.h"
#include "engine/runtime/object.h"

#include <cstdio>
#include <optional>
#include <string>

namespace backstep::rt {

class FileObject : public Object, public ContextManager {
 public:
  struct Flags {
    bool read = false, write = false, append = false, create = false, truncate = false;
  };
  FileObject(std::FILE* fp, Value name, std::string mode, Flags flags, std::string encoding, std::string errors,
             std::optional<std::string> newline);
  ~FileObject() override;
  const TypeObject& native_type() const override;
  std::string repr(Interpreter& in) const override;
  Value enter(Interpreter&) override { return Value(shared_from_this()); }
  bool exit(Interpreter& in, const ScriptError*) override;

  // Each of these raises CPython's ValueError / io.UnsupportedOperation
  // when the file is closed or not opened for the operation.
  std::string read(int64_t chars);        // chars < 0: to the end
  std::string readline(int64_t chars);    // one line with its ending; "" at the end
  int64_t write(const std::string& text);  // returns the number of characters
  int64_t seek(int64_t offset, int whence);
  int64_t tell();
  int64_t truncate(std::optional<int64_t> size);
  void flush();
  void close();

  // Binary files have no encoding (open() gives text files one always).
  bool binary() const { return encoding.empty(); }
  std::string read_raw();                       // the rest of the file, as bytes
  std::string read_bytes(int64_t n);            // binary read(n): n < 0 to the end
  std::string readline_bytes(int64_t n);        // binary readline(n): through b'\n'
  void write_raw(const char* data, size_t n);  // raises OSError when the write fails

  bool closed() const { return fp_ == nullptr; }
  bool readable() const { return flags_.read; }
  bool writable() const { return flags_.write; }
  int fileno() const;
  void check_open() const;
  // Iteration (`for line in f`) turns tell() off until the end is reached,
  // as CPython's TextIOWrapper does.
  void set_telling(bool on) { telling_ = on; }

  const Value name;
  const std::string mode;
  const std::string encoding;
  const std::string errors;
  const std::optional<std::string> newline;  // nullopt: universal newlines

 private:
  int get_char();  // the next byte after newline translation; EOF at the end
  std::string read_code_point(int first);
  void prepare(bool for_write);

  std::FILE* fp_;
  Flags flags_;
  enum class LastOp { None, Read, Write } last_ = LastOp::None;
  bool telling_ = true;
};

// The builtin open(file, mode='r', buffering=-1, encoding=None, errors=None,
// newline=None, closefd=True, opener=None).
Value builtin_open(Interpreter& in, Args& args);
// Adds the file methods to the file class (file_methods.cpp).
void install_file_methods(TypeObject& t);
TypeObject& file_type();
// io.UnsupportedOperation (a subclass of OSError and ValueError).
const TypeObject& unsupported_operation_type();

// OSError(errno, strerror(errno)[, filename[, None, filename2]]): the class
// picks FileNotFoundError, IsADirectoryError, ... for the errno.
[[noreturn]] void raise_os_error(Interpreter& in, int err, const Value& file = Value(), const Value& file2 = Value());

}  // namespace backstep::rt
