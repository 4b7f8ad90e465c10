// The resolver's walk over statements and expressions: which scope each
// part of the tree belongs to, what it binds and uses, and the misplaced
// constructs CPython rejects at compile time.
#include "engine/lang/resolver_internal.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::lang::detail {

// Every phase walks a scope's body once (see Note [resolver phases]).
template <class F>
void Resolver::walk_scope(Scope& s, F&& walk_inside) {
  child_index_[&s] = 0;
  walk_inside();
}

void Resolver::walk_function(FunctionCode& code, Scope& outer) {
  for (auto& p : code.params)
    if (p.default_value) walk_expr(*p.default_value, outer);
  // Annotations are evaluated where the def runs (unless kept as text).
  code.future_annotations = future_annotations_;
  if (!future_annotations_) {
    for (auto& p : code.params)
      if (p.annotation) walk_expr(*p.annotation, outer);
    if (code.returns) walk_expr(*code.returns, outer);
  }
  Scope& s = enter_child(outer, code.scope, Scope::Kind::Function);
  s.code = &code;
  if (phase_ == Phase::Collect) {
    for (auto& p : code.params) {
      mangle(p.name);
      s.params.push_back(p.name);
      s.bind(p.name);
    }
  }
  int saved_loops = loop_depth_;
  loop_depth_ = 0;
  walk_scope(s, [&] {
    if (code.lambda_body)
      walk_expr(*code.lambda_body, s);
    else
      walk_body(code.body, s);
  });
  loop_depth_ = saved_loops;
}

// Decorators, bases and keywords run in the enclosing scope; the body in
// the class's own scope, which the functions nested in it do not see.
void Resolver::walk_class(ClassDef& c, Scope& outer) {
  for (auto& d : c.decorators) walk_expr(*d, outer);
  for (auto& b : c.bases) walk_expr(*b, outer);
  for (auto& k : c.keywords) walk_expr(*k.value, outer);
  check_keywords(c.keywords);
  Scope& s = enter_child(outer, c.scope, Scope::Kind::Class);
  s.cls = &c;
  int saved_loops = loop_depth_;
  loop_depth_ = 0;  // `break` in a class body inside a loop is still outside a loop
  std::string saved_owner = private_owner_;
  size_t start = c.name.find_first_not_of('_');
  private_owner_ = start == std::string::npos ? "" : c.name.substr(start);
  walk_scope(s, [&] { walk_body(c.body, s); });
  private_owner_ = saved_owner;
  loop_depth_ = saved_loops;
  if (phase_ == Phase::Collect) c.stored_name = mangled(c.name);
  bind_name(c.stored_name, outer, c.slot);
}

namespace {
void target_names(const Expr& e, std::set<std::string>& out) {
  switch (e.kind) {
    case ExprKind::Name: out.insert(static_cast<const Name&>(e).id); return;
    case ExprKind::Tuple:
    case ExprKind::List:
      for (const auto& x : static_cast<const SequenceExpr&>(e).elts) target_names(*x, out);
      return;
    case ExprKind::Starred: target_names(*static_cast<const Starred&>(e).value, out); return;
    default: return;
  }
}
}  // namespace

void Resolver::walk_comprehension(Comprehension& c, Scope& outer) {
  walk_expr(*c.generators.front().iter, outer);  // evaluated in the enclosing scope
  Scope& s = enter_child(outer, c.scope, Scope::Kind::Comprehension);
  s.comp = &c;
  if (phase_ == Phase::Collect)
    for (const auto& g : c.generators) target_names(*g.target, s.iter_vars);
  walk_scope(s, [&] {
    for (size_t i = 0; i < c.generators.size(); ++i) {
      auto& g = c.generators[i];
      if (i > 0) walk_expr(*g.iter, s);
      walk_target(*g.target, s);
      for (auto& cond : g.ifs) walk_expr(*cond, s);
    }
    walk_expr(*c.elt, s);
    if (c.value) walk_expr(*c.value, s);
  });
}

