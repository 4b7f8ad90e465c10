#!/usr/bin/env python3
"""The self-test of scripts/gen_saved_accessors.py (run by ctest): its parser
and classifier on a built-in header in libtorch 2.x's style. Standard library only."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_saved_accessors import analyse, emit_cpp, parse_header, parse_helper_structs  # noqa: E402

_SELF_TEST_HEADER = r"""
#pragma once
namespace torch { namespace autograd { namespace generated {
struct TypeAndSize {
  TypeAndSize() = default;
  std::vector<c10::SymInt> sym_sizes;   // not a node
};
#ifdef _WIN32
struct AbsBackward0 : public TraceableFunction {
  TORCH_API AbsBackward0() = default;
#else
struct TORCH_API AbsBackward0 : public TraceableFunction {
#endif
  using TraceableFunction::TraceableFunction;
  variable_list apply(variable_list&& grads) override;
  std::string name() const override { return "AbsBackward0"; }
  void release_variables() override {
    std::lock_guard<std::mutex> lock(mutex_);
    self_.reset_data();
  }
  void compiled_args(CompiledNodeArgs& args) override;
  variable_list apply_with_saved(const variable_list& inputs, SwapSavedVariables& saved) override;
  SavedVariable self_;

};
struct TORCH_API ForeachMaximumBackward1 : public TraceableFunction {
  std::string name() const override { return "ForeachMaximumBackward1"; }
  std::vector<at::Scalar> scalars;
  std::vector<SavedVariable> self_;
  bool self_released_ = false;
  size_t self_size_;
};
struct TORCH_API IndexBackward0 : public TraceableFunction {
  using TraceableFunction::TraceableFunction;
  std::string name() const override { return "IndexBackward0"; }
  void release_variables() override {
    std::lock_guard<std::mutex> lock(mutex_);
    indices_.clear();
    indices_released_ = true;
  }
  std::vector<SavedVariable> indices_;
  bool indices_released_ = false;
  std::vector<c10::SymInt> self_sym_sizes;
  ::std::optional<at::ScalarType> dtype;
  ::std::optional<c10::SymInt> start;
  c10::OptionalArray<c10::SymInt> output_size;
  c10::OptionalArray<double> scale_factors;
  c10::string_view approximate;
  ::std::optional<std::string> rounding_mode;
  std::optional<at::Scalar> min;
  at::Layout self_layout = at::kStrided;
  int64_t dim{0};
  double eps = 1e-5;
  bool retain_variables = true;
  void will_release_variables() override {
    retain_variables = false;
  }
  at::MemoryFormat memory_format;
  size_t tensors_size_;
  std::vector<::std::optional<at::Tensor>> future_list;
};
struct TORCH_API ForeachAbsBackward0 : public TraceableFunction {
  std::string name() const override { return "ForeachAbsBackward0"; }
  std::vector<SavedVariable> self_;
  bool self_released_ = false;
};
struct TORCH_API NotANode {
  int64_t x;
};
}}} // namespace torch::autograd::generated
"""


def self_test():
    structs = {s['name']: s for s in analyse(parse_header(_SELF_TEST_HEADER))}
    assert sorted(structs) == ['AbsBackward0', 'ForeachAbsBackward0', 'ForeachMaximumBackward1',
                               'IndexBackward0'], sorted(structs)
    abs_fields = [(f['name'], f['kind']) for f in structs['AbsBackward0']['fields']]
    assert abs_fields == [('self', 'Tensor')], abs_fields
    got = {f['name']: (f['kind'], f['optional']) for f in structs['IndexBackward0']['fields']}
    want = {
        'indices': ('TensorList', False),
        'self_sym_sizes': ('SymIntList', False),
        'dtype': ('ScalarType', True),
        'start': ('SymInt', True),
        'output_size': ('SymIntList', True),
        'scale_factors': ('FloatList', True),
        'approximate': ('String', False),
        'rounding_mode': ('String', True),
        'min': ('Scalar', True),
        'self_layout': ('Opaque', False),
        'dim': ('Int', False),
        'eps': ('Float', False),
        'memory_format': ('Opaque', False),
        'tensors_size': ('Int', False),
        'future_list': ('Opaque', False),  # not SavedVariables: shown as text
    }
    assert got == want, (got, want)
    # Foreach nodes derived by the codegen (the header's trailing run) have no Python class.
    classes = {n: s['python_class'] for n, s in structs.items()}
    assert classes == {'AbsBackward0': True, 'ForeachMaximumBackward1': True, 'IndexBackward0': True,
                       'ForeachAbsBackward0': False}, classes
    visible = {n: [f['name'] for f in s['fields'] if f['python_visible']] for n, s in structs.items()}
    assert visible['ForeachMaximumBackward1'] == ['scalars', 'self'], visible
    assert visible['ForeachAbsBackward0'] == [], visible
    assert structs['ForeachMaximumBackward1']['fields'][0]['kind'] == 'ScalarList'
    flags = {f['name']: f['released_flag'] for f in structs['IndexBackward0']['fields']}
    assert flags['indices'] == 'indices_released_', flags
    helpers = parse_helper_structs(_SELF_TEST_HEADER)
    assert helpers['TypeAndSize'] == {'namespace': 'torch::autograd::generated',
                                      'members': [('std::vector<c10::SymInt>', 'sym_sizes')]}, helpers
    in_function_h = parse_helper_structs('namespace torch::autograd {\nstruct Edge;\n'
                                         'struct TypeAndSize {\n  at::TensorOptions options;\n};\n}')
    assert in_function_h['TypeAndSize']['namespace'] == 'torch::autograd', in_function_h
    code = emit_cpp(list(structs.values()), 'self-test', 'torch::autograd::generated', helpers)
    assert 'read_tensor_list(n, static_cast<torch::autograd::generated::IndexBackward0&>(n).indices_, ' \
           'static_cast<torch::autograd::generated::IndexBackward0&>(n).indices_released_)' in code
    assert 'retain_variables' not in code and 'mutex' not in code
    print('gen_saved_accessors self-test: ok')
    return 0


if __name__ == '__main__':
    sys.exit(self_test())
