// Python's builtin functions.
#include "engine/format/float_repr.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/big_int.h"
#include "engine/runtime/bytearray_object.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/file_object.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/sys_module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/str_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace backstep::rt {
void install_memoryview_type(Interpreter& in);  // memoryview_object.cpp
}  // namespace backstep::rt

namespace backstep::rt {

void install_type_constructors(Interpreter& in);  // builtin_types.cpp
void install_class_builtins(Interpreter& in);     // class_builtins.cpp
void install_exec_builtins(Interpreter& in);      // exec_builtins.cpp
void install_iteration_builtins(Interpreter& in);  // iteration_builtins.cpp

namespace {

using Fn = Value (*)(Interpreter&, Args&);

// print(..., file=f) for any other file: each piece goes to f.write() in
// turn, as CPython writes them.
Value print_to_file(Interpreter& in, Args& a, const Value& file, const std::string& sep, const std::string& end) {
  Value write = get_attr(in, file, "write");
  for (size_t i = 0; i < a.pos.size(); ++i) {
    if (i) call(in, write, {make_str(sep)});
    call(in, write, {make_str(str(in, a.pos[i]))});
  }
  call(in, write, {make_str(end)});
  if (const Value* f = a.find_kw("flush"); f && truthy(in, *f)) {
    Args none;
    call_method(in, file, "flush", none);
  }
  return Value();
}

Value b_print(Interpreter& in, Args& a) {
  // Without file=, print writes to whatever sys.stdout is now
  // (contextlib.redirect_stdout assigns it); None prints nothing.
  if (const Value* f = a.find_kw("file"); !f || f->is_none()) {
    if (const Value* sys = in.modules()->find_str("sys")) {
      Value out = get_attr(in, *sys, "stdout");
      if (!is_stdout_stream(out)) {
        if (out.is_none()) return Value();
        Args to_file;
        to_file.pos = a.pos;
        for (const auto& k : a.kw)
          if (k.name != "file") to_file.kw.push_back(k);
        to_file.kw.push_back({"file", out});
        return b_print(in, to_file);
      }
    }
  }
  std::string sep = " ", end = "\n";
  if (const Value* s = a.find_kw("sep"); s && !s->is_none()) sep = str(in, *s);
  if (const Value* e = a.find_kw("end"); e && !e->is_none()) end = str(in, *e);
  bool to_stderr = false;
  if (const Value* file = a.find_kw("file"); file && !file->is_none()) {
    to_stderr = is_stderr_stream(*file);
    if (!to_stderr && !is_stdout_stream(*file)) return print_to_file(in, a, *file, sep, end);
  }
  std::string out;
  for (size_t i = 0; i < a.pos.size(); ++i) {
    if (i) out += sep;
    out += str(in, a.pos[i]);
  }
  out += end;
  if (to_stderr) in.sink().err(out); else in.sink().out(out);
  if (const Value* f = a.find_kw("flush"); f && truthy(in, *f)) in.sink().flush();
  return Value();
}

Value b_len(Interpreter& in, Args& a) {
  expect_args(a, "len", 1, 1);
  return length(in, a.pos[0]);
}

Value b_repr(Interpreter& in, Args& a) {
  expect_args(a, "repr", 1, 1);
  return make_str(repr(in, a.pos[0]));
}

Value b_abs(Interpreter& in, Args& a) {
  expect_args(a, "abs", 1, 1);
  const Value& v = a.pos[0];
  if (v.is_float()) return std::fabs(v.as_float());
  if (v.is_int_like()) return v.to_int() < 0 ? unary(in, UnaryOp::Neg, v) : Value(v.to_int());
  if (auto m = lookup_special(in, v, "__abs__")) return call(in, *m, {});
  if (v.is_tensor()) {
    Args none;
    return call_method(in, v, "abs", none);
  }
  raise_type_error(fmt::format("bad operand type for abs(): '{}'", type_name(v)));
}

Value b_getattr(Interpreter& in, Args& a) {
  expect_args(a, "getattr", 2, 3);
  auto* name = a.pos[1].as<StrObject>();
  if (!name) raise_type_error("attribute name must be string");
  if (a.pos.size() == 3) {
    try {
      if (auto v = try_get_attr(in, a.pos[0], name->value)) return *v;
    } catch (const ScriptError& e) {
      if (!e.type().is_subtype_of(*exc_types().attribute_error)) throw;
    }
    return a.pos[2];
  }
  return get_attr(in, a.pos[0], name->value);
}

Value b_hasattr(Interpreter& in, Args& a) {
  expect_args(a, "hasattr", 2, 2);
  auto* name = a.pos[1].as<StrObject>();
  if (!name) raise_type_error("attribute name must be string");
  try {
    return try_get_attr(in, a.pos[0], name->value).has_value();
  } catch (const ScriptError& e) {
    if (e.type().is_subtype_of(*exc_types().attribute_error)) return false;
    throw;
  }
}

Value b_setattr(Interpreter& in, Args& a) {
  expect_args(a, "setattr", 3, 3);
  auto* name = a.pos[1].as<StrObject>();
  if (!name) raise_type_error("attribute name must be string");
  set_attr(in, a.pos[0], name->value, a.pos[2]);
  return Value();
}

Value b_sorted(Interpreter& in, Args& a);

Value b_dir(Interpreter& in, Args& a) {
  expect_args(a, "dir", 0, 1);
  if (a.pos.empty()) {
    std::vector<std::string> names = in.global_names();
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::vector<Value> out;
    for (auto& n : names) out.push_back(make_str(std::move(n)));
    return make_list(std::move(out));
  }
  // dir(x) is sorted(type(x).__dir__(x)): a class's own __dir__ answers,
  // and a module's own __dir__ function (PEP 562).
  auto method = lookup_special(in, a.pos[0], "__dir__");
  if (auto* m = a.pos[0].as<ModuleObject>(); m && m->ns())
    if (auto own = m->ns()->get("__dir__")) method = own;
  if (!method) raise_type_error("object does not provide __dir__");
  Value names = make_list(to_vector(in, call(in, *method, {})));
  Args sort_args{names};
  return b_sorted(in, sort_args);
}

// min() and max() share everything but the direction.
Value extreme(Interpreter& in, Args& a, const char* name, CmpOp better) {
  const Value* key = a.find_kw("key");
  const Value* deflt = a.find_kw("default");
  if (a.pos.empty()) raise_type_error(fmt::format("{} expected at least 1 argument, got 0", name));
  std::vector<Value> items = a.pos.size() == 1 ? to_vector(in, a.pos[0]) : std::vector<Value>(a.pos.begin(), a.pos.end());
  if (items.empty()) {
    if (deflt) return *deflt;
    raise_value_error(fmt::format("{}() arg is an empty sequence", name));
  }
  Value best = items[0];
  Value best_key = key && !key->is_none() ? in.call(*key, {best}) : best;
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key && !key->is_none() ? in.call(*key, {items[i]}) : items[i];
    if (truthy(in, compare(in, better, k, best_key))) {
      best = items[i];
      best_key = k;
    }
  }
  return best;
}
Value b_min(Interpreter& in, Args& a) { return extreme(in, a, "min", CmpOp::Lt); }
Value b_max(Interpreter& in, Args& a) { return extreme(in, a, "max", CmpOp::Gt); }

Value b_sum(Interpreter& in, Args& a) {
  expect_args(a, "sum", 1, 2);
  Value total = a.pos.size() > 1 ? a.pos[1] : (a.find_kw("start") ? *a.find_kw("start") : Value(int64_t(0)));
  if (total.as<StrObject>()) raise_type_error("sum() can't sum strings [use ''.join(seq) instead]");
  for_each(in, a.pos[0], [&](const Value& v) {
    total = binary(in, BinOp::Add, total, v);
    return true;
  });
  return total;
}

Value b_any(Interpreter& in, Args& a) {
  expect_args(a, "any", 1, 1);
  bool found = false;
  for_each(in, a.pos[0], [&](const Value& v) { return !(found = truthy(in, v)); });
  return found;
}

Value b_all(Interpreter& in, Args& a) {
  expect_args(a, "all", 1, 1);
  bool ok = true;
  for_each(in, a.pos[0], [&](const Value& v) { return ok = truthy(in, v); });
  return ok;
}

Value b_sorted(Interpreter& in, Args& a) {
  expect_args(a, "sorted", 1, 1);
  std::vector<Value> items = to_vector(in, a.pos[0]);
  const Value* key = a.find_kw("key");
  const Value* rev = a.find_kw("reverse");
  bool reverse = rev && truthy(in, *rev);
  std::vector<std::pair<Value, Value>> keyed;
  for (auto& v : items) keyed.emplace_back(key && !key->is_none() ? in.call(*key, {v}) : v, v);
  // Python's sort is stable also when reversed: reverse, stable-sort, reverse.
  if (reverse) std::reverse(keyed.begin(), keyed.end());
  std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& x, const auto& y) {
    return truthy(in, compare(in, CmpOp::Lt, x.first, y.first));
  });
  if (reverse) std::reverse(keyed.begin(), keyed.end());
  std::vector<Value> out;
  for (auto& kv : keyed) out.push_back(std::move(kv.second));
  return make_list(std::move(out));
}