void Resolver::walk_target(Expr& e, Scope& s) {
  switch (e.kind) {
    case ExprKind::Name: {
      auto& n = static_cast<Name&>(e);
      if (phase_ == Phase::Collect) mangle(n.id);
      bind_name(n.id, s, n.slot);
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

// `yield` makes the enclosing def or lambda a generator; a comprehension
// cannot yield (its element would be yielded from the hidden function), and
// a module or class body has nothing to yield from.
void Resolver::walk_yield(Expr& e, Expr* value, Scope& s) {
  if (value) walk_expr(*value, s);
  if (phase_ != Phase::Collect) return;
  switch (s.kind) {
    case Scope::Kind::Function: s.code->is_generator = true; return;
    case Scope::Kind::Comprehension: {
      static const char* const kWhat[] = {"list comprehension", "set comprehension", "dict comprehension",
                                          "generator expression"};
      fail(e.span, fmt::format("'yield' inside {}", kWhat[static_cast<int>(s.comp->type)]));
    }
    default: compile_error(e.span, "'yield' outside function");
  }
}

// `name := value` inside a comprehension binds in the enclosing function
// (or module), not in the comprehension: the comprehension sees that
// binding as nonlocal (or global).
void Resolver::walk_named_expr(NamedExpr& n, Scope& s) {
  walk_expr(*n.value, s);
  if (phase_ == Phase::Collect && n.target->kind == ExprKind::Name) mangle(static_cast<Name&>(*n.target).id);
  if (s.kind == Scope::Kind::Comprehension && phase_ == Phase::Collect &&
      n.target->kind == ExprKind::Name) {
    const auto& target = static_cast<const Name&>(*n.target);
    Scope* e = &s;
    for (; e->kind == Scope::Kind::Comprehension; e = e->parent)
      if (e->iter_vars.count(target.id))
        fail(target.span,
             fmt::format("assignment expression cannot rebind comprehension iteration variable '{}'", target.id));
    if (e->is_class()) fail(target.span, "assignment expression within a comprehension cannot be used in a class body");
    if (e->is_module() || e->globals.count(target.id)) {
      s.globals.insert(target.id);
    } else if (!s.declares(target.id)) {
      s.nonlocals.insert(target.id);
      e->bind(target.id);
    }
  }
  walk_target(*n.target, s);
}

void Resolver::walk_import_from(ImportFrom& st, Scope& s) {
  if (st.module == "__future__" && !leading_futures_.count(&st))
    compile_error(st.span, "from __future__ imports must occur at the beginning of the file");
  for (auto& a : st.names) {
    if (a.name == "*") {
      if (!s.is_module() && phase_ == Phase::Collect) fail(st.span, "import * only allowed at module level");
      continue;
    }
    bind_name(a.asname.empty() ? a.name : a.asname, s, a.slot);
  }
}

void Resolver::walk_ann_assign(AnnAssign& a, Scope& s) {
  if (a.target->kind == ExprKind::Name && phase_ == Phase::Collect) {
    mangle(static_cast<Name&>(*a.target).id);
    const std::string& n = static_cast<const Name&>(*a.target).id;
    if (!s.is_module() && s.declares(n))
      fail(a.span, fmt::format("annotated name '{}' can't be {}", n, s.globals.count(n) ? "global" : "nonlocal"));
    s.annotated.insert(n);
  }
  // With `from __future__ import annotations` the annotation is kept as
  // text and never evaluated, so its names are not uses.
  a.future_annotations = future_annotations_;
  if (!future_annotations_) walk_expr(*a.annotation, s);
  if (a.value) walk_expr(*a.value, s);
  walk_target(*a.target, s);
}

void Resolver::check_keywords(const std::vector<Keyword>& keywords) {
  for (size_t i = 0; i < keywords.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (!keywords[i].name.empty() && keywords[i].name == keywords[j].name) {
        compile_error(keywords[i].span, fmt::format("keyword argument repeated: {}", keywords[i].name));
        return;
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
    case StmtKind::AnnAssign: walk_ann_assign(static_cast<AnnAssign&>(st), s); break;
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
      if (loop_depth_ == 0) compile_error(st.span, "'break' outside loop");
      break;
    case StmtKind::Continue:
      if (loop_depth_ == 0) compile_error(st.span, "'continue' not properly in loop");
      break;
    case StmtKind::Return: {
      auto& r = static_cast<Return&>(st);
      if (s.kind != Scope::Kind::Function) compile_error(st.span, "'return' outside function");
      if (r.value) walk_expr(*r.value, s);
      break;
    }
    case StmtKind::Pass: break;
    case StmtKind::FunctionDef: {
      auto& d = static_cast<FunctionDef&>(st);
      for (auto& dec : d.decorators) walk_expr(*dec, s);
      walk_function(*d.code, s);
      if (phase_ == Phase::Collect) d.stored_name = mangled(d.code->name);
      bind_name(d.stored_name, s, d.slot);
      break;
    }
    case StmtKind::ClassDef: walk_class(static_cast<ClassDef&>(st), s); break;
    case StmtKind::Global:
      if (phase_ == Phase::Collect) declare(static_cast<NamesStmt&>(st), s);
      break;
    case StmtKind::Nonlocal:
      if (phase_ == Phase::Collect) {
        declare(static_cast<NamesStmt&>(st), s);
      } else {
        // Declared is enough: the name is free here even if never used, and
        // a missing binding is an error (CPython's analyze_name).
        for (const auto& n : static_cast<NamesStmt&>(st).names) lookup(n, s);
      }
      break;
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
        if (!h.name.empty()) {
          if (phase_ == Phase::Collect) mangle(h.name);
          bind_name(h.name, s, h.slot);
        }
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
        bind_name(bound, s, a.slot);
      }
      break;
    case StmtKind::ImportFrom: walk_import_from(static_cast<ImportFrom&>(st), s); break;
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
    case ExprKind::Attribute: {
      auto& a = static_cast<Attribute&>(e);
      if (phase_ == Phase::Collect) mangle(a.attr);
      walk_expr(*a.value, s);
      break;
    }
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
      check_keywords(c.keywords);
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
    case ExprKind::NamedExpr: walk_named_expr(static_cast<NamedExpr&>(e), s); break;
    case ExprKind::Yield: walk_yield(e, static_cast<YieldExpr&>(e).value.get(), s); break;
    case ExprKind::YieldFrom: walk_yield(e, static_cast<YieldFromExpr&>(e).value.get(), s); break;
  }
}

}  // namespace backstep::lang::detail
