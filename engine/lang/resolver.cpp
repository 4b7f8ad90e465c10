// Scopes and slots: where each name lives, following CPython 3.11's symbol
// table. The walk over the tree is in resolve_walk.cpp.
#include "engine/lang/resolver.h"

#include "engine/lang/resolver_internal.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::lang {

uint32_t GlobalNames::intern(std::string_view name) {
  auto it = slots_.find(std::string(name));
  if (it != slots_.end()) return it->second;
  uint32_t slot = static_cast<uint32_t>(names_.size());
  names_.emplace_back(name);
  slots_.emplace(std::string(name), slot);
  return slot;
}

const uint32_t* GlobalNames::find(std::string_view name) const {
  auto it = slots_.find(std::string(name));
  return it == slots_.end() ? nullptr : &it->second;
}

namespace detail {

bool Scope::binds(const std::string& n) const {
  return std::find(bound.begin(), bound.end(), n) != bound.end() && !declares(n);
}

void Scope::bind(const std::string& n) {
  if (std::find(bound.begin(), bound.end(), n) == bound.end()) bound.push_back(n);
}

void Resolver::fail(const Span& s, std::string msg) {
  throw ResolveFailure{Diagnostic{s, "SyntaxError", std::move(msg)}};
}

void Resolver::compile_error(const Span& s, std::string msg) {
  if (phase_ == Phase::Collect && !compile_error_) compile_error_ = Diagnostic{s, "SyntaxError", std::move(msg)};
}


void Resolver::run(Module& m) {
  future_annotations_ = m.future_annotations;
  for (size_t i = 0; i < m.body.size(); ++i) {
    const Stmt& st = *m.body[i];
    if (i == 0 && is_docstring(st)) continue;
    if (st.kind != StmtKind::ImportFrom || static_cast<const ImportFrom&>(st).module != "__future__") break;
    leading_futures_.insert(&st);
  }
  Scope module;
  phase_ = Phase::Collect;
  child_index_.clear();
  walk_body(m.body, module);
  phase_ = Phase::Capture;
  child_index_.clear();
  walk_body(m.body, module);
  layout_all(module);
  phase_ = Phase::Assign;
  child_index_.clear();
  walk_body(m.body, module);
  if (compile_error_) throw ResolveFailure{*compile_error_};
}

// --- name sites --------------------------------------------------------------

void Resolver::bind_name(const std::string& n, Scope& s, NameSlot& slot) {
  if (phase_ == Phase::Collect) {
    s.bind(n);
    return;
  }
  slot = lookup(n, s);
}

std::string Resolver::mangled(const std::string& n) const {
  if (private_owner_.empty() || n.size() < 3 || n.compare(0, 2, "__") != 0) return n;
  if (n.compare(n.size() - 2, 2, "__") == 0 || n.find('.') != std::string::npos) return n;
  return "_" + private_owner_ + n;
}

void Resolver::use_name(Name& name, Scope& s) {
  if (phase_ == Phase::Collect) {
    mangle(name.id);
    s.used.insert(name.id);
    return;
  }
  name.slot = lookup(name.id, s);
  // CPython: `super` in a function counts as a use of `__class__`, so that
  // zero-argument super() finds the class being defined in that cell.
  if (name.id == "super" && (s.kind == Scope::Kind::Function || s.kind == Scope::Kind::Comprehension) &&
      !s.binds("__class__") && !s.declares("__class__")) {
    if (Scope* b = find_binder("__class__", s)) capture("__class__", s, *b);
  }
}

// Decides where `n`, seen in scope `s`, lives. Runs in the Assign phase,
// when all bindings are known; marks captures and frees along the way, so
// it runs before slot numbers are final (see walk_scope).
NameSlot Resolver::lookup(const std::string& n, Scope& s) {
  if (s.is_module() && frame_) {
    const auto& locals = frame_->local_names;
    auto l = std::find(locals.begin(), locals.end(), n);
    if (l != locals.end()) return NameSlot{NameSlot::Scope::Local, static_cast<uint32_t>(l - locals.begin())};
    for (size_t i = 0; i < frame_->cell_count(); ++i) {
      const std::string& c = i < frame_->cell_names.size() ? frame_->cell_names[i]
                                                           : frame_->free_names[i - frame_->cell_names.size()];
      if (c == n) return NameSlot{NameSlot::Scope::Cell, static_cast<uint32_t>(i)};
    }
  }
  if (s.is_module() || s.globals.count(n)) return global(n);
  if (s.is_class()) return lookup_in_class(n, s);
  if (s.binds(n)) return local_or_cell(n, s);
  if (Scope* binder = find_binder(n, s)) return NameSlot{NameSlot::Scope::Cell, capture(n, s, *binder)};
  if (s.nonlocals.count(n)) fail(s.nonlocal_spans[n], fmt::format("no binding for nonlocal '{}' found", n));
  return global(n);
}

// A class body reads its own namespace first (LOAD_NAME), or, for a name an
// enclosing function binds, its namespace and then that cell
// (LOAD_CLASSDEREF).
NameSlot Resolver::lookup_in_class(const std::string& n, Scope& s) {
  Scope* binder = find_binder(n, s);
  if (s.nonlocals.count(n)) {
    if (!binder) fail(s.nonlocal_spans[n], fmt::format("no binding for nonlocal '{}' found", n));
    return NameSlot{NameSlot::Scope::ClassBodyFree, capture(n, s, *binder)};
  }
  if (s.binds(n) || !binder) return NameSlot{NameSlot::Scope::ClassBody, 0};
  return NameSlot{NameSlot::Scope::ClassBodyFree, capture(n, s, *binder)};
}

// The nearest enclosing scope whose binding of `n` is visible from `s`, or
// null (a global). Class bodies are invisible to the scopes nested in them,
// except that a class provides `__class__` to its methods.
Scope* Resolver::find_binder(const std::string& n, Scope& s) const {
  for (Scope* p = s.parent; p && !p->is_module(); p = p->parent) {
    if (p->is_class()) {
      if (n == "__class__") return p;
      continue;
    }
    if (p->globals.count(n)) return nullptr;
    if (p->binds(n)) return p;
  }
  return nullptr;
}

// `n`, bound in `binder`, is used in `s`: a cell of the binder, passed as a
// free variable through every scope in between (classes included). Returns
// the free variable's index in `s`'s cells -- counted past s's own cells
// even when a class has a cell of the same name: its own `__class__` is for
// its methods, the free one (of an enclosing class) for its body.
uint32_t Resolver::capture(const std::string& n, Scope& s, Scope& binder) {
  for (Scope* q = &s; q != &binder; q = q->parent)
    if (std::find(q->frees.begin(), q->frees.end(), n) == q->frees.end()) q->frees.push_back(n);
  binder.captured.insert(n);
  const auto& frees = s.info->free_names;
  auto f = std::find(frees.begin(), frees.end(), n);
  return static_cast<uint32_t>(s.info->cell_names.size() + (f - frees.begin()));
}

NameSlot Resolver::local_or_cell(const std::string& n, Scope& s) {
  if (s.captured.count(n)) return NameSlot{NameSlot::Scope::Cell, cell_index(s, n)};
  const auto& names = s.info->local_names;
  auto it = std::find(names.begin(), names.end(), n);
  return NameSlot{NameSlot::Scope::Local, static_cast<uint32_t>(it - names.begin())};
}

// Cells are numbered: this scope's own captured names, then its frees.
uint32_t Resolver::cell_index(const Scope& s, const std::string& n) {
  const auto& cells = s.info->cell_names;
  auto it = std::find(cells.begin(), cells.end(), n);
  if (it != cells.end()) return static_cast<uint32_t>(it - cells.begin());
  const auto& frees = s.info->free_names;
  auto f = std::find(frees.begin(), frees.end(), n);
  return static_cast<uint32_t>(cells.size() + (f - frees.begin()));
}

// --- scopes --------------------------------------------------------------------

// In the Assign phase the child scopes already exist (made in Collect);
// they are revisited in the same order.
Scope& Resolver::enter_child(Scope& parent, ScopeInfo& info, Scope::Kind kind) {
  if (phase_ == Phase::Collect) {
    auto child = std::make_unique<Scope>();
    child->kind = kind;
    child->parent = &parent;
    child->info = &info;
    parent.children.push_back(std::move(child));
    return *parent.children.back();
  }
  size_t& i = child_index_[&parent];
  return *parent.children[i++];
}

// Slot numbers of a scope, computed once its captured set is complete.
// Parameters always take the first local slots (the call binds arguments
// there); captured parameters are copied into their cells on entry.
void Resolver::layout(Scope& s) {
  if (s.is_class()) return layout_class(s);
  ScopeInfo& info = *s.info;
  info.local_names.clear();
  info.cell_names.clear();
  info.param_cells.clear();
  for (const auto& p : s.params) info.local_names.push_back(p);
  for (const auto& n : s.bound)
    if (s.binds(n) && !s.captured.count(n) && std::find(s.params.begin(), s.params.end(), n) == s.params.end())
      info.local_names.push_back(n);
  for (const auto& n : s.bound)
    if (s.binds(n) && s.captured.count(n)) info.cell_names.push_back(n);
  for (const auto& p : s.params) {
    auto it = std::find(info.cell_names.begin(), info.cell_names.end(), p);
    info.param_cells.push_back(it == info.cell_names.end() ? -1 : static_cast<int32_t>(it - info.cell_names.begin()));
  }
  info.free_names = s.frees;
  info.free_sources.clear();
  for (const auto& n : s.frees) info.free_sources.push_back(s.parent && !s.parent->is_module() ? cell_index(*s.parent, n) : 0);
}

// Outer before inner: layout() reads the enclosing scope's cells.
void Resolver::layout_all(Scope& s) {
  for (auto& child : s.children) {
    layout(*child);
    layout_all(*child);
  }
}

// A class body keeps its names in a namespace, not in slots: its frame has
// no locals, at most the one cell `__class__`, and the frees it reads or
// passes through to its methods.
void Resolver::layout_class(Scope& s) {
  ScopeInfo& info = *s.info;
  info.local_names.clear();
  info.param_cells.clear();
  info.cell_names.clear();
  if (s.captured.count("__class__")) info.cell_names.push_back("__class__");
  s.cls->class_cell = info.cell_names.empty() ? -1 : 0;
  info.free_names = s.frees;
  info.free_sources.clear();
  for (const auto& n : s.frees) info.free_sources.push_back(s.parent && !s.parent->is_module() ? cell_index(*s.parent, n) : 0);
}

// `global` / `nonlocal`: CPython's symbol table rejects a declaration that
// comes after the scope already used the name.
void Resolver::declare(NamesStmt& st, Scope& s) {
  bool is_global = st.kind == StmtKind::Global;
  const char* what = is_global ? "global" : "nonlocal";
  if (!is_global && s.is_module()) fail(st.span, "nonlocal declaration not allowed at module level");
  for (auto& n : st.names) {
    mangle(n);
    if (std::find(s.params.begin(), s.params.end(), n) != s.params.end())
      fail(st.span, fmt::format("name '{}' is parameter and {}", n, what));
    if (s.used.count(n)) fail(st.span, fmt::format("name '{}' is used prior to {} declaration", n, what));
    if (s.annotated.count(n)) fail(st.span, fmt::format("annotated name '{}' can't be {}", n, what));
    if (std::find(s.bound.begin(), s.bound.end(), n) != s.bound.end())
      fail(st.span, fmt::format("name '{}' is assigned to before {} declaration", n, what));
    if (is_global) {
      s.globals.insert(n);
    } else {
      s.nonlocals.insert(n);
      s.nonlocal_spans.emplace(n, st.span);
    }
  }
}

}  // namespace detail

namespace {
Result<bool> resolve_with(Module& module, detail::Resolver resolver) {
  try {
    resolver.run(module);
    return true;
  } catch (detail::ResolveFailure& f) {
    if (!f.diag.span.valid() && !module.body.empty()) f.diag.span = module.body.front()->span;
    return f.diag;
  }
}
}  // namespace

Result<bool> resolve_in_frame(Module& module, GlobalNames& globals, const ScopeInfo& frame) {
  return resolve_with(module, detail::Resolver(globals, &frame));
}

Result<bool> resolve(Module& module, GlobalNames& globals) { return resolve_with(module, detail::Resolver(globals)); }

}  // namespace backstep::lang
