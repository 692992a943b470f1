#include "engine/cli/progress_flag.h"

#include <string>

namespace gqleval::cli {

batch::ProgressMode read_progress_flag(Args& args) {
  const std::string name = args.value("progress").value_or("");
  auto mode = batch::progress_mode(name, args.has("quiet"), batch::stderr_is_terminal());
  if (!mode) {
    args.fail("--progress must be auto, bar, lines or none, not '" + name + "'");
    return batch::ProgressMode::kNone;
  }
  return *mode;
}

}  // namespace gqleval::cli
