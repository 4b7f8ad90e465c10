#include "viz/html_text.h"

namespace backstep::viz {

std::string escaped_html(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string script_safe(std::string s) {
  for (size_t p = s.find("</"); p != std::string::npos; p = s.find("</", p + 3)) s.replace(p, 2, "<\\/");
  return s;
}

}  // namespace backstep::viz
