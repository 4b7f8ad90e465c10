#include "engine/lang/resolver.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <set>

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

namespace {

struct ResolveFailure {
  Diagnostic diag;
};
[[noreturn]] void fail(const Span& s, std::string msg) { throw ResolveFailure{Diagnostic{s, "SyntaxError", std::move(msg)}}; }

// One function, lambda or comprehension scope (or the module).
struct Scope {
  Scope* parent = nullptr;
  bool is_module = false;
  ScopeInfo* info = nullptr;         // where the result goes (null for the module)
  std::vector<std::string> params;   // in order
  std::vector<std::string> bound;    // names bound here, first-binding order
  std::set<std::string> globals, nonlocals;
  std::set<std::string> captured;    // bound here and used by an inner scope
  std::vector<std::string> frees;    // used here, bound in an enclosing function
  std::vector<std::unique_ptr<Scope>> children;

  bool binds(const std::string& n) const {
    return std::find(bound.begin(), bound.end(), n) != bound.end() && !globals.count(n) && !nonlocals.count(n);
  }
  void bind(const std::string& n) {
    if (std::find(bound.begin(), bound.end(), n) == bound.end()) bound.push_back(n);
  }
};

// The walk happens twice: Collect records bindings and declarations;
// Assign, with every scope's bindings known, decides slots and writes them
// into the tree.
enum class Phase { Collect, Assign };

class Resolver {
 public:
  explicit Resolver(GlobalNames& g, const ScopeInfo* frame = nullptr) : globals_(g), frame_(frame) {}

  void run(Module& m) {
    Scope module;
    module.is_module = true;
    phase_ = Phase::Collect;
    child_index_.clear();
    walk_body(m.body, module);
    phase_ = Phase::Assign;
    child_index_.clear();
    walk_body(m.body, module);
  }

 private:
  // --- name sites --------------------------------------------------------
  void bind_name(const std::string& n, Scope& s, NameSlot& slot, const Span& span) {
    if (phase_ == Phase::Collect) {
      if (!s.is_module) s.bind(n);
      (void)span;
      return;
    }
    slot = lookup(n, s);
  }
  void use_name(Name& name, Scope& s) {
    if (phase_ == Phase::Assign) name.slot = lookup(name.id, s);
  }

  // Decides where `n`, seen in scope `s`, lives. Runs in the Assign phase,
  // when all bindings are known; marks captures and frees along the way, so
  // it runs before slot numbers are finalised (see finish_scope).
  NameSlot lookup(const std::string& n, Scope& s) {
    NameSlot slot;
    if (s.is_module && frame_) {
      const auto& locals = frame_->local_names;
      auto l = std::find(locals.begin(), locals.end(), n);
      if (l != locals.end()) return NameSlot{NameSlot::Scope::Local, static_cast<uint32_t>(l - locals.begin())};
      for (size_t i = 0; i < frame_->cell_count(); ++i) {
        const std::string& c = i < frame_->cell_names.size() ? frame_->cell_names[i] : frame_->free_names[i - frame_->cell_names.size()];
        if (c == n) return NameSlot{NameSlot::Scope::Cell, static_cast<uint32_t>(i)};
      }
    }
    if (s.is_module || s.globals.count(n)) return global(n);
    if (s.binds(n)) return local_or_cell(n, s);
    // Free: find the nearest enclosing function scope that binds it.
    for (Scope* p = s.parent; p && !p->is_module; p = p->parent) {
      if (p->globals.count(n)) break;
      if (p->binds(n)) {
        for (Scope* q = &s; q != p; q = q->parent) add_free(*q, n);
        p->captured.insert(n);
        slot.scope = NameSlot::Scope::Cell;
        slot.index = cell_index(s, n);
        return slot;
      }
    }
    if (s.nonlocals.count(n)) fail(Span{}, fmt::format("no binding for nonlocal '{}' found", n));
    return global(n);
  }
  NameSlot global(const std::string& n) { return NameSlot{NameSlot::Scope::Global, globals_.intern(n)}; }
  static void add_free(Scope& s, const std::string& n) {
    if (std::find(s.frees.begin(), s.frees.end(), n) == s.frees.end()) s.frees.push_back(n);
  }
  NameSlot local_or_cell(const std::string& n, Scope& s) {
    if (s.captured.count(n)) return NameSlot{NameSlot::Scope::Cell, cell_index(s, n)};
    const auto& names = s.info->local_names;
    auto it = std::find(names.begin(), names.end(), n);
    return NameSlot{NameSlot::Scope::Local, static_cast<uint32_t>(it - names.begin())};
  }
  // Cells are numbered: this scope's own captured names, then its frees.
  static uint32_t cell_index(const Scope& s, const std::string& n) {
    const auto& cells = s.info->cell_names;
    auto it = std::find(cells.begin(), cells.end(), n);
    if (it != cells.end()) return static_cast<uint32_t>(it - cells.begin());
    const auto& frees = s.info->free_names;
    auto f = std::find(frees.begin(), frees.end(), n);
    return static_cast<uint32_t>(cells.size() + (f - frees.begin()));
  }