Value b_round(Interpreter& in, Args& a) {
  expect_args(a, "round", 1, 2);
  const Value& x = a.pos[0];
  const Value* nd = a.pos.size() > 1 ? &a.pos[1] : a.find_kw("ndigits");
  if (x.is_tensor()) {
    Args none;
    return call_method(in, x, "round", none);
  }
  if (x.is_int_like() && (!nd || nd->is_none())) return Value(x.to_int());
  if (!x.is_float()) {
    // ints with ndigits, number subclasses and user classes: __round__.
    auto m = lookup_special(in, x, "__round__");
    if (!m) raise_type_error(fmt::format("type {} doesn't define __round__ method", type_name(x)));
    Args rest;
    if (nd) rest.pos.push_back(*nd);
    return call(in, *m, rest);
  }
  double d = x.as_float();
  if (!nd || nd->is_none()) {
    if (!std::isfinite(d)) raise_value_error(std::isnan(d) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
    return int_from_double(std::nearbyint(d));  // ties to even, as Python 3
  }
  if (!std::isfinite(d)) return d;
  int64_t n = nd->to_int();
  if (n > 300) return d;
  // Correctly rounded through the shortest decimal text, as CPython does.
  std::string text = format::double_to_string(d, 'f', static_cast<int>(std::max<int64_t>(n, 0)));
  double r = std::stod(text);
  if (n < 0) {
    double p = std::pow(10.0, static_cast<double>(-n));
    r = std::nearbyint(d / p) * p;
  }
  return r;
}

Value b_divmod(Interpreter& in, Args& a) {
  expect_args(a, "divmod", 2, 2);
  return make_tuple({binary(in, BinOp::FloorDiv, a.pos[0], a.pos[1]), binary(in, BinOp::Mod, a.pos[0], a.pos[1])});
}

Value b_format(Interpreter& in, Args& a) {
  expect_args(a, "format", 1, 2);
  std::string spec = a.pos.size() > 1 ? str(in, a.pos[1]) : "";
  return make_str(format_value(in, a.pos[0], spec));
}

Value b_chr(Interpreter&, Args& a) {
  expect_args(a, "chr", 1, 1);
  if (!a.pos[0].is_int_like()) raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(a.pos[0])));
  int64_t cp = a.pos[0].to_int();
  if (cp < 0 || cp >= 0x110000) raise_value_error("chr() arg not in range(0x110000)");
  std::string out;
  auto put = [&](int64_t bits) { out += static_cast<char>(bits); };
  if (cp < 0x80) {
    put(cp);
  } else if (cp < 0x800) {
    put(0xC0 | (cp >> 6));
    put(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    put(0xE0 | (cp >> 12));
    put(0x80 | ((cp >> 6) & 0x3F));
    put(0x80 | (cp & 0x3F));
  } else {
    put(0xF0 | (cp >> 18));
    put(0x80 | ((cp >> 12) & 0x3F));
    put(0x80 | ((cp >> 6) & 0x3F));
    put(0x80 | (cp & 0x3F));
  }
  return make_str(out);
}

