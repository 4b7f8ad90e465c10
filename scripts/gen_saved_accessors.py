#!/usr/bin/env python3
"""Generates backstep's saved-field accessors from libtorch's generated/Functions.h.

PyTorch gives every backward node a Python property `_saved_<field>` (and
`_raw_saved_<field>` for tensors) for each value its node struct saves for the
backward pass. This script parses the installed header, finds every node
struct (a struct deriving from `Node` or `TraceableFunction`) and its data
members, classifies each member's C++ type into a small set of kinds, and writes
a C++ source with one read function per field and a constant table per node type.
The tables are consumed by engine/autograd/saved_fields.cpp.

Nothing here names a node or a field: libtorch 2.x renames and adds both. Types
the classifier does not know become kind Opaque and are shown as text.

Usage: gen_saved_accessors.py FUNCTIONS_H -o OUT.cpp [--json OUT.json]
Standard library only.
"""

import argparse
import json
import os
import re
import sys

from cpp_header import matching_brace, namespace_at, parse_declaration, preprocess, split_members, strip_comments

# --------------------------------------------------------------------------
# Reading the header
# --------------------------------------------------------------------------

_STRUCT_RE = re.compile(
    r'\b(?:struct|class)\s+(?:TORCH_API\s+|C10_API\s+|__attribute__\s*\(\(.*?\)\)\s*)*'
    r'(\w+)\s*(?:final\s*)?:\s*((?:(?:public|protected|private|virtual)\s+)*[\w:]+(?:\s*,\s*(?:(?:public|protected|private|virtual)\s+)*[\w:]+)*)\s*\{')

_NODE_BASES = {'Node', 'TraceableFunction'}


def _base_names(bases):
    names = []
    for b in bases.split(','):
        b = re.sub(r'\b(public|protected|private|virtual)\b', '', b).strip()
        names.append(b.split('::')[-1])
    return names


# Types that are machinery, never saved state.
_MACHINERY_TYPES = re.compile(r'(^|::)(mutex|recursive_mutex|shared_mutex|lock_guard|atomic<.*>|atomic_\w+|once_flag)$')


def parse_header(text):
    """Node structs (deriving from Node or TraceableFunction): a list of
    {struct, name (what name() returns), bases, members: [(type, name)],
    assigned_in_methods: members some member function assigns to}."""
    text = preprocess(strip_comments(text))
    structs = []
    pos = 0
    while True:
        m = _STRUCT_RE.search(text, pos)
        if not m:
            break
        open_pos = m.end() - 1
        end = matching_brace(text, open_pos)
        pos = end + 1
        bases = _base_names(m.group(2))
        if not any(b in _NODE_BASES for b in bases):
            continue
        body = text[open_pos + 1:end]
        decls, methods = split_members(body)
        # name(): the string a node reports, normally the struct name
        node_name = m.group(1)
        for meth in re.finditer(r'\bname\s*\(\s*\)\s*const[^{;]*\{\s*return\s+"([^"]+)"\s*;\s*\}', body):
            node_name = meth.group(1)
        # Members assigned inside member functions are bookkeeping (`x_released_ = true`,
        # `retain_variables = false`), not saved state.
        assigned = set()
        for meth in methods:
            for a in re.finditer(r'(?<![\w.>:])([A-Za-z_]\w*)\s*=(?!=)', meth):
                assigned.add(a.group(1))
        fields = []
        for d in decls:
            p = parse_declaration(d)
            if p:
                fields.append(p)
        structs.append({
            'struct': m.group(1),
            'name': node_name,
            'bases': bases,
            'members': fields,
            'assigned_in_methods': sorted(assigned),
        })
    return structs


_PLAIN_STRUCT_RE = re.compile(r'\bstruct\s+(?:TORCH_API\s+)?(\w+)\s*\{')


