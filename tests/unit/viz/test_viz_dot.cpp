// DOT output against golden files: torchviz's colours and shapes, then ids,
// lines, edges with dtype and shape, clusters, folding and annotations.
#include "script_graphs.h"
#include "test_support.h"
#include "viz/render.h"

#include <doctest/doctest.h>

namespace bv = backstep::viz;
namespace ba = backstep::autograd;
using namespace backstep::viz::testing;

namespace {

std::string dot_of(const Built& b, const bv::RenderOptions& opt = {}, const bv::Annotations& notes = {}) {
  bv::RenderResult r = bv::render(b.snapshot, notes, bv::Format::Dot, opt);
  REQUIRE_MESSAGE(r.ok, r.error);
  return r.data;
}


}  // namespace

TEST_CASE("the torchviz example: grey nodes, light-blue named leaves, green output, ids and lines") {
  ba::NodeIds ids;
  Built b = small(ids);
  std::string dot = dot_of(b);
  CHECK_MESSAGE(golden_mismatch("small.dot", dot) == "", golden_mismatch("small.dot", dot));
  CHECK(has(dot, "n0 [label=\"SumBackward0\\n#0  small.py:4\""));
  CHECK(has(dot, "fillcolor=\"lightgrey\""));
  CHECK(has(dot, "label=\"a\\n(3, 4)\\n#2\""));  // leaf: script name, torchviz's shape, id
  CHECK(has(dot, "fillcolor=\"lightblue\""));
  CHECK(has(dot, "out0 [label=\"loss\\n()\", fillcolor=\"darkolivegreen1\""));
  CHECK(has(dot, "n1 -> n0 [label=\"f32[3, 4]\""));  // dtype and shape on the edge
  // Edges in next_functions order: MulBackward0's inputs a then b.
  CHECK(dot.find("n2 -> n1") < dot.find("n3 -> n1"));
}

TEST_CASE("show_saved draws saved tensors in orange and saved values in the label") {
  ba::NodeIds ids;
  Built b = small(ids);
  bv::RenderOptions opt;
  opt.show_saved = true;
  opt.show_internal_saved = true;  // --saved=all: libtorch's own fields too (test_viz_legend.cpp hides them)
  std::string dot = dot_of(b, opt);
  CHECK_MESSAGE(golden_mismatch("small_saved.dot", dot) == "", golden_mismatch("small_saved.dot", dot));
  // MulBackward0's fields in Functions.h's order (2.15: other_, other_scalar_type, self_, ...)
  CHECK(has(dot, "saved1_0 [label=\"other\\n(3, 4)\", fillcolor=\"orange\""));
  CHECK(has(dot, "n1 -> saved1_0 [dir=\"none\"]"));
  CHECK(has(dot, "self_sym_sizes=(3, 4)"));  // SumBackward0's saved sizes
}

TEST_CASE("script calls are clusters; --depth 0 draws each call as one box") {
  ba::NodeIds ids;
  Built b = mlp(ids, 2);
  std::string dot = dot_of(b);
  CHECK_MESSAGE(golden_mismatch("mlp2.dot", dot) == "", golden_mismatch("mlp2.dot", dot));
  CHECK(has(dot, "subgraph cluster_call1 {"));
  CHECK(has(dot, "label=\"layer() at mlp.py:5\""));
  bv::RenderOptions opt;
  opt.depth = 0;
  std::string boxes = dot_of(b, opt);
  CHECK_MESSAGE(golden_mismatch("mlp2_depth0.dot", boxes) == "", golden_mismatch("mlp2_depth0.dot", boxes));
  CHECK(has(boxes, "label=\"layer \u00d75 nodes\\nmlp.py:5\""));
  CHECK(!has(boxes, "subgraph cluster_call"));
}

TEST_CASE("a loop body repeated by the same lines folds into one cluster marked ×K") {
  ba::NodeIds ids;
  Built b = rnn(ids, 5);
  std::string dot = dot_of(b);
  CHECK_MESSAGE(golden_mismatch("rnn5.dot", dot) == "", golden_mismatch("rnn5.dot", dot));
  CHECK(has(dot, "\u00d75 loop rnn.py:3"));
  CHECK(has(dot, "constraint=\"false\""));  // the hidden state carried to the next iteration
  CHECK(has(dot, "\u00d75\""));             // W's five uses merged into one edge
  bv::RenderOptions unfolded;
  unfolded.fold_loops = false;
  CHECK(!has(dot_of(b, unfolded), "cluster_loop"));
}

TEST_CASE("a loop calling a function folds whole calls") {
  ba::NodeIds ids;
  Built b = rnn(ids, 5, /*use_call=*/true);
  std::string dot = dot_of(b);
  CHECK_MESSAGE(golden_mismatch("rnn_cell5.dot", dot) == "", golden_mismatch("rnn_cell5.dot", dot));
  CHECK(has(dot, "subgraph cluster_loop0"));
  CHECK(has(dot, "cell() at rnn_cell.py:5"));
}