Value b_ord(Interpreter&, Args& a) {
  expect_args(a, "ord", 1, 1);
  auto* s = a.pos[0].as<StrObject>();
  if (!s || s->value.empty()) raise_type_error("ord() expected a character");
  unsigned char c = static_cast<unsigned char>(s->value[0]);
  if (c < 0x80) return static_cast<int64_t>(c);
  int64_t cp = c >= 0xF0 ? c & 0x07 : c >= 0xE0 ? c & 0x0F : c & 0x1F;
  for (size_t i = 1; i < s->value.size(); ++i) cp = (cp << 6) | (static_cast<unsigned char>(s->value[i]) & 0x3F);
  return cp;
}

Value b_breakpoint(Interpreter& in, Args&) {
  if (in.observer()) in.observer()->on_breakpoint(in, in.current_span());
  return Value();
}

// __import__(name, globals=None, locals=None, fromlist=(), level=0): the
// module `import name` binds (the top package) or, with a fromlist, the
// named module itself.
Value b_import(Interpreter& in, Args& a) {
  auto b = bind_args(a, "__import__", {"name", "globals", "locals", "fromlist", "level"}, 1);
  auto* name = b[0]->as<StrObject>();
  if (!name) raise_type_error(fmt::format("__import__() argument 1 must be str, not {}", type_name(*b[0])));
  int64_t level = b[4] ? b[4]->to_int() : 0;
  if (level < 0) raise_value_error("level must be >= 0");
  if (level == 0 && name->value.empty()) raise_value_error("Empty module name");
  std::string dotted = level ? in.resolve_relative(std::string(static_cast<size_t>(level), '.') + name->value)
                             : name->value;
  Value mod = in.import_module(dotted);
  if (b[3] && truthy(in, *b[3])) return mod;
  if (level) return mod;
  return in.import_module(dotted.substr(0, dotted.find('.')));
}