  // --- scopes ------------------------------------------------------------
  // In the Assign phase the child scopes already exist (made in Collect);
  // they are revisited in the same order.
  Scope& enter_child(Scope& parent, ScopeInfo& info) {
    if (phase_ == Phase::Collect) {
      auto child = std::make_unique<Scope>();
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
  void layout(Scope& s) {
    ScopeInfo& info = *s.info;
    info.local_names.clear();
    info.cell_names.clear();
    info.param_cells.clear();
    for (const auto& p : s.params) info.local_names.push_back(p);
    for (const auto& n : s.bound)
      if (s.binds(n) && !s.captured.count(n) &&
          std::find(s.params.begin(), s.params.end(), n) == s.params.end())
        info.local_names.push_back(n);
    for (const auto& n : s.bound)
      if (s.binds(n) && s.captured.count(n)) info.cell_names.push_back(n);
    for (const auto& p : s.params) {
      auto it = std::find(info.cell_names.begin(), info.cell_names.end(), p);
      info.param_cells.push_back(it == info.cell_names.end() ? -1 : static_cast<int32_t>(it - info.cell_names.begin()));
    }
    info.free_names = s.frees;
    info.free_sources.clear();
    for (const auto& n : s.frees) info.free_sources.push_back(s.parent && !s.parent->is_module ? cell_index(*s.parent, n) : 0);
  }

  void walk_function(FunctionCode& code, Scope& outer);
  void walk_comprehension(Comprehension& c, Scope& outer);
  void walk_body(StmtList& body, Scope& s) {
    for (auto& st : body) walk_stmt(*st, s);
  }
  void walk_stmt(Stmt& st, Scope& s);
  void walk_expr(Expr& e, Scope& s);
  void walk_target(Expr& e, Scope& s);

  GlobalNames& globals_;
  const ScopeInfo* frame_;
  Phase phase_ = Phase::Collect;
  std::unordered_map<Scope*, size_t> child_index_;
  int loop_depth_ = 0;
  int function_depth_ = 0;
};

void Resolver::walk_function(FunctionCode& code, Scope& outer) {
  for (auto& p : code.params)
    if (p.default_value) walk_expr(*p.default_value, outer);
  Scope& s = enter_child(outer, code.scope);
  if (phase_ == Phase::Collect) {
    for (auto& p : code.params) {
      s.params.push_back(p.name);
      s.bind(p.name);
    }
  }
  int saved_loops = loop_depth_;
  loop_depth_ = 0;
  ++function_depth_;
  // Assign phase: resolve the body twice -- the first pass discovers which
  // locals inner scopes capture (lookup marks them), the layout fixes slot
  // numbers, and the second pass writes the final slots.
  auto walk_inside = [&] {
    child_index_[&s] = 0;
    if (code.lambda_body) walk_expr(*code.lambda_body, s); else walk_body(code.body, s);
  };
  if (phase_ == Phase::Assign) {
    walk_inside();
    layout(s);
  }
  walk_inside();
  if (phase_ == Phase::Assign) layout(s);
  --function_depth_;
  loop_depth_ = saved_loops;
}

void Resolver::walk_comprehension(Comprehension& c, Scope& outer) {
  walk_expr(*c.generators.front().iter, outer);  // evaluated in the enclosing scope
  Scope& s = enter_child(outer, c.scope);
  auto walk_inside = [&] {
    child_index_[&s] = 0;
    for (size_t i = 0; i < c.generators.size(); ++i) {
      auto& g = c.generators[i];
      if (i > 0) walk_expr(*g.iter, s);
      walk_target(*g.target, s);
      for (auto& cond : g.ifs) walk_expr(*cond, s);
    }
    walk_expr(*c.elt, s);
    if (c.value) walk_expr(*c.value, s);
  };
  if (phase_ == Phase::Assign) {
    walk_inside();
    layout(s);
  }
  walk_inside();
  if (phase_ == Phase::Assign) layout(s);
}

void Resolver::walk_target(Expr& e, Scope& s) {
  switch (e.kind) {
    case ExprKind::Name: {
      auto& n = static_cast<Name&>(e);
      bind_name(n.id, s, n.slot, n.span);
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List:
      for (auto& x : static_cast<SequenceExpr&>(e).elts) walk_target(*x, s);
      return;
    case ExprKind::Starred: walk_target(*static_cast<Starred&>(e).value, s); return;
    default: walk_expr(e, s);  // attribute / subscript targets evaluate their parts
  }
}

void Resolver::walk_stmt(Stmt& st, Scope& s) {
  switch (st.kind) {
    case StmtKind::Expr: walk_expr(*static_cast<ExprStmt&>(st).value, s); break;
    case StmtKind::Assign: {
      auto& a = static_cast<Assign&>(st);
      walk_expr(*a.value, s);
      for (auto& t : a.targets) walk_target(*t, s);
      break;
    }
    case StmtKind::AugAssign: {
      auto& a = static_cast<AugAssign&>(st);
      walk_expr(*a.value, s);
      walk_target(*a.target, s);
      break;
    }
    case StmtKind::AnnAssign: {
      auto& a = static_cast<AnnAssign&>(st);
      if (a.value) walk_expr(*a.value, s);
      walk_target(*a.target, s);
      break;
    }
    case StmtKind::If: {
      auto& i = static_cast<If&>(st);
      walk_expr(*i.test, s);
      walk_body(i.body, s);
      walk_body(i.orelse, s);
      break;
    }
    case StmtKind::For: {
      auto& f = static_cast<For&>(st);
      walk_expr(*f.iter, s);
      walk_target(*f.target, s);
      ++loop_depth_;
      walk_body(f.body, s);
      --loop_depth_;
      walk_body(f.orelse, s);
      break;
    }
    case StmtKind::While: {
      auto& w = static_cast<While&>(st);
      walk_expr(*w.test, s);
      ++loop_depth_;
      walk_body(w.body, s);
      --loop_depth_;
      walk_body(w.orelse, s);
      break;
    }
    case StmtKind::Break:
      if (loop_depth_ == 0) fail(st.span, "'break' outside loop");
      break;
    case StmtKind::Continue:
      if (loop_depth_ == 0) fail(st.span, "'continue' not properly in loop");
      break;
    case StmtKind::Return: {
      auto& r = static_cast<Return&>(st);
      if (function_depth_ == 0) fail(st.span, "'return' outside function");
      if (r.value) walk_expr(*r.value, s);
      break;
    }
    case StmtKind::Pass: break;
    case StmtKind::FunctionDef: {
      auto& d = static_cast<FunctionDef&>(st);
      for (auto& dec : d.decorators) walk_expr(*dec, s);
      walk_function(*d.code, s);
      bind_name(d.code->name, s, d.slot, d.span);
      break;
    }
    case StmtKind::Global:
    case StmtKind::Nonlocal: {
      auto& g = static_cast<NamesStmt&>(st);
      if (st.kind == StmtKind::Nonlocal && s.is_module) fail(st.span, "nonlocal declaration not allowed at module level");
      if (phase_ == Phase::Collect) {
        for (auto& n : g.names) {
          if (std::find(s.bound.begin(), s.bound.end(), n) != s.bound.end())
            fail(st.span, fmt::format("name '{}' is assigned to before {} declaration", n,
                                      st.kind == StmtKind::Global ? "global" : "nonlocal"));
          (st.kind == StmtKind::Global ? s.globals : s.nonlocals).insert(n);
        }
      }
      break;
    }
    case StmtKind::Del:
      for (auto& t : static_cast<Del&>(st).targets) walk_target(*t, s);
      break;
    case StmtKind::Assert: {
      auto& a = static_cast<Assert&>(st);
      walk_expr(*a.test, s);
      if (a.msg) walk_expr(*a.msg, s);
      break;
    }
    case StmtKind::Raise: {
      auto& r = static_cast<Raise&>(st);
      if (r.exc) walk_expr(*r.exc, s);
      if (r.cause) walk_expr(*r.cause, s);
      break;
    }
    case StmtKind::Try: {
      auto& t = static_cast<Try&>(st);
      walk_body(t.body, s);
      for (auto& h : t.handlers) {
        if (h.type) walk_expr(*h.type, s);
        if (!h.name.empty()) bind_name(h.name, s, h.slot, h.span);
        walk_body(h.body, s);
      }
      walk_body(t.orelse, s);
      walk_body(t.finalbody, s);
      break;
    }
    case StmtKind::With: {
      auto& w = static_cast<With&>(st);
      for (auto& item : w.items) {
        walk_expr(*item.context, s);
        if (item.target) walk_target(*item.target, s);
      }
      walk_body(w.body, s);
      break;
    }
    case StmtKind::Import:
      for (auto& a : static_cast<Import&>(st).names) {
        std::string bound = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
        bind_name(bound, s, a.slot, a.span);
      }
      break;
    case StmtKind::ImportFrom:
      for (auto& a : static_cast<ImportFrom&>(st).names) {
        if (a.name == "*") {
          if (!s.is_module) fail(st.span, "import * only allowed at module level");
          continue;
        }
        bind_name(a.asname.empty() ? a.name : a.asname, s, a.slot, a.span);
      }
      break;
  }
}

void Resolver::walk_expr(Expr& e, Scope& s) {
  switch (e.kind) {
    case ExprKind::Constant: break;
    case ExprKind::FString:
      for (auto& p : static_cast<FString&>(e).parts) {
        if (p.expr) walk_expr(*p.expr, s);
        if (p.format_spec) walk_expr(*p.format_spec, s);
      }
      break;
    case ExprKind::Name: use_name(static_cast<Name&>(e), s); break;
    case ExprKind::Attribute: walk_expr(*static_cast<Attribute&>(e).value, s); break;
    case ExprKind::Subscript: {
      auto& x = static_cast<Subscript&>(e);
      walk_expr(*x.value, s);
      walk_expr(*x.index, s);
      break;
    }
    case ExprKind::Slice: {
      auto& x = static_cast<Slice&>(e);
      for (auto* p : {&x.lower, &x.upper, &x.step})
        if (*p) walk_expr(**p, s);
      break;
    }
    case ExprKind::Call: {
      auto& c = static_cast<Call&>(e);
      walk_expr(*c.func, s);
      for (auto& a : c.args) walk_expr(*a, s);
      for (auto& k : c.keywords) walk_expr(*k.value, s);
      break;
    }
    case ExprKind::BinOp: {
      auto& b = static_cast<BinOpExpr&>(e);
      walk_expr(*b.left, s);
      walk_expr(*b.right, s);
      break;
    }
    case ExprKind::UnaryOp: walk_expr(*static_cast<UnaryOpExpr&>(e).operand, s); break;
    case ExprKind::BoolOp:
      for (auto& v : static_cast<BoolOpExpr&>(e).values) walk_expr(*v, s);
      break;
    case ExprKind::Compare: {
      auto& c = static_cast<Compare&>(e);
      walk_expr(*c.left, s);
      for (auto& v : c.comparators) walk_expr(*v, s);
      break;
    }
    case ExprKind::IfExp: {
      auto& i = static_cast<IfExp&>(e);
      walk_expr(*i.test, s);
      walk_expr(*i.body, s);
      walk_expr(*i.orelse, s);
      break;
    }
    case ExprKind::Lambda: walk_function(*static_cast<Lambda&>(e).code, s); break;
    case ExprKind::List:
    case ExprKind::Tuple:
    case ExprKind::Set:
      for (auto& x : static_cast<SequenceExpr&>(e).elts) walk_expr(*x, s);
      break;
    case ExprKind::Dict: {
      auto& d = static_cast<DictExpr&>(e);
      for (size_t i = 0; i < d.values.size(); ++i) {
        if (d.keys[i]) walk_expr(*d.keys[i], s);
        walk_expr(*d.values[i], s);
      }
      break;
    }
    case ExprKind::Comprehension: walk_comprehension(static_cast<Comprehension&>(e), s); break;
    case ExprKind::Starred: walk_expr(*static_cast<Starred&>(e).value, s); break;
    case ExprKind::NamedExpr: {
      auto& n = static_cast<NamedExpr&>(e);
      walk_expr(*n.value, s);
      walk_target(*n.target, s);
      break;
    }
  }
}

}  // namespace

Result<bool> resolve_in_frame(Module& module, GlobalNames& globals, const ScopeInfo& frame) {
  try {
    Resolver(globals, &frame).run(module);
    return true;
  } catch (ResolveFailure& f) {
    if (!f.diag.span.valid() && !module.body.empty()) f.diag.span = module.body.front()->span;
    return f.diag;
  }
}

Result<bool> resolve(Module& module, GlobalNames& globals) {
  try {
    Resolver(globals).run(module);
    return true;
  } catch (ResolveFailure& f) {
    if (!f.diag.span.valid() && !module.body.empty()) f.diag.span = module.body.front()->span;
    return f.diag;
  }
}

}  // namespace backstep::lang
