// `import`: finding a module and running it once.
//
// Note [Where a module comes from]
// Python's order, minus what backstep has no use for (zip imports, .pyc,
// extension modules): sys.modules first; then the modules backstep builds
// in C++ (torch, math, sys, ...); then each folder on sys.path, where
// `name/__init__.py` is a package and `name.py` a module; last, backstep's
// own Python library (pylib: collections, functools, dataclasses, ...),
// compiled into the binary. So a program's own `utils.py` beside it wins
// over anything of ours with that name, as a file beside a script wins over
// the standard library in CPython.
//
// Note [A module is registered before its code runs]
// sys.modules holds the new module before its body runs, so a circular
// import (a imports b, b imports a) gets the partly run module instead of
// running it again; `from a import x` then fails with CPython's "partially
// initialized module" message when x is not bound yet. A module whose code
// raises is removed again, so the next import retries it.
#include "engine/lang/parser.h"
#include "engine/lang/source.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/pylib.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace backstep::rt {
namespace fs = std::filesystem;

namespace {

std::optional<std::string> read_text(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return std::nullopt;
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The folders a module is searched in: its package's __path__, or sys.path.
std::vector<std::string> search_path(Interpreter& in, const Value& parent) {
  Value list = parent.is_none() ? get_attr(in, in.import_module("sys"), "path")
                                : try_get_attr(in, parent, "__path__").value_or(Value());
  std::vector<std::string> out;
  if (auto* l = list.as<ListObject>())
    for (const auto& v : l->items)
      if (auto* s = v.as<StrObject>()) out.push_back(s->value.empty() ? "." : s->value);
  return out;
}

std::string last_part(const std::string& dotted) {
  size_t dot = dotted.rfind('.');
  return dot == std::string::npos ? dotted : dotted.substr(dot + 1);
}

}  // namespace

ScriptError syntax_error_from(const lang::Diagnostic& d) {
  const TypeObject& cls = d.type == "IndentationError" ? *exc_types().indentation_error
                          : d.type == "RecursionError" ? *exc_types().recursion_error  // Note [expression depth]
                                                       : *exc_types().syntax_error;
  auto exc = std::make_shared<ExceptionObject>(cls, std::vector<Value>{make_str(d.message)});
  exc->syntax_span = d.span;
  // SyntaxError's attributes, as CPython sets them (offsets 1-based).
  DictObject& attrs = exc->ensure_instance_dict();
  attrs.set_str("msg", make_str(d.message));
  bool located = d.span.valid();
  attrs.set_str("filename", located ? make_str(lang::file_name_of(d.span)) : Value());
  attrs.set_str("lineno", located ? Value(int64_t(d.span.line)) : Value());
  attrs.set_str("offset", located ? Value(int64_t(d.span.col)) : Value());
  attrs.set_str("text", located ? make_str(std::string(lang::source_line(d.span)) + "\n") : Value());
  attrs.set_str("end_lineno", located ? Value(int64_t(d.span.end_line)) : Value());
  attrs.set_str("end_offset", located ? Value(int64_t(d.span.end_col)) : Value());
  return ScriptError(exc);
}

std::string Interpreter::resolve_relative(const std::string& dotted_name) {
  size_t level = 0;
  while (level < dotted_name.size() && dotted_name[level] == '.') ++level;
  if (level == 0) return dotted_name;
  // __package__ is the package a module is in; a package's own is itself.
  std::string package;
  if (auto p = global("__package__"); p && p->as<StrObject>()) package = p->as<StrObject>()->value;
  if (package.empty())
    raise_import_error(*exc_types().import_error, "attempted relative import with no known parent package", "");
  for (size_t i = 1; i < level; ++i) {
    size_t dot = package.rfind('.');
    if (dot == std::string::npos)
      raise_import_error(*exc_types().import_error, "attempted relative import beyond top-level package", "");
    package.resize(dot);
  }
  std::string rest = dotted_name.substr(level);
  return rest.empty() ? package : package + "." + rest;
}

Value Interpreter::import_module(const std::string& dotted_name) {
  if (const Value* cached = modules_->find_str(dotted_name)) {
    if (cached->is_none())
      raise_import_error(*exc_types().module_not_found_error,
                         fmt::format("import of {} halted; None in sys.modules", dotted_name), dotted_name);
    return *cached;
  }
  // Importing a submodule imports its parents first and binds it on them,
  // so `import torch.nn.functional` makes `torch.nn.functional` reachable.
  size_t dot = dotted_name.rfind('.');
  Value parent = dot == std::string::npos ? Value() : import_module(dotted_name.substr(0, dot));
  if (const Value* cached = modules_->find_str(dotted_name)) return *cached;  // the parent imported it
  Value mod;
  if (auto it = module_factories_.find(dotted_name); it != module_factories_.end()) {
    mod = it->second(*this);
    modules_->set_str(dotted_name, mod);
  } else {
    mod = find_and_load(dotted_name);
  }
  if (!parent.is_none()) set_attr(*this, parent, last_part(dotted_name), mod);
  return mod;
}

Value Interpreter::find_and_load(const std::string& dotted_name) {
  size_t dot = dotted_name.rfind('.');
  Value parent = dot == std::string::npos ? Value() : *modules_->find_str(dotted_name.substr(0, dot));
  const std::string name = last_part(dotted_name);
  // A native module with native submodules (torch: torch.nn, torch.autograd)
  // is a package as PyTorch's is, though it has no folder.
  const std::string parent_name = dot == std::string::npos ? "" : dotted_name.substr(0, dot);
  auto sub = module_factories_.lower_bound(parent_name + ".");
  const bool native_package =
      !parent_name.empty() && sub != module_factories_.end() && sub->first.rfind(parent_name + ".", 0) == 0;
  // pylib's modules under a native package (torch.nn.functional under the
  // native torch.nn) are found as the package's own.
  const bool pylib_child = !parent_name.empty() && find_pylib(dotted_name).has_value();
  const bool parent_is_package = parent.is_none() || native_package || pylib_child ||
                                 try_get_attr(*this, parent, "__path__").has_value();
  if (parent_is_package) {
    for (const auto& dir : search_path(*this, parent)) {
      fs::path package = fs::path(dir) / name;
      if (auto text = read_text(package / "__init__.py"))
        return load_source_module(dotted_name, (package / "__init__.py").string(), std::move(*text), package.string());
      if (auto text = read_text(fs::path(dir) / (name + ".py")))
        return load_source_module(dotted_name, (fs::path(dir) / (name + ".py")).string(), std::move(*text), std::nullopt);
    }
    if (auto source = find_pylib(dotted_name))
      return load_source_module(dotted_name, source->file, std::string(source->text),
                                source->is_package ? std::optional<std::string>(source->folder) : std::nullopt);
  }
  std::string message = fmt::format("No module named '{}'", dotted_name);
  if (!parent_is_package) message += fmt::format("; '{}' is not a package", dotted_name.substr(0, dot));
  if (dotted_name == "numpy" || dotted_name.rfind("numpy.", 0) == 0)
    message += " (backstep runs torch programs; numpy is not available)";
  raise_import_error(*exc_types().module_not_found_error, std::move(message), dotted_name);
}

Value Interpreter::load_source_module(const std::string& dotted_name, const std::string& file, std::string text,
                                      std::optional<std::string> package_dir) {
  auto globals = std::make_shared<ModuleGlobals>();
  auto mod = make_module(dotted_name);
  mod->set_namespace(globals, file);
  globals->set("__name__", make_str(dotted_name));
  globals->set("__file__", make_str(file));
  globals->set("__doc__", Value());
  size_t dot = dotted_name.rfind('.');
  globals->set("__package__", make_str(package_dir ? dotted_name : dot == std::string::npos ? "" : dotted_name.substr(0, dot)));
  if (package_dir) globals->set("__path__", Value(std::make_shared<ListObject>(std::vector<Value>{make_str(*package_dir)})));
  Value module(mod);
  modules_->set_str(dotted_name, module);  // Note [A module is registered before its code runs]
  try {
    uint32_t id = lang::SourceRegistry::instance().add(file, std::move(text));
    auto parsed = lang::parse_module(id);
    if (!parsed.ok()) throw syntax_error_from(parsed.error());
    auto resolved = lang::resolve(*parsed.value(), globals->names);
    if (!resolved.ok()) throw syntax_error_from(resolved.error());
    globals->grow();
    modules_code_.push_back(std::move(parsed.value()));
    globals->initializing = true;
    run_module(*modules_code_.back(), Mode::File, *globals);
    globals->initializing = false;
  } catch (...) {
    globals->initializing = false;
    modules_->erase_str(dotted_name);
    throw;
  }
  return module;
}

}  // namespace backstep::rt
