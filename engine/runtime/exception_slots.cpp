// The exception classes as Python has them: BaseException.__new__/__init__
// keep the arguments in `args`; str() and repr() follow them; the chaining
// and note attributes; the extra attributes of StopIteration, SystemExit,
// OSError, ImportError, AttributeError, NameError and SyntaxError.
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cerrno>

namespace backstep::rt {

namespace {

ExceptionObject& exc(const Value& v) { return *static_cast<ExceptionObject*>(v.object_ptr()); }

Value exc_new(Interpreter&, TypeObject& cls, Args& args) {
  auto e = std::make_shared<ExceptionObject>(cls, std::vector<Value>(args.pos.begin(), args.pos.end()));
  return Value(e);
}

// OSError(errno, strerror[, filename]) made as OSError picks the subclass
// for the errno, as CPython does.
Value os_error_new(Interpreter& in, TypeObject& cls, Args& args) {
  TypeObject* chosen = &cls;
  if (&cls == exc_types().os_error && args.pos.size() >= 2 && args.pos[0].is_int()) {
    switch (args.pos[0].as_int()) {
      case ENOENT: chosen = exc_types().file_not_found_error; break;
      case EEXIST: chosen = exc_types().file_exists_error; break;
      case EISDIR: chosen = exc_types().is_a_directory_error; break;
      case ENOTDIR: chosen = exc_types().not_a_directory_error; break;
      case EACCES:
      case EPERM: chosen = exc_types().permission_error; break;
      default: break;
    }
  }
  Value v = exc_new(in, *chosen, args);
  auto& e = exc(v);
  if (args.pos.size() >= 2 && args.pos.size() <= 5) {
    auto& d = e.ensure_instance_dict();
    d.set_str("errno", args.pos[0]);
    d.set_str("strerror", args.pos[1]);
    d.set_str("filename", args.pos.size() >= 3 ? args.pos[2] : Value());
    d.set_str("filename2", args.pos.size() >= 5 ? args.pos[4] : Value());
    if (args.pos.size() >= 3) e.args = {args.pos[0], args.pos[1]};  // CPython keeps two in args
  }
  return v;
}

void exc_init(Interpreter&, const Value& self, Args& args) {
  if (!args.kw.empty()) raise_type_error(fmt::format("{}() takes no keyword arguments", type_name(self)));
  auto& e = exc(self);
  if (!e.type().is_subtype_of(*exc_types().os_error) || args.pos.size() < 2)
    e.args.assign(args.pos.begin(), args.pos.end());
}

// ImportError, AttributeError and NameError take keyword arguments
// (name=, path=, obj=) that become attributes.
void keyword_exc_init(Interpreter&, const Value& self, Args& args) {
  auto& e = exc(self);
  e.args.assign(args.pos.begin(), args.pos.end());
  auto& d = e.ensure_instance_dict();
  for (const char* k : {"name", "path", "obj"}) {
    if (!d.find_str(k)) d.set_str(k, Value());
  }
  for (const auto& kw : args.kw) {
    if (kw.name != "name" && kw.name != "path" && kw.name != "obj")
      raise_type_error(fmt::format("'{}' is an invalid keyword argument for {}()", kw.name, type_name(self)));
    d.set_str(kw.name, kw.value);
  }
  if (e.type().is_subtype_of(*exc_types().import_error)) d.set_str("msg", args.pos.size() == 1 ? args.pos[0] : Value());
}

constexpr const char* kSyntaxErrorFields[] = {"msg",  "filename",   "lineno",     "offset",
                                              "text", "end_lineno", "end_offset", "print_file_and_line"};

// CPython's SyntaxError_init: SyntaxError(msg, (filename, lineno, offset,
// text[, end_lineno, end_offset])); the details are read only when there
// are exactly two arguments.
void syntax_error_init(Interpreter& in, const Value& self, Args& args) {
  exc_init(in, self, args);
  auto& d = exc(self).ensure_instance_dict();
  if (!args.pos.empty()) d.set_str("msg", args.pos[0]);
  if (args.pos.size() != 2) return;
  std::vector<Value> info = to_vector(in, args.pos[1]);
  if (info.size() < 4) raise_type_error(fmt::format("function takes at least 4 arguments ({} given)", info.size()));
  if (info.size() > 6) raise_type_error(fmt::format("function takes at most 6 arguments ({} given)", info.size()));
  for (size_t i = 0; i < info.size(); ++i) d.set_str(kSyntaxErrorFields[i + 1], info[i]);
}

std::string exc_str(Interpreter& in, const Value& self) {
  auto& e = exc(self);
  if (e.type().is_subtype_of(*exc_types().os_error)) {
    DictObject* d = e.instance_dict();
    const Value* no = d ? d->find_str("errno") : nullptr;
    const Value* msg = d ? d->find_str("strerror") : nullptr;
    const Value* file = d ? d->find_str("filename") : nullptr;
    if (no && msg && !no->is_none()) {
      std::string out = fmt::format("[Errno {}] {}", str(in, *no), str(in, *msg));
      if (file && !file->is_none()) out += ": " + repr(in, *file);
      return out;
    }
  }
  return e.str(in);
}

std::string exc_repr(Interpreter& in, const Value& self) { return exc(self).repr(in); }

void add_base_exception_attributes(TypeObject& t) {
  add_getset(
      t, "args", [](Interpreter&, const Value& self) { return make_tuple(exc(self).args); },
      [](Interpreter& in, const Value& self, const Value* v) {
        if (!v) raise_type_error("args may not be deleted");
        exc(self).args = to_vector(in, *v);
      });
  add_getset(
      t, "__cause__", [](Interpreter&, const Value& self) { return exc(self).cause; },
      [](Interpreter&, const Value& self, const Value* v) {
        if (v && !v->is_none() && !v->as<ExceptionObject>())
          raise_type_error("exception cause must be None or derive from BaseException");
        exc(self).cause = v ? *v : Value();
        exc(self).suppress_context = true;
      });
  add_getset(
      t, "__context__", [](Interpreter&, const Value& self) { return exc(self).context; },
      [](Interpreter&, const Value& self, const Value* v) { exc(self).context = v ? *v : Value(); });
  add_getset(
      t, "__suppress_context__", [](Interpreter&, const Value& self) { return Value(exc(self).suppress_context); },
      [](Interpreter& in, const Value& self, const Value* v) { exc(self).suppress_context = v && truthy(in, *v); });
  add_getset(
      t, "__traceback__", [](Interpreter&, const Value&) { return Value(); },
      [](Interpreter&, const Value&, const Value*) {});
  add_getset(t, "__notes__", [](Interpreter&, const Value& self) -> Value {
    auto& e = exc(self);
    if (e.notes.empty()) raise_attribute_error(fmt::format("'{}' object has no attribute '__notes__'", type_name(self)));
    std::vector<Value> out;
    for (const auto& n : e.notes) out.push_back(make_str(n));
    return make_list(std::move(out));
  });
  add_method(t, "add_note", [](Interpreter&, const Value& self, Args& a) {
    expect_args(a, "add_note", 1, 1);
    auto* s = a.pos[0].as<StrObject>();
    if (!s) raise_type_error(fmt::format("note must be a str, not '{}'", type_name(a.pos[0])));
    exc(self).notes.push_back(s->value);
    return Value();
  });
  add_method(t, "with_traceback", [](Interpreter&, const Value& self, Args&) { return self; });
}

Value first_arg_or_none(const Value& self) {
  auto& e = exc(self);
  return e.args.empty() ? Value() : e.args[0];
}

}  // namespace

Value stop_iteration_value(const ExceptionObject& e) { return e.args.empty() ? Value() : e.args[0]; }

void install_exception_slots() {
  const auto& t = exc_types();
  TypeObject& base = *t.base_exception;
  base.set_instance_kind(ObjKind::Exception);
  base.set_instances_have_dict(true);
  base.slots.new_ = &exc_new;
  base.slots.init = &exc_init;
  base.slots.str = &exc_str;
  base.slots.repr = &exc_repr;
  add_base_exception_attributes(base);
  add_getset(*t.stop_iteration, "value", [](Interpreter&, const Value& self) { return first_arg_or_none(self); });
  add_getset(*t.system_exit, "code", [](Interpreter&, const Value& self) -> Value {
    auto& e = exc(self);
    if (e.args.size() > 1) return make_tuple(e.args);
    return first_arg_or_none(self);
  });
  for (TypeObject* k : {t.import_error, t.attribute_error, t.name_error}) k->slots.init = &keyword_exc_init;
  t.os_error->slots.new_ = &os_error_new;
  t.syntax_error->slots.init = &syntax_error_init;
  // CPython's are member slots: None until set, even when __init__ never
  // ran (a subclass that does not call it). Ours live in the instance dict.
  for (const char* field : kSyntaxErrorFields) {
    std::string name = field;
    add_getset(
        *t.syntax_error, name,
        [name](Interpreter&, const Value& self) -> Value {
          const DictObject* d = exc(self).instance_dict();
          const Value* v = d ? d->find_str(name) : nullptr;
          return v ? *v : Value();
        },
        [name](Interpreter&, const Value& self, const Value* v) {
          auto& d = exc(self).ensure_instance_dict();
          if (v) d.set_str(name, *v);
          else d.erase_str(name);
        });
  }
  // Subclasses made so far (the builtin tree) take these slots; user
  // classes copy them when they are made.
  for (TypeObject* e : all_exception_types()) {
    if (e == &base) continue;
    const TypeSlots& parent = e->base()->slots;
    TypeSlots& s = e->slots;
    if (!s.new_ || s.new_ == types().object->slots.new_) s.new_ = parent.new_;
    if (!s.init || s.init == types().object->slots.init) s.init = parent.init;
    s.str = parent.str;
    s.repr = parent.repr;
    s.getattr = parent.getattr;
    s.setattr = parent.setattr;
    e->set_instance_kind(ObjKind::Exception);
    e->set_layout_base(&base);
    e->set_instances_have_dict(true);
  }
}

}  // namespace backstep::rt
