#include "engine/runs/shard_summary.h"

#include <simdjson.h>

#include "engine/base/hash_text.h"
#include "engine/batch/result_format.h"
#include "io/json_member.h"

namespace gqleval::runs {
namespace {

using io::read_member;
using simdjson::dom::element;
using simdjson::dom::object;

// The outcome whose name this is (result_format.h), or false.
bool outcome_named(std::string_view name, uint8_t* out) {
  for (uint8_t o = 0; o < batch::kOutcomeCount; ++o) {
    if (batch::outcome_name(o) == name) {
      *out = o;
      return true;
    }
  }
  return false;
}

bool read_provenance(element p, batch::Provenance& out, ShardSummary& s) {
  element input;
  element machine;
  simdjson::dom::array arguments;
  uint64_t threads = 0;
  uint64_t cores = 0;
  if (!read_member(p, "gqleval_version", &s.gqleval_version) ||
      !read_member(p, "git_commit", &s.git_commit) || !read_member(p, "command", &out.command) ||
      p["arguments"].get_array().get(arguments) != simdjson::SUCCESS ||
      p["input"].get(input) != simdjson::SUCCESS || !read_member(input, "path", &out.input) ||
      !read_member(input, "bytes", &out.input_bytes) ||
      !read_member(input, "hash", &out.input_hash) || !read_member(p, "output", &out.output) ||
      !read_member(p, "rule_profile", &out.rule_profile) ||
      !read_member(p, "started_at", &out.started_at) ||
      !read_member(p, "wall_seconds", &out.wall_seconds) || !read_member(p, "threads", &threads) ||
      p["machine"].get(machine) != simdjson::SUCCESS || !read_member(machine, "cores", &cores) ||
      !read_member(machine, "cpu_model", &out.machine.cpu_model) ||
      !read_member(machine, "os", &out.machine.os)) {
    return false;
  }
  for (element a : arguments) {
    std::string_view v;
    if (a.get_string().get(v) != simdjson::SUCCESS) return false;
    out.arguments.emplace_back(v);
  }
  out.threads = static_cast<unsigned>(threads);
  out.machine.cores = static_cast<unsigned>(cores);
  element rules;
  if (p["rules_file"].get(rules) == simdjson::SUCCESS && !rules.is_null()) {
    if (!read_member(rules, "path", &out.rules_file) ||
        !read_member(rules, "hash", &out.rules_file_hash)) {
      return false;
    }
  }
  return true;
}

bool read_shard(element e, ShardSummary& s) {
  batch::ShardFacts shard;
  uint64_t index = 0;
  uint64_t count = 0;
  std::string squares;
  simdjson::dom::array schemas;
  object causes;
  if (!read_member(e, "index", &index) || !read_member(e, "count", &count) ||
      !read_member(e, "first_row", &shard.first_row) ||
      !read_member(e, "input_begin", &shard.input_begin) ||
      !read_member(e, "input_end", &shard.input_end) ||
      !read_member(e, "f1_millionths", &s.counts.f1_millionths) ||
      !read_member(e, "f1_squares", &squares) ||
      !batch::f1_squares_from_text(squares, &s.counts.f1_squares) ||
      e["schemas"].get_array().get(schemas) != simdjson::SUCCESS ||
      e["not_compared_causes"].get_object().get(causes) != simdjson::SUCCESS) {
    return false;
  }
  shard.index = static_cast<uint32_t>(index);
  shard.count = static_cast<uint32_t>(count);
  for (element d : schemas) {
    batch::DistinctSchema schema;
    std::string key;
    simdjson::dom::array warnings;
    if (!read_member(d, "key", &key) || !parse_hash_text(key, &schema.key) ||
        !read_member(d, "failed", &schema.failed) ||
        d["warnings"].get_array().get(warnings) != simdjson::SUCCESS) {
      return false;
    }
    for (element w : warnings) {
      std::string_view message;
      if (w.get_string().get(message) != simdjson::SUCCESS) return false;
      schema.warnings.emplace_back(message);
    }
    shard.schemas.push_back(std::move(schema));
  }
  for (simdjson::dom::key_value_pair kv : causes) {
    uint8_t outcome = 0;
    std::string_view cause;
    if (!outcome_named(kv.key, &outcome) || kv.value.get_string().get(cause) != simdjson::SUCCESS) {
      return false;
    }
    shard.causes.emplace_back(outcome, std::string(cause));
  }
  s.facts.shard = std::move(shard);
  return true;
}

bool read_counts(element root, ShardSummary& s) {
  object verdicts;
  object groups;
  if (root["verdicts"].get_object().get(verdicts) != simdjson::SUCCESS ||
      root["groups"].get_object().get(groups) != simdjson::SUCCESS) {
    return false;
  }
  for (simdjson::dom::key_value_pair kv : verdicts) {
    uint8_t outcome = 0;
    if (!outcome_named(kv.key, &outcome) ||
        !read_member(kv.value, "count", &s.counts.outcomes[outcome])) {
      return false;
    }
  }
  for (simdjson::dom::key_value_pair kv : groups) {
    batch::Summary::Group group{std::string(kv.key), {}};
    simdjson::dom::array values;
    if (kv.value.get_array().get(values) != simdjson::SUCCESS) return false;
    for (element v : values) {
      std::string value;
      batch::Summary::GroupValue counts;
      if (!read_member(v, "value", &value) || !read_member(v, "rows", &counts.rows) ||
          !read_member(v, "pass", &counts.passes)) {
        return false;
      }
      group.values.emplace(std::move(value), counts);
    }
    s.counts.groups.push_back(std::move(group));
  }
  return true;
}

bool read_facts(element root, ShardSummary& s) {
  simdjson::dom::array gates;
  if (root["gates"].get_array().get(gates) != simdjson::SUCCESS ||
      !read_member(root, "resumed_rows", &s.facts.resumed_rows) ||
      !read_member(root, "interrupted", &s.facts.interrupted)) {
    return false;
  }
  for (element g : gates) {
    std::string metric;
    double threshold = 0;
    if (!read_member(g, "metric", &metric) || !read_member(g, "threshold", &threshold))
      return false;
    auto parsed = batch::parse_gates(metric + "=0");
    if (!parsed || parsed->size() != 1) return false;
    (*parsed)[0].threshold = threshold;
    s.gates.push_back((*parsed)[0]);
  }
  uint64_t delta = 0;
  if (read_member(root, "delta", &delta)) s.facts.delta = static_cast<uint32_t>(delta);
  if (!read_member(root, "variables_by_name", &s.facts.variables_by_name)) return false;
  element artifacts;
  if (root["artifacts"].get(artifacts) != simdjson::SUCCESS) return false;
  if (!artifacts.is_null()) {
    batch::ArtifactFacts a;
    if (!read_member(artifacts, "dir", &a.dir) || !read_member(artifacts, "only", &a.only) ||
        !read_member(artifacts, "limit", &a.limit) ||
        !read_member(artifacts, "matched", &a.matched) ||
        !read_member(artifacts, "written", &a.written)) {
      return false;
    }
    s.facts.artifacts = a;
  }
  element provenance;
  return root["provenance"].get(provenance) == simdjson::SUCCESS &&
         read_provenance(provenance, s.facts.provenance, s);
}

}  // namespace

Result<ShardSummary, Diagnostic> parse_shard_summary(std::string_view json) {
  simdjson::dom::parser parser;
  element root;
  if (parser.parse(json.data(), json.size()).get(root) != simdjson::SUCCESS) {
    return Unexpected{make_error("Summary", "it is not JSON")};
  }
  uint64_t version = 0;
  if (!read_member(root, "results_version", &version) ||
      version != static_cast<uint64_t>(batch::kResultsVersion)) {
    return Unexpected{make_error("Summary", "it is not a gqleval summary of results version " +
                                                std::to_string(batch::kResultsVersion))};
  }
  ShardSummary s;
  element shard;
  if (root["shard"].get(shard) != simdjson::SUCCESS) {
    return Unexpected{make_error(
        "Summary", "it is the summary of a whole run, not of a shard (score with --shard K/N)")};
  }
  std::string mode;
  if (!read_member(root, "mode", &mode) || !batch::score_mode_from_name(mode, &s.mode) ||
      !read_member(root, "rows", &s.rows) || !read_counts(root, s) || !read_facts(root, s) ||
      !read_shard(shard, s)) {
    return Unexpected{make_error("Summary", "a member is missing or malformed")};
  }
  return s;
}

}  // namespace gqleval::runs