Value b_exit(Interpreter&, Args& a) {
  throw ScriptError(std::make_shared<ExceptionObject>(*exc_types().system_exit,
                                                      std::vector<Value>(a.pos.begin(), a.pos.end())));
}

}  // namespace

void install_int_builtins(Interpreter& in);  // int_builtins.cpp: hex, oct, bin, pow

void install_builtins(Interpreter& in) {
  static const std::pair<const char*, Fn> functions[] = {
      {"print", b_print},       {"len", b_len},           {"repr", b_repr},         {"abs", b_abs},
      {"getattr", b_getattr},   {"hasattr", b_hasattr},   {"setattr", b_setattr},   {"dir", b_dir},
      {"min", b_min},           {"max", b_max},           {"sum", b_sum},           {"any", b_any},
      {"all", b_all},           {"sorted", b_sorted},     {"round", b_round},       {"divmod", b_divmod},
      {"format", b_format},     {"chr", b_chr},           {"ord", b_ord},           {"breakpoint", b_breakpoint},
      {"exit", b_exit},         {"quit", b_exit},         {"open", builtin_open},
      {"__import__", b_import},
  };
  for (const auto& [name, fn] : functions) in.set_builtin(name, make_builtin(name, fn));
  for (TypeObject* t : all_exception_types()) in.set_builtin(t->name(), type_value(*t));
  in.set_builtin("Ellipsis", ellipsis());
  in.set_builtin("__name__", make_str("__main__"));
  install_type_constructors(in);
  install_class_builtins(in);
  install_exec_builtins(in);
  install_iteration_builtins(in);
  install_int_builtins(in);
  in.set_builtin("bytes", type_value(*bytes_type()));
  in.set_builtin("bytearray", type_value(*bytearray_type()));
  install_memoryview_type(in);
}

}  // namespace backstep::rt

namespace backstep::rt {
// list.sort() shares sorted()'s key/reverse handling.
Value call_builtin_sorted(Interpreter& in, Args& a) { return b_sorted(in, a); }
}  // namespace backstep::rt
