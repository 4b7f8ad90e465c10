#include "engine/lang/ast_dump.h"

#include <fmt/format.h>

namespace backstep::lang {
namespace {

const char* binop_text(BinOp op) {
  static const char* t[] = {"+", "-", "*", "@", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"};
  return t[static_cast<int>(op)];
}
const char* cmpop_text(CmpOp op) {
  static const char* t[] = {"==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not"};
  return t[static_cast<int>(op)];
}
const char* unary_text(UnaryOp op) {
  static const char* t[] = {"-", "+", "~", "not"};
  return t[static_cast<int>(op)];
}

std::string slot_text(const NameSlot& s) {
  switch (s.scope) {
    case NameSlot::Scope::Local: return fmt::format("@L{}", s.index);
    case NameSlot::Scope::Cell: return fmt::format("@C{}", s.index);
    case NameSlot::Scope::Global: return "@G";
    case NameSlot::Scope::ClassBody: return "@N";  // the class namespace
    case NameSlot::Scope::ClassBodyFree: return fmt::format("@F{}", s.index);
    default: return "";
  }
}

std::string list(const ExprList& xs) {
  std::string out;
  for (const auto& x : xs) out += " " + dump(*x);
  return out;
}

std::string body(const StmtList& b) {
  std::string out;
  for (const auto& s : b) out += " " + dump(*s);
  return "[" + (out.empty() ? out : out.substr(1)) + "]";
}

}  // namespace

std::string dump(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Constant: {
      const auto& c = static_cast<const Constant&>(e);
      switch (c.type) {
        case Constant::Type::None: return "None";
        case Constant::Type::True: return "True";
        case Constant::Type::False: return "False";
        case Constant::Type::Int: return c.str_value.empty() ? std::to_string(c.int_value) : c.str_value;
        case Constant::Type::Float: return fmt::format("{}f", c.float_value);
        case Constant::Type::Imaginary: return fmt::format("{}j", c.float_value);
        case Constant::Type::Str: return "'" + c.str_value + "'";
        case Constant::Type::Bytes: return "b'" + c.str_value + "'";
        case Constant::Type::Ellipsis: return "...";
      }
      return "?";
    }
    case ExprKind::FString: {
      std::string out = "(f";
      for (const auto& p : static_cast<const FString&>(e).parts) {
        if (!p.literal.empty()) out += " '" + p.literal + "'";
        if (p.expr) {
          out += " {" + dump(*p.expr);
          if (p.conversion) out += std::string("!") + p.conversion;
          if (p.format_spec) out += ":" + dump(*p.format_spec);
          out += "}";
        }
      }
      return out + ")";
    }
    case ExprKind::Name: {
      const auto& n = static_cast<const Name&>(e);
      return n.id + slot_text(n.slot);
    }
    case ExprKind::Attribute: {
      const auto& a = static_cast<const Attribute&>(e);
      return "(. " + dump(*a.value) + " " + a.attr + ")";
    }
    case ExprKind::Subscript: {
      const auto& s = static_cast<const Subscript&>(e);
      return "([] " + dump(*s.value) + " " + dump(*s.index) + ")";
    }
    case ExprKind::Slice: {
      const auto& s = static_cast<const Slice&>(e);
      auto part = [](const ExprPtr& p) { return p ? dump(*p) : std::string("_"); };
      return "(: " + part(s.lower) + " " + part(s.upper) + " " + part(s.step) + ")";
    }
    case ExprKind::Call: {
      const auto& c = static_cast<const Call&>(e);
      std::string out = "(call " + dump(*c.func) + list(c.args);
      for (const auto& k : c.keywords) out += " " + (k.name.empty() ? "**" : k.name + "=") + dump(*k.value);
      return out + ")";
    }
    case ExprKind::BinOp: {
      const auto& b = static_cast<const BinOpExpr&>(e);
      return fmt::format("({} {} {})", binop_text(b.op), dump(*b.left), dump(*b.right));
    }
    case ExprKind::UnaryOp: {
      const auto& u = static_cast<const UnaryOpExpr&>(e);
      return fmt::format("({} {})", unary_text(u.op), dump(*u.operand));
    }
    case ExprKind::BoolOp: {
      const auto& b = static_cast<const BoolOpExpr&>(e);
      return std::string("(") + (b.is_and ? "and" : "or") + list(b.values) + ")";
    }
    case ExprKind::Compare: {
      const auto& c = static_cast<const Compare&>(e);
      std::string out = "(cmp " + dump(*c.left);
      for (size_t i = 0; i < c.ops.size(); ++i) out += std::string(" ") + cmpop_text(c.ops[i]) + " " + dump(*c.comparators[i]);
      return out + ")";
    }
    case ExprKind::IfExp: {
      const auto& i = static_cast<const IfExp&>(e);
      return "(if " + dump(*i.test) + " " + dump(*i.body) + " " + dump(*i.orelse) + ")";
    }
    case ExprKind::Lambda: {
      const auto& l = static_cast<const Lambda&>(e);
      std::string params;
      for (const auto& p : l.code->params) params += " " + p.name;
      return "(lambda (" + (params.empty() ? params : params.substr(1)) + ") " + dump(*l.code->lambda_body) + ")";
    }
    case ExprKind::List: return "[" + list(static_cast<const SequenceExpr&>(e).elts) + " ]";
    case ExprKind::Tuple: return "(tuple" + list(static_cast<const SequenceExpr&>(e).elts) + ")";
    case ExprKind::Set: return "{" + list(static_cast<const SequenceExpr&>(e).elts) + " }";
    case ExprKind::Dict: {
      const auto& d = static_cast<const DictExpr&>(e);
      std::string out = "(dict";
      for (size_t i = 0; i < d.values.size(); ++i)
        out += " " + (d.keys[i] ? dump(*d.keys[i]) + ":" : std::string("**")) + dump(*d.values[i]);
      return out + ")";
    }
    case ExprKind::Comprehension: {
      const auto& c = static_cast<const Comprehension&>(e);
      static const char* kinds[] = {"listcomp", "setcomp", "dictcomp", "genexp"};
      std::string out = std::string("(") + kinds[static_cast<int>(c.type)] + " " + dump(*c.elt);
      if (c.value) out += ":" + dump(*c.value);
      for (const auto& g : c.generators) {
        out += " for " + dump(*g.target) + " in " + dump(*g.iter);
        for (const auto& i : g.ifs) out += " if " + dump(*i);
      }
      return out + ")";
    }
    case ExprKind::Starred: return "*" + dump(*static_cast<const Starred&>(e).value);
    case ExprKind::NamedExpr: {
      const auto& n = static_cast<const NamedExpr&>(e);
      return "(:= " + dump(*n.target) + " " + dump(*n.value) + ")";
    }
    case ExprKind::Yield: {
      const auto& y = static_cast<const YieldExpr&>(e);
      return y.value ? std::string("(yield ").append(dump(*y.value)).append(")") : "(yield)";
    }
    case ExprKind::YieldFrom:
      return std::string("(yield-from ").append(dump(*static_cast<const YieldFromExpr&>(e).value)).append(")");
  }
  return "?";
}

std::string dump(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Expr: return dump(*static_cast<const ExprStmt&>(s).value);
    case StmtKind::Assign: {
      const auto& a = static_cast<const Assign&>(s);
      return "(=" + list(a.targets) + " " + dump(*a.value) + ")";
    }
    case StmtKind::AugAssign: {
      const auto& a = static_cast<const AugAssign&>(s);
      return fmt::format("({}= {} {})", binop_text(a.op), dump(*a.target), dump(*a.value));
    }
    case StmtKind::AnnAssign: {
      const auto& a = static_cast<const AnnAssign&>(s);
      return "(ann " + dump(*a.target) + (a.value ? " " + dump(*a.value) : "") + ")";
    }
    case StmtKind::If: {
      const auto& i = static_cast<const If&>(s);
      return "(if " + dump(*i.test) + " " + body(i.body) + (i.orelse.empty() ? "" : " else " + body(i.orelse)) + ")";
    }
    case StmtKind::For: {
      const auto& f = static_cast<const For&>(s);
      return "(for " + dump(*f.target) + " " + dump(*f.iter) + " " + body(f.body) +
             (f.orelse.empty() ? "" : " else " + body(f.orelse)) + ")";
    }
    case StmtKind::While: {
      const auto& w = static_cast<const While&>(s);
      return "(while " + dump(*w.test) + " " + body(w.body) + ")";
    }
    case StmtKind::Break: return "break";
    case StmtKind::Continue: return "continue";
    case StmtKind::Pass: return "pass";
    case StmtKind::Return: {
      const auto& r = static_cast<const Return&>(s);
      return r.value ? "(return " + dump(*r.value) + ")" : "(return)";
    }
    case StmtKind::FunctionDef: {
      const auto& d = static_cast<const FunctionDef&>(s);
      std::string params;
      for (const auto& p : d.code->params) {
        static const char* prefix[] = {"", "*", "kw:", "**"};
        params += " " + std::string(prefix[static_cast<int>(p.kind)]) + p.name;
        if (p.default_value) params += "=" + dump(*p.default_value);
      }
      return "(def " + d.code->name + slot_text(d.slot) + " (" + (params.empty() ? params : params.substr(1)) + ") " +
             body(d.code->body) + ")";
    }
    case StmtKind::ClassDef: {
      // (class @dec Name (Base kw=v **m) [body])
      const auto& c = static_cast<const ClassDef&>(s);
      std::string out = "(class";
      for (const auto& d : c.decorators) out.append(" @").append(dump(*d));
      out.append(" ").append(c.name).append(slot_text(c.slot)).append(" (");
      std::string args = list(c.bases);
      for (const auto& k : c.keywords)
        args.append(" ").append(k.name.empty() ? "**" : k.name + "=").append(dump(*k.value));
      return out.append(args.empty() ? args : args.substr(1)).append(") ").append(body(c.body)).append(")");
    }
    case StmtKind::Global:
    case StmtKind::Nonlocal: {
      const auto& g = static_cast<const NamesStmt&>(s);
      std::string out = s.kind == StmtKind::Global ? "(global" : "(nonlocal";
      for (const auto& n : g.names) out += " " + n;
      return out + ")";
    }
    case StmtKind::Del: return "(del" + list(static_cast<const Del&>(s).targets) + ")";
    case StmtKind::Assert: {
      const auto& a = static_cast<const Assert&>(s);
      return "(assert " + dump(*a.test) + (a.msg ? " " + dump(*a.msg) : "") + ")";
    }
    case StmtKind::Raise: {
      const auto& r = static_cast<const Raise&>(s);
      return "(raise" + (r.exc ? " " + dump(*r.exc) : "") + (r.cause ? " from " + dump(*r.cause) : "") + ")";
    }
    case StmtKind::Try: {
      const auto& t = static_cast<const Try&>(s);
      std::string out = "(try " + body(t.body);
      for (const auto& h : t.handlers)
        out += " except" + (h.type ? " " + dump(*h.type) : "") + (h.name.empty() ? "" : " as " + h.name) + " " + body(h.body);
      if (!t.orelse.empty()) out += " else " + body(t.orelse);
      if (!t.finalbody.empty()) out += " finally " + body(t.finalbody);
      return out + ")";
    }
    case StmtKind::With: {
      const auto& w = static_cast<const With&>(s);
      std::string out = "(with";
      for (const auto& i : w.items) out += " " + dump(*i.context) + (i.target ? " as " + dump(*i.target) : "");
      return out + " " + body(w.body) + ")";
    }
    case StmtKind::Import: {
      std::string out = "(import";
      for (const auto& a : static_cast<const Import&>(s).names) out += " " + a.name + (a.asname.empty() ? "" : " as " + a.asname);
      return out + ")";
    }
    case StmtKind::ImportFrom: {
      const auto& f = static_cast<const ImportFrom&>(s);
      std::string out = "(from " + f.module + " import";
      for (const auto& a : f.names) out += " " + a.name + (a.asname.empty() ? "" : " as " + a.asname);
      return out + ")";
    }
  }
  return "?";
}

std::string dump(const Module& m) { return body(m.body); }

}  // namespace backstep::lang
