// gqleval's manual page, gqleval.1, in man(7) macros, written from the texts
// `gqleval help` prints: the program's description and list of commands
// (commands.h), then per command its usage, description and options, the
// same CommandHelp that `gqleval COMMAND --help` prints, hidden flags left
// out as --help leaves them out. No option is described twice, so the page
// cannot say other than --help. The build writes the page with the hidden
// `gqleval help --man` (engine/cli/CMakeLists.txt) and `cmake --install`
// puts it in share/man/man1.
#pragma once

#include <string>

namespace gqleval::cli {

// The whole page, roff source ready for `man -l`.
std::string man_page();

}  // namespace gqleval::cli
