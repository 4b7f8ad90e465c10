// `:break module SPEC`: parsing (both the shell's and the command line's
// forms), matching a path at dot boundaries or a type anywhere in a node's
// module stack, and refusing a spec that names no module the program made.
#include "engine/autograd/module_names.h"
#include "engine/debug/breakpoints.h"

#include <doctest/doctest.h>

#include <memory>

namespace ba = backstep::autograd;
namespace bd = backstep::debug;

namespace {

bd::Breakpoint parsed(const std::string& spec) {
  bd::ParsedBreakpoint p = bd::parse_breakpoint(spec);
  REQUIRE_MESSAGE(p.breakpoint, p.error);
  return *p.breakpoint;
}

// Net > encoder: Encoder > encoder.layers.1: Layer > encoder.layers.1.linear1: Linear
std::shared_ptr<const ba::ModuleScope> stack() {
  auto net = std::make_shared<const ba::ModuleScope>(ba::ModuleScope{"", "Net", nullptr});
  auto enc = std::make_shared<const ba::ModuleScope>(ba::ModuleScope{"encoder", "Encoder", net});
  auto layer = std::make_shared<const ba::ModuleScope>(ba::ModuleScope{"encoder.layers.1", "Layer", enc});
  return std::make_shared<const ba::ModuleScope>(ba::ModuleScope{"encoder.layers.1.linear1", "Linear", layer});
}

}  // namespace

TEST_CASE("module breakpoints parse in the shell's and the command line's forms") {
  CHECK(parsed("module encoder.layers.1").kind == bd::Breakpoint::Kind::Module);
  CHECK(parsed("module encoder.layers.1").module == "encoder.layers.1");
  CHECK(parsed("module:Linear").module == "Linear");
  CHECK(parsed("module fc1 if node is not None").condition == "node is not None");
  CHECK(parsed("module fc1").describe() == "module fc1");
  for (const char* bad : {"module", "module ", "module a..b", "module .a", "module a.", "module a/b"})
    CHECK_MESSAGE(!bd::parse_breakpoint(bad).breakpoint, bad);
  // A node type that merely starts with "module" is still a node type.
  CHECK(parsed("moduleBackward0").kind == bd::Breakpoint::Kind::NodeName);
}

TEST_CASE("a module breakpoint matches a path, a path prefix at a dot, or a type, anywhere in the stack") {
  auto s = stack();
  CHECK(parsed("module encoder.layers.1").matches_module(s.get()));
  CHECK(parsed("module encoder.layers.1.linear1").matches_module(s.get()));
  CHECK(parsed("module encoder").matches_module(s.get()));
  CHECK(parsed("module Linear").matches_module(s.get()));
  CHECK(parsed("module Net").matches_module(s.get()));  // the root module, by type
  CHECK_FALSE(parsed("module encoder.layers.10").matches_module(s.get()));
  CHECK(parsed("module encoder.layers").matches_module(s.get()));  // a prefix at a dot
  CHECK_FALSE(parsed("module encoder.lay").matches_module(s.get()));  // not at a dot
  CHECK_FALSE(parsed("module linear").matches_module(s.get()));  // types are case-sensitive
  CHECK_FALSE(parsed("module Linear").matches_module(nullptr));
  // The plain-data stack a graph snapshot holds matches the same way.
  std::vector<ba::ModuleFrame> frames = ba::module_frames(s.get());
  REQUIRE(frames.size() == 4);
  CHECK(frames.front().type == "Net");
  CHECK(frames.back().path == "encoder.layers.1.linear1");
  CHECK(ba::module_stack_text(frames) ==
        "Net > encoder: Encoder > encoder.layers.1: Layer > encoder.layers.1.linear1: Linear");
  CHECK(parsed("module Layer").matches_module(frames));
  CHECK_FALSE(parsed("module decoder").matches_module(frames));
}

TEST_CASE("a spec naming no known module is refused with the nearest names") {
  // Before any module exists nothing can be checked: accepted for now.
  if (!ba::any_module_known()) CHECK(bd::unknown_module_error(parsed("module anything")).empty());
  ba::note_module("encoder.layers.1", "Layer");
  ba::note_module("encoder.layers.1.linear1", "Linear");
  CHECK(bd::unknown_module_error(parsed("module encoder.layers.1")).empty());
  CHECK(bd::unknown_module_error(parsed("module encoder")).empty());  // a prefix of known paths
  CHECK(bd::unknown_module_error(parsed("module Linear")).empty());
  std::string error = bd::unknown_module_error(parsed("module encoder.layer.1"));
  CHECK(error.rfind("no module 'encoder.layer.1' in this program (modules nearest that name: encoder.layers.1", 0) == 0);
  CHECK(bd::unknown_module_error(parsed("MulBackward0")).empty());  // other kinds are not module specs
}
