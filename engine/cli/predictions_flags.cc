#include "engine/cli/predictions_flags.h"

namespace gqleval::cli {

void read_predictions_flags(Args& args, batch::RunOptions& o, batch::RunWords& words) {
  o.predictions = args.value("predictions").value_or("");
  words.predictions_format = args.value("predictions-format");
  o.predictions_id = args.value("predictions-id-col").value_or("");
  if (!o.predictions_id.empty() && o.predictions.empty()) {
    args.fail("--predictions-id-col needs --predictions FILE");
  }
}

}  // namespace gqleval::cli
