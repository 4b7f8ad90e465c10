// Text placed into the HTML pages viz writes (the graph page, the training
// report): escaped for attributes and elements, or made safe inside <script>.
#pragma once

#include <string>

namespace backstep::viz {

// < > & " as entities: safe in element text and in double-quoted attributes.
std::string escaped_html(const std::string& s);

// JSON inside <script>: "</" would end the element early, so it becomes "<\/".
std::string script_safe(std::string s);

}  // namespace backstep::viz
