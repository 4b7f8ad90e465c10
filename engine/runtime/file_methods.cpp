// The Python-visible side of file objects: the class _io.TextIOWrapper with
// its methods and attributes, iteration by lines, and io.UnsupportedOperation.
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/file_object.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>
#include <unistd.h>

namespace backstep::rt {
namespace {

FileObject& file(const Value& v) { return *static_cast<FileObject*>(v.object_ptr()); }

// read(size=-1), readlines(hint=-1): an int or None.
int64_t size_or_none(const Args& a, size_t i) {
  if (a.pos.size() <= i || a.pos[i].is_none()) return -1;
  if (!a.pos[i].is_int_like())
    raise_type_error(fmt::format("argument should be integer or None, not '{}'", type_name(a.pos[i])));
  return a.pos[i].to_int();
}

// readline(size=-1): an int only.
int64_t int_size(const Args& a, size_t i) {
  if (a.pos.size() <= i) return -1;
  if (!a.pos[i].is_int_like())
    raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(a.pos[i])));
  return a.pos[i].to_int();
}

const std::string& str_to_write(const Value& v) {
  auto* s = v.as<StrObject>();
  if (!s) raise_type_error(fmt::format("write() argument must be str, not {}", type_name(v)));
  return s->value;
}

// A binary file reads and writes bytes; a text file str.
Value read_result(const FileObject& f, std::string data) {
  return f.binary() ? make_bytes(std::move(data)) : make_str(std::move(data));
}

const std::string& bytes_to_write(const Value& v) {
  const std::string* b = bytes_data(v);
  if (!b) raise_type_error(fmt::format("a bytes-like object is required, not '{}'", type_name(v)));
  return *b;
}

// write(x) on either kind of file: the count of characters or bytes written.
int64_t write_value(FileObject& f, const Value& v) {
  if (!f.binary()) return f.write(str_to_write(v));
  const std::string& b = bytes_to_write(v);
  f.write_raw(b.data(), b.size());
  return static_cast<int64_t>(b.size());
}

std::string read_line(FileObject& f, int64_t size) {
  return f.binary() ? f.readline_bytes(size) : f.readline(size);
}


Value readlines(FileObject& f, int64_t hint) {
  auto list = std::make_shared<ListObject>();
  int64_t total = 0;
  for (;;) {
    std::string line = read_line(f, -1);
    if (line.empty()) break;
    total += static_cast<int64_t>(line.size());
    list->items.push_back(read_result(f, std::move(line)));
    if (hint > 0 && total >= hint) break;
  }
  return Value(list);
}

void add_io_methods(TypeObject& t) {
  add_method(t, "read", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "read", 0, 1);
    FileObject& f = file(self);
    int64_t size = size_or_none(a, 0);
    return read_result(f, f.binary() ? f.read_bytes(size) : f.read(size));
  });
  add_method(t, "readline", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "readline", 0, 1);
    return read_result(file(self), read_line(file(self), int_size(a, 0)));
  });
  add_method(t, "readlines", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "readlines", 0, 1);
    int64_t hint = size_or_none(a, 0);
    file(self).check_open();
    return readlines(file(self), hint);
  });
  add_method(t, "write", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "write", 1, 1);
    return Value(write_value(file(self), a.pos[0]));
  });
  add_method(t, "writelines", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "writelines", 1, 1);
    file(self).check_open();
    for_each(in, a.pos[0], [&](const Value& line) {
      write_value(file(self), line);
      return true;
    });
    return Value();
  });
  add_method(t, "seek", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "seek", 1, 2);
    for (const Value& v : a.pos)
      if (!v.is_int_like())
        raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
    return Value(file(self).seek(a.pos[0].to_int(), a.pos.size() > 1 ? static_cast<int>(a.pos[1].to_int()) : 0));
  });
  add_method(t, "tell", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "tell", 0, 0);
    return Value(file(self).tell());
  });
  add_method(t, "truncate", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "truncate", 0, 1);
    std::optional<int64_t> size;
    if (!a.pos.empty() && !a.pos[0].is_none()) size = size_or_none(a, 0);
    return Value(file(self).truncate(size));
  });
}

void add_state_methods(TypeObject& t) {
  add_method(t, "flush", [](Interpreter&, const Value& self, Args&) -> Value {
    file(self).flush();
    return Value();
  });
  add_method(t, "close", [](Interpreter&, const Value& self, Args&) -> Value {
    file(self).close();
    return Value();
  });
  add_method(t, "fileno", [](Interpreter&, const Value& self, Args&) -> Value { return Value(int64_t(file(self).fileno())); });
  add_method(t, "isatty", [](Interpreter&, const Value& self, Args&) -> Value { return Value(::isatty(file(self).fileno()) == 1); });
  add_method(t, "readable", [](Interpreter&, const Value& self, Args&) -> Value {
    file(self).check_open();
    return Value(file(self).readable());
  });
  add_method(t, "writable", [](Interpreter&, const Value& self, Args&) -> Value {
    file(self).check_open();
    return Value(file(self).writable());
  });
  add_method(t, "seekable", [](Interpreter&, const Value& self, Args&) -> Value {
    file(self).check_open();
    return Value(::lseek(file(self).fileno(), 0, SEEK_CUR) >= 0);
  });
  add_method(t, "__enter__", [](Interpreter&, const Value& self, Args&) -> Value {
    file(self).check_open();
    return self;
  });
  add_method(t, "__exit__", [](Interpreter&, const Value& self, Args&) -> Value {
    file(self).close();
    return Value();
  });
}

void add_attributes(TypeObject& t) {
  add_getset(t, "name", [](Interpreter&, const Value& self) { return file(self).name; });
  add_getset(t, "mode", [](Interpreter&, const Value& self) { return make_str(file(self).mode); });
  add_getset(t, "encoding", [](Interpreter&, const Value& self) { return make_str(file(self).encoding); });
  add_getset(t, "errors", [](Interpreter&, const Value& self) { return make_str(file(self).errors); });
  add_getset(t, "closed", [](Interpreter&, const Value& self) { return Value(file(self).closed()); });
  add_getset(t, "line_buffering", [](Interpreter&, const Value&) { return Value(false); });
  add_getset(t, "newlines", [](Interpreter&, const Value&) { return Value(); });
}

}  // namespace

TypeObject& file_type() {
  static TypeObject* t = [] {
    TypeObject* type = new_type("TextIOWrapper", "_io", mutable_types().object);
    type->slots.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
    type->slots.iter = [](Interpreter&, const Value& v) {
      file(v).check_open();
      return v;
    };
    type->slots.next = [](Interpreter&, const Value& v) -> std::optional<Value> {
      std::string line = read_line(file(v), -1);
      if (!file(v).binary()) file(v).set_telling(line.empty());
      if (line.empty()) return std::nullopt;
      return read_result(file(v), std::move(line));
    };
    add_io_methods(*type);
    add_state_methods(*type);
    add_attributes(*type);
    return type;
  }();
  return *t;
}

const TypeObject& unsupported_operation_type() {
  static TypeObject* t = [] {
    const ExceptionTypes& e = exc_types();
    TypeObject* type = new_type("UnsupportedOperation", "io", {e.os_error, e.value_error});
    type->set_mro({type, e.os_error, e.value_error, e.exception, e.base_exception, mutable_types().object});
    return type;
  }();
  return *t;
}

}  // namespace backstep::rt
