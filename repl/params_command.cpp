// :params — between training steps, each parameter of the optimizer that
// stepped last, by name: the gradient its last step used, the update that
// step applied (|Δw| / |w|), and the optimizer's state for it (momentum
// buffers, exp_avg, exp_avg_sq, step, ...). The numbers come from the step
// statistics (engine/debug/step_stats.h), which the debugger turns on.
#include "engine/api/training_steps.h"
#include "engine/debug/step_stats.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "repl/debug_format.h"
#include "repl/debug_ui.h"
#include "repl/step_text.h"

#include <fmt/format.h>

namespace backstep::repl {

std::string step_line(rt::Interpreter& in, const debug::BackwardRun& run, const debug::Breakpoint* hit) {
  bool step_breakpoint = hit && hit->kind == debug::Breakpoint::Kind::Step;
  if (!api::training_steps(in).any_optimizer() && !step_breakpoint) return "";
  std::string loss = run.loss ? number_text(*run.loss) : "none";
  return fmt::format("  step {} (backward #{}), loss {}\n", run.step, run.number, loss);
}

namespace {

// The optimizer's state entries for one parameter: "name: text" each.
std::vector<std::string> state_entries(rt::Interpreter& in, const rt::Value& optimizer, const at::Tensor& param) {
  std::vector<std::string> out;
  auto state = rt::try_get_attr(in, optimizer, "state");
  if (!state) return out;
  rt::Args none;
  for (const rt::Value& item : rt::to_vector(in, rt::call_method(in, *state, "items", none))) {
    rt::Value key = rt::get_item(in, item, rt::Value(int64_t{0}));
    if (!key.is_tensor() || key.as_tensor().unsafeGetTensorImpl() != param.unsafeGetTensorImpl()) continue;
    rt::Value entries = rt::get_item(in, item, rt::Value(int64_t{1}));
    rt::Args no_args;
    for (const rt::Value& kv : rt::to_vector(in, rt::call_method(in, entries, "items", no_args))) {
      rt::Value name = rt::get_item(in, kv, rt::Value(int64_t{0}));
      rt::Value value = rt::get_item(in, kv, rt::Value(int64_t{1}));
      std::string text = value.is_tensor() && value.as_tensor().numel() > 1
                             ? summary_text(debug::summarize(value.as_tensor()))
                             : rt::repr(in, value);
      out.push_back(fmt::format("{}: {}", rt::str(in, name), text));
    }
  }
  return out;
}

std::string shape_text(const at::Tensor& t) {
  std::string out = "[";
  for (int64_t i = 0; i < t.dim(); ++i) out += (i ? ", " : "") + std::to_string(t.size(i));
  return out + "]";
}

void cmd_params(Shell& shell, const std::string&) {
  rt::Interpreter& in = shell.interpreter();
  const api::TrainingSteps& steps = api::training_steps(in);
  const auto& report = debug::step_tracker(in).last();
  if (!steps.any_optimizer() || !report)
    throw CommandError("no optimizer has stepped yet (:params shows the parameters after an optimizer.step())");
  const rt::Value& optimizer = steps.last_optimizer();
  size_t largest = report->params.size();
  double largest_ratio = 0;
  for (size_t i = 0; i < report->params.size(); ++i)
    if (auto r = report->params[i].update_ratio(); r && (!std::isfinite(*r) || *r > largest_ratio)) {
      largest_ratio = std::isfinite(*r) ? *r : HUGE_VAL;
      largest = i;
    }
  std::string out = fmt::format("{} after step {} ({} step{} so far; loss before it {}):\n", rt::type_name(optimizer),
                                report->step, steps.steps(), steps.steps() == 1 ? "" : "s",
                                report->loss ? number_text(*report->loss) : "none");
  size_t width = 0, shape_width = 0;
  for (const auto& p : report->params) {
    width = std::max(width, p.name.size());
    shape_width = std::max(shape_width, shape_text(p.param).size());
  }
  for (size_t i = 0; i < report->params.size(); ++i) {
    const debug::ParamStats& p = report->params[i];
    std::string grad = "grad None";
    if (p.grad.defined) {
      grad = "grad norm " + number_text(p.grad.norm);
      if (p.grad.nan) grad += fmt::format("  NaN {}", p.grad.nan);
      if (p.grad.inf) grad += fmt::format("  Inf {}", p.grad.inf);
    }
    auto ratio = p.update_ratio();
    std::string update = ratio ? fmt::format("Δw/w {}  (|Δw| {}, |w| {})", number_text(*ratio),
                                             number_text(*p.update_norm), number_text(p.weight_norm))
                               : "Δw/w unknown";
    out += fmt::format("  {:<{}}  {:<{}}  {}  {}{}\n", p.name, width, shape_text(p.param), shape_width, grad, update,
                       i == largest ? "  <- largest update" : "");
    for (const auto& entry : state_entries(in, optimizer, p.param)) out += "      " + entry + "\n";
  }
  shell.out(out);
}

}  // namespace

void register_params_command(CommandTable& table) {
  table.add({"params", "", "each parameter by name: last step's gradient norm, update Δw/w, optimizer state",
             ArgKind::None, {}, cmd_params});
}

}  // namespace backstep::repl