def parse_helper_structs(text):
    """Structs without a base class (TypeAndSize): name -> {'namespace', 'members'}.

    Node fields of these types have no operator<<; the generated code shows
    them as `Name(member=value, ...)`. Only structs whose members are all plain
    data (no references, arrays or bit-fields) are kept. libtorch 2.15 declares
    TypeAndSize in function.h (torch::autograd), older ones in Functions.h
    (torch::autograd::generated): the namespace is read from the header."""
    text = preprocess(strip_comments(text))
    helpers = {}
    for m in _PLAIN_STRUCT_RE.finditer(text):
        open_pos = m.end() - 1
        end = matching_brace(text, open_pos)
        decls, _ = split_members(text[open_pos + 1:end])
        members = []
        ok = True
        for d in decls:
            flat = ' '.join(d.split())
            p = parse_declaration(d)
            if not p:
                continue
            typ, name = p
            if '&' in typ or '[' in flat or re.search(r':\s*\d+\s*$', flat):
                ok = False
            members.append((' '.join(typ.split()), name))
        ns = namespace_at(text, m.start())
        if ok and members and ns:  # at file scope it is no libtorch type
            helpers[m.group(1)] = {'namespace': ns, 'members': members}
    return helpers


# --------------------------------------------------------------------------
# Classifying member types
# --------------------------------------------------------------------------

def normalize_type(t):
    """Canonical spelling for classification: no spaces, no leading `::`, and the
    namespaces that only qualify (at::, c10::, std::, torch::...) dropped."""
    t = re.sub(r'\s+', ' ', t).strip()
    t = re.sub(r'\s*([<>,*&:])\s*', r'\1', t)
    t = re.sub(r'(?<![\w>])::', '', t)
    t = re.sub(r'\b(?:torch::autograd::generated|torch::autograd|torch|at|c10|std)::', '', t)
    t = re.sub(r'\bconst\b', '', t).strip()
    return t


_INT_TYPES = {'int64_t', 'int32_t', 'int', 'long', 'size_t', 'uint64_t', 'uint32_t', 'int16_t', 'int8_t',
              'uint8_t', 'ssize_t', 'long long', 'unsigned', 'unsigned int', 'unsigned long'}
_FLOAT_TYPES = {'double', 'float'}
_SCALAR_TYPES = {'Scalar'}
_SCALARTYPE_TYPES = {'ScalarType'}
_STRING_TYPES = {'string', 'string_view'}
_SYMINT_TYPES = {'SymInt'}
_TENSOR_TYPES = {'SavedVariable'}

# Kinds whose values the interpreter can show as Python values. Optional and
# list forms are derived from these.
KINDS = ['Tensor', 'TensorList', 'Int', 'IntList', 'SymInt', 'SymIntList', 'Float', 'FloatList',
         'Bool', 'Scalar', 'ScalarList', 'ScalarType', 'String', 'Opaque']


def _scalar_kind(t):
    if t in _TENSOR_TYPES:
        return 'Tensor'
    if t in _INT_TYPES:
        return 'Int'
    if t in _SYMINT_TYPES:
        return 'SymInt'
    if t in _FLOAT_TYPES:
        return 'Float'
    if t == 'bool':
        return 'Bool'
    if t in _SCALAR_TYPES:
        return 'Scalar'
    if t in _SCALARTYPE_TYPES:
        return 'ScalarType'
    if t in _STRING_TYPES:
        return 'String'
    return None


_LIST_OF = {'Tensor': 'TensorList', 'Int': 'IntList', 'SymInt': 'SymIntList', 'Float': 'FloatList',
            'Scalar': 'ScalarList'}
_LIST_TEMPLATES = ('vector', 'ArrayRef', 'SmallVector', 'OptionalArray', 'OptionalArrayRef', 'List')
_ARRAYREF_ALIASES = {'IntArrayRef': 'Int', 'SymIntArrayRef': 'SymInt', 'DimVector': 'Int'}


def _split_template(t):
    """('vector', ['int64_t']) for 'vector<int64_t>', else (t, None)."""
    m = re.fullmatch(r'([\w:]+)<(.*)>', t)
    if not m:
        return t, None
    args, depth, cur = [], 0, ''
    for c in m.group(2):
        if c == '<':
            depth += 1
        elif c == '>':
            depth -= 1
        if c == ',' and depth == 0:
            args.append(cur)
            cur = ''
        else:
            cur += c
    args.append(cur)
    return m.group(1), args


def classify(cpp_type):
    """(kind, optional) for a member's C++ type."""
    t = normalize_type(cpp_type)
    optional = False
    tmpl, args = _split_template(t)
    if tmpl == 'optional' and args:
        optional = True
        t = args[0]
        tmpl, args = _split_template(t)
    if tmpl in ('OptionalArray', 'OptionalArrayRef') and args:
        optional = True
    k = _scalar_kind(t)
    if k:
        return k, optional
    if t in _ARRAYREF_ALIASES:
        return _LIST_OF[_ARRAYREF_ALIASES[t]], optional
    if tmpl in _LIST_TEMPLATES and args:
        inner = args[0]
        ik = _scalar_kind(inner)
        if ik in _LIST_OF:
            return _LIST_OF[ik], optional
    return 'Opaque', optional


