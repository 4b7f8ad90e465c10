// The resolver's working state, shared by resolver.cpp (scopes and slots)
// and resolve_walk.cpp (the walk over the tree).
#pragma once

#include "engine/lang/resolver.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace backstep::lang::detail {

struct ResolveFailure {
  Diagnostic diag;
};

// One scope of the program, as CPython's symbol table has them.
struct Scope {
  enum class Kind : uint8_t { Module, Function, Class, Comprehension };
  Kind kind = Kind::Module;
  Scope* parent = nullptr;
  ScopeInfo* info = nullptr;        // where the result goes (null for the module)
  FunctionCode* code = nullptr;     // Function: the def or lambda
  Comprehension* comp = nullptr;    // Comprehension: which kind, for messages
  ClassDef* cls = nullptr;          // Class: receives class_cell
  std::vector<std::string> params;  // in order
  std::vector<std::string> bound;   // names bound here, first-binding order
  std::set<std::string> globals, nonlocals;
  std::map<std::string, Span> nonlocal_spans;  // where each nonlocal was declared
  std::set<std::string> used;       // read before any declaration (Collect phase)
  std::set<std::string> annotated;  // `x: T` targets
  std::set<std::string> iter_vars;  // a comprehension's loop variables
  std::set<std::string> captured;   // bound here and used by an inner scope
  std::vector<std::string> frees;   // used here or below, bound in an enclosing function
  std::vector<std::unique_ptr<Scope>> children;

  bool is_module() const { return kind == Kind::Module; }
  bool is_class() const { return kind == Kind::Class; }
  bool declares(const std::string& n) const { return globals.count(n) || nonlocals.count(n); }
  bool binds(const std::string& n) const;
  void bind(const std::string& n);
};

// The walk happens twice: Collect records bindings and declarations (and
// raises the errors CPython's symbol table raises while visiting); Assign,
// with every scope's bindings known, decides slots and writes them into the
// tree (raising the symbol table's analysis errors). Errors CPython's
// compiler raises later -- 'return' outside function and the like -- are
// held back until both passes ran, so a program with several errors
// reports the same one CPython does.
// Note [resolver phases]
// Collect: what each scope binds and uses, and the compile-time errors.
// Capture: every name looked up once, which marks the cells inner scopes
// capture and the frees they pass through (slots written here are
// provisional). Then every scope is laid out, outer before inner (a free's
// source is a cell index in the enclosing scope). Assign: the same lookups
// again, now writing final slots. Each phase walks the tree once: a scheme
// that re-walked a scope's body to learn its captures made nested lambdas
// cost 2^depth (30 nested lambdas never finished).
enum class Phase { Collect, Capture, Assign };

class Resolver {
 public:
  explicit Resolver(GlobalNames& g, const ScopeInfo* frame = nullptr) : globals_(g), frame_(frame) {}
  void run(Module& m);

 private:
  // --- names and slots (resolver.cpp) ---
  void bind_name(const std::string& n, Scope& s, NameSlot& slot);
  void use_name(Name& name, Scope& s);
  NameSlot lookup(const std::string& n, Scope& s);
  NameSlot lookup_in_class(const std::string& n, Scope& s);
  NameSlot global(const std::string& n) { return NameSlot{NameSlot::Scope::Global, globals_.intern(n)}; }
  Scope* find_binder(const std::string& n, Scope& s) const;
  uint32_t capture(const std::string& n, Scope& s, Scope& binder);
  NameSlot local_or_cell(const std::string& n, Scope& s);
  static uint32_t cell_index(const Scope& s, const std::string& n);
  Scope& enter_child(Scope& parent, ScopeInfo& info, Scope::Kind kind);
  void layout(Scope& s);
  void layout_all(Scope& s);
  void layout_class(Scope& s);
  template <class F>
  void walk_scope(Scope& s, F&& walk_inside);
  void declare(NamesStmt& st, Scope& s);

  // --- errors ---
  [[noreturn]] static void fail(const Span& s, std::string msg);
  void compile_error(const Span& s, std::string msg);  // held until the end

  // --- the walk (resolve_walk.cpp) ---
  void walk_function(FunctionCode& code, Scope& outer);
  void walk_class(ClassDef& c, Scope& outer);
  void walk_comprehension(Comprehension& c, Scope& outer);
  void walk_body(StmtList& body, Scope& s) {
    for (auto& st : body) walk_stmt(*st, s);
  }
  void walk_stmt(Stmt& st, Scope& s);
  void walk_expr(Expr& e, Scope& s);
  void walk_target(Expr& e, Scope& s);
  void walk_yield(Expr& e, Expr* value, Scope& s);
  void walk_named_expr(NamedExpr& n, Scope& s);
  void walk_import_from(ImportFrom& st, Scope& s);
  void walk_ann_assign(AnnAssign& a, Scope& s);
  void check_keywords(const std::vector<Keyword>& keywords);
  // Private name mangling: inside a class body (and what is nested in it),
  // `__x` is `_Class__x`, as CPython's compiler rewrites it.
  std::string mangled(const std::string& n) const;
  void mangle(std::string& n) const { n = mangled(n); }

  GlobalNames& globals_;
  const ScopeInfo* frame_;
  Phase phase_ = Phase::Collect;
  std::unordered_map<Scope*, size_t> child_index_;
  int loop_depth_ = 0;
  bool future_annotations_ = false;
  std::string private_owner_;  // the enclosing class's name without leading '_' ("" outside a class)
  std::set<const Stmt*> leading_futures_;  // the module's allowed `from __future__` imports
  std::optional<Diagnostic> compile_error_;
};

}  // namespace backstep::lang::detail
