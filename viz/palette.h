// The colours every picture uses, in one place so the legend (legend.cpp)
// and the styles (dot_style.cpp, dot_writer.cpp) cannot disagree.
#pragma once

namespace backstep::viz::palette {

// torchviz's colours, by name as it writes them.
inline constexpr const char* kBackward = "lightgrey";
inline constexpr const char* kLeaf = "lightblue";
inline constexpr const char* kSaved = "orange";
inline constexpr const char* kOutput = "darkolivegreen1";
inline constexpr const char* kBase = "darkolivegreen3";
// Ours.
inline constexpr const char* kBroken = "#ff3b30";  // NaN or Inf
inline constexpr const char* kCurrent = "#e65100";
inline constexpr const char* kCurrentFill = "#ffe082";
inline constexpr const char* kDone = "#2e7d32";
inline constexpr const char* kBreakpoint = "#c62828";
inline constexpr const char* kFocus = "#d81b60";
inline constexpr const char* kLoop = "slateblue";
inline constexpr const char* kLoopFill = "#f3f2fb";
inline constexpr const char* kLoopBoxFill = "#e6e3f5";
inline constexpr const char* kCallBoxFill = "gainsboro";
inline constexpr const char* kModule = "steelblue";
inline constexpr const char* kModuleFill = "#e6eff8";
inline constexpr const char* kCall = "gray45";
// The node where a NaN/Inf is born: a red double octagon.
inline constexpr const char* kBornShape = "doubleoctagon";

}  // namespace backstep::viz::palette