def python_name(member_name):
    """PyTorch's property name: the saved argument's name; SavedVariable members
    carry a trailing underscore in C++ (`self_` -> `self`)."""
    return member_name[:-1] if member_name.endswith('_') else member_name


# PyTorch 2.x exposes `_saved_<name>` for these kinds only (plain or optional);
# ScalarType, TensorOptions, TypeAndSize, TensorGeometry, Layout, nested lists
# and the tensor-list sizes (`size_t x_size_`) have no Python property. A list
# of Scalars (the foreach ops' `scalars`) reads as a tuple of numbers.
_PYTHON_VISIBLE_KINDS = {'Tensor', 'TensorList', 'Int', 'IntList', 'SymInt', 'SymIntList', 'Float',
                         'FloatList', 'Bool', 'Scalar', 'ScalarList', 'String'}


def python_visible(kind, cpp_type, member_name):
    if kind not in _PYTHON_VISIBLE_KINDS:
        return False
    t = normalize_type(cpp_type)
    if kind == 'Int' and t not in ('int64_t', 'optional<int64_t>'):
        return False  # size_t counters like `tensors_size_`
    if kind == 'Float' and t not in ('double', 'optional<double>'):
        return False
    if kind == 'Bool' and t != 'bool':
        return False  # optional<bool> has no property
    return True


def mark_python_classes(structs):
    """Sets s['python_class']: whether PyTorch registers a Python class (with
    the `_saved_*` properties) for the node type.

    PyTorch's codegen writes Functions.h from the derivatives.yaml entries and
    then appends the foreach nodes it derives itself from the per-tensor
    formulas (`_foreach_abs` from `abs`); python_functions.cpp is generated
    from derivatives.yaml alone, so those appended nodes have no Python class
    (Python shows them as `CppFunction`, without saved-field properties). They
    are the header's trailing run of `Foreach*` nodes; the foreach nodes
    derivatives.yaml defines itself come earlier, before the `*_copy` views."""
    tail = len(structs)
    while tail > 0 and structs[tail - 1]['name'].startswith('Foreach'):
        tail -= 1
    for i, s in enumerate(structs):
        s['python_class'] = i < tail
    return structs


def analyse(structs):
    """Adds the saved fields (with kinds) to each struct; drops bookkeeping members."""
    mark_python_classes(structs)
    for s in structs:
        members = s['members']
        names = {n for _, n in members}
        assigned = set(s['assigned_in_methods'])
        fields = []
        for typ, name in members:
            nt = normalize_type(typ)
            if _MACHINERY_TYPES.search(nt):
                continue
            if name.endswith('_released_') or name in assigned:
                continue
            kind, optional = classify(typ)
            released_flag = None
            if kind == 'TensorList':
                cand = name + 'released_' if name.endswith('_') else name + '_released_'
                if cand in names:
                    released_flag = cand
            fields.append({
                'member': name,
                'name': python_name(name),
                'cpp_type': ' '.join(typ.split()),
                'kind': kind,
                'optional': optional,
                'python_visible': s['python_class'] and python_visible(kind, typ, name),
                'released_flag': released_flag,
                'is_saved_variable': kind in ('Tensor', 'TensorList')
                and normalize_type(typ) in ('SavedVariable', 'vector<SavedVariable>'),
            })
        # Two members mapping to one name (e.g. `x` and `x_`) would be ambiguous:
        # keep the SavedVariable, as PyTorch's properties do.
        seen = {}
        for f in fields:
            if f['name'] in seen:
                other = seen[f['name']]
                keep = f if f['is_saved_variable'] and not other['is_saved_variable'] else other
                seen[f['name']] = keep
            else:
                seen[f['name']] = f
        s['fields'] = [f for f in fields if seen[f['name']] is f]
    return structs


# --------------------------------------------------------------------------
# Writing C++
# --------------------------------------------------------------------------