TEST_CASE("annotations: execution state as borders, gradients as fill, NaN in red, hooks, breakpoints") {
  ba::NodeIds ids;
  Built b = small(ids);
  bv::Annotations notes;
  ba::TensorSummary fine;
  fine.meta = ba::TensorMeta{"float32", {3, 4}, true, ""};
  fine.norm = 0.5;
  ba::TensorSummary broken = fine;
  broken.nan = 2;
  notes[0].state = bv::ExecState::Done;
  notes[0].incoming = {fine};
  notes[1].state = bv::ExecState::Current;
  notes[1].incoming = {broken};
  notes[2].state = bv::ExecState::Pending;
  notes[3].state = bv::ExecState::Pending;
  notes[3].breakpoint = true;
  b.snapshot.nodes[1].pre_hooks = 1;  // as if a hook were registered
  bv::RenderOptions opt;
  opt.show_grads = true;
  std::string dot = dot_of(b, opt, notes);
  CHECK_MESSAGE(golden_mismatch("annotated.dot", dot) == "", golden_mismatch("annotated.dot", dot));
  CHECK(has(dot, "\u2713 SumBackward0"));
  CHECK(has(dot, "\u25b6 MulBackward0"));
  CHECK(has(dot, "fillcolor=\"#ff3b30\""));
  CHECK(has(dot, "NaN\u00d72"));
  CHECK(has(dot, "hooks: 1 pre"));
  CHECK(has(dot, "peripheries=\"2\""));
}

TEST_CASE("a root that is a view is linked to its base with a dotted edge") {
  ba::NodeIds ids;
  Names names;
  FakeScript script("view.py", "y = a.exp()\nz = y.view(-1)\n");
  at::Tensor a = param(names, "a", {2, 3});
  script.at(1);
  at::Tensor y = a.exp();
  script.at(2);
  at::Tensor z = names.add(y.view({-1}), "z");
  auto snap = ba::snapshot(ids, {z}, names.namer());
  bv::Annotations notes;
  notes.view_bases = bv::view_bases_of(ids, {z});
  REQUIRE(notes.view_bases.size() == 1);
  REQUIRE(notes.view_bases[0].has_value());
  bv::RenderResult r = bv::render(snap, notes, bv::Format::Dot);
  REQUIRE(r.ok);
  CHECK(has(r.data, "fillcolor=\"darkolivegreen3\""));
  CHECK(has(r.data, "base0 -> out0 [style=\"dotted\"]"));
  CHECK(has(r.data, "n1 -> base0"));  // ExpBackward0 produced the base
}

TEST_CASE("around #id with a radius draws only the neighbourhood") {
  ba::NodeIds ids;
  Built b = rnn(ids, 30);
  bv::RenderOptions opt;
  opt.around = 40;
  opt.radius = 1;
  opt.fold_loops = false;
  bv::RenderResult r = bv::render(b.snapshot, {}, bv::Format::Dot, opt);
  REQUIRE(r.ok);
  CHECK(has(r.data, "n40 ["));
  CHECK(has(r.data, "color=\"#d81b60\""));  // the centre is marked
  CHECK(r.stats.drawn < 8);
  opt.around = 99999;
  r = bv::render(b.snapshot, {}, bv::Format::Dot, opt);
  CHECK(!r.ok);
  CHECK(r.error == "no node #99999 in this graph");
}

TEST_CASE("nested loops fold into nested clusters") {
  ba::NodeIds ids;
  Names names;
  FakeScript script("nested.py",
                    "for i in range(4):\n"
                    "    for j in range(3):\n"
                    "        x = x * w\n"
                    "    x = x.tanh()\n"
                    "loss = x.sum()\n");
  at::Tensor w = param(names, "w", {2});
  at::Tensor x = at::ones({2});
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 3; ++j) {
      script.at(3, 13, 18);
      x = x * w;
    }
    script.at(4, 9, 17);
    x = x.tanh();
  }
  script.at(5, 8, 15);
  at::Tensor loss = names.add(x.sum(), "loss");
  auto snap = ba::snapshot(ids, {loss}, names.namer());
  bv::RenderResult r = bv::render(snap, {}, bv::Format::Dot);
  REQUIRE(r.ok);
  CHECK_MESSAGE(golden_mismatch("nested.dot", r.data) == "", golden_mismatch("nested.dot", r.data));
  REQUIRE(r.stats.folding.size() >= 1);
  CHECK(r.stats.folding[0] == "2 loops folded (\u00d74, \u00d73)");
  size_t outer = r.data.find("subgraph cluster_loop0");
  size_t inner = r.data.find("subgraph cluster_loop1");
  CHECK(outer < inner);
  CHECK(inner != std::string::npos);
}
