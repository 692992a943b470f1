// Scoring one pair from a program of your own: include the scorer's public
// header, link the `gqleval` library target, build the schema once, keep one
// Scorer per thread, and score. The result's paths point into the Scorer's
// memory until its next score(), so print or copy them first.
#include <cstdio>
#include <string_view>

#include "engine/score/score_pair.h"

namespace score = gqleval::score;

constexpr std::string_view kSchema = R"(
type User { id: Int! name: String email: String }
type Query { user(id: Int!): User }
)";

int main() {
  auto schema = score::ScoringSchema::build(kSchema);
  if (!schema) {
    for (const gqleval::Diagnostic& d : schema.error()) {
      std::fprintf(stderr, "schema: %s: %s\n", d.rule.c_str(), d.message.c_str());
    }
    return 2;
  }
  score::Scorer scorer;
  const std::string_view references[] = {"{ user(id: 1) { name } }"};
  // Raw model output: the query is extracted from its fenced block.
  const std::string_view candidate =
      "Here you go:\n```graphql\nquery { u: user(id: 1) { name email } }\n```\n";
  const score::PairResult r = scorer.score(**schema, references, candidate, {});
  std::printf("verdict %.*s, pass %s\n", static_cast<int>(score::verdict_name(r.verdict).size()),
              score::verdict_name(r.verdict).data(), r.pass ? "true" : "false");
  std::printf("missing %u, extra %u, F1 %.3f\n", r.missing, r.extra, r.f1);
  for (const score::SubtreeDiff& d : r.extra_paths) {
    std::printf("extra: %.*s (line %u, column %u)\n", static_cast<int>(d.path.size()),
                d.path.data(), d.pos.line, d.pos.column);
  }
  return 0;
}