def _cpp_string(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def _helper_of(cpp_type, helpers):
    """The helper struct a field's type names (TypeAndSize), if any."""
    last = normalize_type(cpp_type).split('::')[-1]
    return last if last in helpers else None


def emit_helper_access(helpers, used):
    """Text functions for helper structs, reading their (possibly private)
    members through explicit template instantiation, which the language
    allows to name private members. Declared inside each struct's namespace so
    that member types resolve exactly as in the header."""
    out = []
    w = out.append
    if not used:
        return out
    for h in used:
        ns = helpers[h]['namespace']
        w('namespace %s::backstep_access {' % ns)
        w('template <class Tag, typename Tag::type M>')
        w('struct Access_%s { friend typename Tag::type get(Tag) { return M; } };' % h)
        for typ, name in helpers[h]['members']:
            tag = '%s__%s' % (h, name)
            w('struct %s { using type = %s %s::*; friend type get(%s); };' % (tag, typ, h, tag))
            w('template struct Access_%s<%s, &%s::%s>;' % (h, tag, h, name))
        w('}  // namespace %s::backstep_access' % ns)
    w('')
    w('namespace backstep::autograd::detail {')
    w('namespace {')
    for h in used:
        ns = helpers[h]['namespace']
        w('std::string text_%s(const %s::%s& v) {' % (h, ns, h))
        w('  namespace acc = %s::backstep_access;' % ns)
        w('  std::string out = "%s(";' % h)
        for i, (typ, name) in enumerate(helpers[h]['members']):
            sep = ', ' if i else ''
            w('  out += "%s%s=" + opaque_text(v.*get(acc::%s__%s{}), %s);'
              % (sep, name, h, name, _cpp_string(typ)))
        w('  return out + ")";')
        w('}')
    w('}  // namespace')
    w('}  // namespace backstep::autograd::detail')
    w('')
    return out


def emit_cpp(structs, header_path, namespace_of, helpers=None):
    helpers = helpers or {}
    used = sorted({_helper_of(f['cpp_type'], helpers) for s in structs for f in s['fields']
                   if f['kind'] == 'Opaque' and _helper_of(f['cpp_type'], helpers)})
    out = []
    w = out.append
    w('// @generated by scripts/gen_saved_accessors.py from')
    w('//   ' + header_path)
    w('// Do not edit: the build regenerates this file when the header or the generator changes.')
    w('#include "engine/autograd/saved_fields_detail.h"')
    w('')
    w('#include <torch/csrc/autograd/generated/Functions.h>')
    w('')
    out.extend(emit_helper_access(helpers, used))
    w('namespace backstep::autograd::detail {')
    w('namespace {')
    w('using torch::autograd::Node;')
    w('using torch::autograd::SavedVariable;')
    w('')
    for s in structs:
        st = namespace_of + '::' + s['struct']
        if not s['fields']:
            continue
        for f in s['fields']:
            fn = 'r_%s__%s' % (s['struct'], f['member'])
            acc = 'static_cast<%s&>(n).%s' % (st, f['member'])
            if f['is_saved_variable'] and f['kind'] == 'Tensor':
                body = 'return read_tensor(n, %s);' % acc
            elif f['is_saved_variable'] and f['kind'] == 'TensorList':
                flag = ('static_cast<%s&>(n).%s' % (st, f['released_flag'])) if f['released_flag'] else 'false'
                body = 'return read_tensor_list(n, %s, %s);' % (acc, flag)
            elif f['kind'] == 'Opaque' and _helper_of(f['cpp_type'], helpers):
                body = 'return read_text(text_%s(%s));' % (_helper_of(f['cpp_type'], helpers), acc)
            elif f['kind'] == 'Opaque':
                body = 'return read_opaque(%s, %s);' % (acc, _cpp_string(f['cpp_type']))
            else:
                body = 'return read_value(SavedKind::%s, %s, %s);' % (f['kind'], acc, _cpp_string(f['cpp_type']))
            w('SavedValue %s(Node& n) { %s }' % (fn, body))
            if f['is_saved_variable'] and f['kind'] == 'Tensor':
                w('SavedVariable* x_%s__%s(Node& n) { return &%s; }' % (s['struct'], f['member'], acc))
            elif f['is_saved_variable'] and f['kind'] == 'TensorList':
                flag = ('static_cast<%s&>(n).%s' % (st, f['released_flag'])) if f['released_flag'] else 'false'
                w('std::vector<SavedVariable>* l_%s__%s(Node& n) { return raw_list(%s, %s); }'
                  % (s['struct'], f['member'], acc, flag))
        w('const FieldDesc k_%s[] = {' % s['struct'])
        for f in s['fields']:
            raw = 'nullptr'
            raw_list = 'nullptr'
            if f['is_saved_variable'] and f['kind'] == 'Tensor':
                raw = '&x_%s__%s' % (s['struct'], f['member'])
            elif f['is_saved_variable'] and f['kind'] == 'TensorList':
                raw_list = '&l_%s__%s' % (s['struct'], f['member'])
            w('  {%s, SavedKind::%s, %s, %s, %s, &r_%s__%s, %s, %s},' % (
                _cpp_string(f['name']), f['kind'], 'true' if f['optional'] else 'false',
                'true' if f['python_visible'] else 'false', _cpp_string(f['cpp_type']),
                s['struct'], f['member'], raw, raw_list))
        w('};')
    w('')
    w('template <class T> bool is_a(const Node& n) { return dynamic_cast<const T*>(&n) != nullptr; }')
    w('')
    w('const NodeTypeDesc k_types[] = {')
    for s in structs:
        st = namespace_of + '::' + s['struct']
        if s['fields']:
            fields = 'k_%s, sizeof(k_%s) / sizeof(FieldDesc)' % (s['struct'], s['struct'])
        else:
            fields = 'nullptr, 0'
        w('  {%s, &typeid(%s), &is_a<%s>, %s, %s},' % (_cpp_string(s['name']), st, st, fields,
                                                   'true' if s['python_class'] else 'false'))
    w('};')
    w('}  // namespace')
    w('')
    w('const NodeTypeDesc* generated_node_types(std::size_t* count) {')
    w('  *count = sizeof(k_types) / sizeof(NodeTypeDesc);')
    w('  return k_types;')
    w('}')
    w('')
    w('}  // namespace backstep::autograd::detail')
    w('')
    return '\n'.join(out)


def write_if_changed(path, content):
    try:
        with open(path, encoding='utf-8') as f:
            if f.read() == content:
                # still touch it so the build tool sees the output as up to date
                os.utime(path, None)
                return
    except OSError:
        pass
    tmp = path + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(content)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('header', nargs='?', help='path to torch/csrc/autograd/generated/Functions.h')
    ap.add_argument('-o', '--output', help='C++ file to write')
    ap.add_argument('--json', help='also write the parsed node types and fields as JSON')
    ap.add_argument('--namespace', default='torch::autograd::generated',
                    help='C++ namespace of the node structs (default: %(default)s)')
    ap.add_argument('--helper-header', action='append',
                    help='another header declaring plain structs node fields use (function.h: TypeAndSize)')
    ap.add_argument('--summary', action='store_true', help='print counts to stdout')
    args = ap.parse_args(argv)
    if not args.header:
        ap.error('the header is required')

    with open(args.header, encoding='utf-8') as f:
        text = f.read()
    structs = analyse(parse_header(text))
    if not structs:
        print('gen_saved_accessors: no node structs found in %s' % args.header, file=sys.stderr)
        return 1

    if args.output:
        helpers = parse_helper_structs(text)
        for extra in args.helper_header or []:
            with open(extra, encoding='utf-8') as f:
                helpers.update(parse_helper_structs(f.read()))
        write_if_changed(args.output, emit_cpp(structs, args.header, args.namespace, helpers))
    if args.json:
        doc = [{'struct': s['struct'], 'name': s['name'], 'python_class': s['python_class'],
                'fields': [{k: f[k] for k in ('name', 'member', 'cpp_type', 'kind', 'optional', 'python_visible')}
                           for f in s['fields']]} for s in structs]
        write_if_changed(args.json, json.dumps(doc, indent=1) + '\n')
    if args.summary:
        nfields = sum(len(s['fields']) for s in structs)
        hist = {}
        for s in structs:
            for f in s['fields']:
                hist[f['kind']] = hist.get(f['kind'], 0) + 1
        print('node types: %d, saved fields: %d' % (len(structs), nfields))
        for k in KINDS:
            if k in hist:
                print('  %-11s %d' % (k, hist[k]))
        opaque = {}
        for s in structs:
            for f in s['fields']:
                if f['kind'] == 'Opaque':
                    opaque[f['cpp_type']] = opaque.get(f['cpp_type'], 0) + 1
        for t, c in sorted(opaque.items(), key=lambda x: -x[1]):
            print('  opaque %-45s %d' % (t, c))
    return 0


if __name__ == '__main__':
    sys.exit(main())
