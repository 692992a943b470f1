#include "engine/runs/merge.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "engine/base/version.h"
#include "engine/batch/run_checks.h"
#include "engine/runs/shard_summary.h"
#include "io/file.h"
#include "io/file_names.h"

namespace gqleval::runs {
namespace {

struct Shard {
  std::string results;
  ShardSummary s;
  const batch::ShardFacts& facts() const { return *s.facts.shard; }
  std::string name() const {
    return "shard " + std::to_string(facts().index) + "/" + std::to_string(facts().count) + " (" +
           results + ")";
  }
};

Diagnostic error(std::string message) { return make_error("Merge", std::move(message)); }

std::string gate_list(const std::vector<batch::Gate>& gates) {
  std::string out;
  for (const batch::Gate& g : gates) {
    out += std::string(batch::gate_metric_name(g.metric)) + "=" + std::to_string(g.threshold) + ";";
  }
  return out;
}

std::string group_list(const batch::Summary::Counts& c) {
  std::string out;
  for (const batch::Summary::Group& g : c.groups) out += g.column + ";";
  return out;
}

// What must be the same in every shard for them to be parts of one run.
std::optional<Diagnostic> check_same_run(const Shard& first, const Shard& other) {
  const ShardSummary& a = first.s;
  const ShardSummary& b = other.s;
  auto differs = [&](std::string_view what) {
    return error(other.name() + " is not a part of the run of " + first.name() + ": its " +
                 std::string(what) + " differs");
  };
  if (b.facts.shard->count != a.facts.shard->count) return differs("number of shards");
  if (b.facts.provenance.input_hash != a.facts.provenance.input_hash ||
      b.facts.provenance.input_bytes != a.facts.provenance.input_bytes) {
    return differs("input (bytes or hash)");
  }
  if (b.mode != a.mode) return differs("mode");
  if (b.facts.provenance.rule_profile != a.facts.provenance.rule_profile ||
      b.facts.provenance.rules_file_hash != a.facts.provenance.rules_file_hash ||
      b.facts.delta != a.facts.delta) {
    return differs("rules or delta");
  }
  if (b.facts.variables_by_name != a.facts.variables_by_name) {
    return differs("variables_by_name");
  }
  if (group_list(b.counts) != group_list(a.counts)) return differs("group-by columns");
  if (gate_list(b.gates) != gate_list(a.gates)) return differs("gates");
  if (io::results_name_is_csv(other.results) != io::results_name_is_csv(first.results))
    return differs("results format");
  if (b.facts.artifacts.has_value() != a.facts.artifacts.has_value()) return differs("artifacts");
  return std::nullopt;
}

Result<std::vector<Shard>, Diagnostic> read_shards(const std::vector<std::string>& paths) {
  std::vector<Shard> shards;
  for (const std::string& results : paths) {
    const std::string path = io::summary_path_for(results);
    auto json = io::read_file(path);
    if (!json) {
      return Unexpected{error("no summary beside the results " + results + ": " +
                              json.error().message + " (gqleval score --shard K/N writes it)")};
    }
    auto parsed = parse_shard_summary(*json);
    if (!parsed) return Unexpected{error(path + ": " + parsed.error().message)};
    Shard shard{results, std::move(*parsed)};
    if (shard.s.gqleval_version != version() || shard.s.git_commit != git_commit()) {
      return Unexpected{error(path + ": made by gqleval " + shard.s.gqleval_version + " (" +
                              shard.s.git_commit + "), this is " + std::string(version()) + " (" +
                              std::string(git_commit()) + "); merge with the build that scored")};
    }
    if (shard.s.facts.interrupted) {
      return Unexpected{
          error(shard.name() + " was interrupted: finish it with gqleval score --resume first")};
    }
    if (!shards.empty()) {
      if (auto e = check_same_run(shards[0], shard)) return Unexpected{std::move(*e)};
    }
    shards.push_back(std::move(shard));
  }
  if (shards.empty()) return Unexpected{error("no shard given")};
  std::sort(shards.begin(), shards.end(),
            [](const Shard& a, const Shard& b) { return a.facts().index < b.facts().index; });
  const uint32_t count = shards[0].facts().count;
  uint64_t next_row = 0;
  for (uint32_t k = 1; k <= count; ++k) {
    const size_t i = k - 1;
    if (i >= shards.size() || shards[i].facts().index != k) {
      if (i > 0 && i <= shards.size() && shards[i - 1].facts().index == k - 1 &&
          i < shards.size() && shards[i].facts().index == k - 1) {
        return Unexpected{error("shard " + std::to_string(k - 1) + "/" + std::to_string(count) +
                                " is given twice: " + shards[i - 1].results + " and " +
                                shards[i].results)};
      }
      return Unexpected{error("shard " + std::to_string(k) + "/" + std::to_string(count) +
                              " is missing: give all " + std::to_string(count) + " shards")};
    }
    if (shards[i].facts().first_row != next_row) {
      return Unexpected{error(shards[i].name() + " starts at row " +
                              std::to_string(shards[i].facts().first_row) + ", not at row " +
                              std::to_string(next_row) +
                              " where the shards before it end: the rows have a gap or overlap")};
    }
    next_row += shards[i].s.rows;
  }
  if (shards.size() > count) {
    for (size_t i = 1; i < shards.size(); ++i) {
      if (shards[i].facts().index == shards[i - 1].facts().index) {
        return Unexpected{error(shards[i].name() + " is given twice: " + shards[i - 1].results +
                                " and " + shards[i].results)};
      }
    }
  }
  return shards;
}

// Appends one shard's results to `out`, checking that they hold its rows.
std::optional<Diagnostic> copy_results(const Shard& shard, bool first, std::FILE* out,
                                       std::string* csv_header) {
  auto text = io::read_file(shard.results);
  if (!text) return error(text.error().message);
  std::string_view body = *text;
  const uint64_t rows = shard.s.rows;
  const uint64_t first_row = shard.facts().first_row;
  if (io::results_name_is_csv(shard.results)) {
    const size_t eol = body.find('\n');
    const std::string_view header =
        body.substr(0, eol == std::string_view::npos ? body.size() : eol + 1);
    if (first) {
      *csv_header = std::string(header);
    } else if (header != *csv_header) {
      return error(shard.results + ": its CSV header differs from the first shard's");
    }
    if (!first) body.remove_prefix(header.size());
    const std::string_view data = first ? body.substr(header.size()) : body;
    if (rows != 0 && !data.starts_with(std::to_string(first_row) + ",")) {
      return error(shard.results + ": its first row is not row " + std::to_string(first_row) +
                   " as its summary says");
    }
  } else {
    const auto lines = static_cast<uint64_t>(std::count(body.begin(), body.end(), '\n'));
    if (lines != rows || (!body.empty() && body.back() != '\n')) {
      return error(shard.results + ": " + std::to_string(lines) +
                   " whole lines, but its summary counts " + std::to_string(rows) +
                   " rows (a truncated or other file)");
    }
    if (rows != 0 && !body.starts_with("{\"row\":" + std::to_string(first_row) + ",")) {
      return error(shard.results + ": its first line is not row " + std::to_string(first_row) +
                   " as its summary says");
    }
  }
  if (std::fwrite(body.data(), 1, body.size(), out) != body.size()) {
    return error("cannot write the merged results");
  }
  return std::nullopt;
}

// The summary of the whole from the shards' (see merge.h).
void merge_summaries(const std::vector<Shard>& shards, const std::string& output,
                     MergeReport& report) {
  const ShardSummary& first = shards[0].s;
  batch::Summary::Counts counts;
  counts.groups = first.counts.groups;
  for (batch::Summary::Group& g : counts.groups) g.values.clear();
  std::map<uint64_t, const batch::DistinctSchema*> schemas;
  batch::RunFacts facts;
  facts.provenance = first.facts.provenance;
  facts.provenance.output = output;
  facts.provenance.wall_seconds = 0;
  facts.delta = first.facts.delta;
  facts.variables_by_name = first.facts.variables_by_name;
  facts.artifacts = first.facts.artifacts;
  if (facts.artifacts) facts.artifacts->matched = facts.artifacts->written = 0;
  for (const Shard& shard : shards) {
    const ShardSummary& s = shard.s;
    for (size_t o = 0; o < counts.outcomes.size(); ++o) counts.outcomes[o] += s.counts.outcomes[o];
    counts.f1_millionths += s.counts.f1_millionths;
    counts.f1_squares += s.counts.f1_squares;
    for (size_t g = 0; g < counts.groups.size(); ++g) {
      for (const auto& [value, v] : s.counts.groups[g].values) {
        batch::Summary::GroupValue& sum = counts.groups[g].values[value];
        sum.rows += v.rows;
        sum.passes += v.passes;
      }
    }
    for (const batch::DistinctSchema& d : s.facts.shard->schemas) schemas.emplace(d.key, &d);
    facts.provenance.wall_seconds += s.facts.provenance.wall_seconds;
    facts.provenance.started_at =
        std::min(facts.provenance.started_at, s.facts.provenance.started_at);
    facts.resumed_rows += s.facts.resumed_rows;
    if (facts.artifacts && s.facts.artifacts) {
      facts.artifacts->matched += s.facts.artifacts->matched;
      facts.artifacts->written += s.facts.artifacts->written;
    }
  }
  std::vector<std::string> columns;
  for (const batch::Summary::Group& g : counts.groups) columns.push_back(g.column);
  batch::Summary summary(columns, first.mode);
  summary.restore(std::move(counts));
  facts.schemas = schemas.size();
  std::map<std::string, size_t> warnings;  // by message, as the schema cache lists them
  for (const auto& [key, d] : schemas) {
    facts.schema_failures += d->failed ? 1 : 0;
    for (const std::string& w : d->warnings) ++warnings[w];
  }
  facts.rules_warnings.assign(warnings.begin(), warnings.end());
  for (const batch::GateResult& g : batch::check_gates(summary, first.gates)) {
    facts.gates.push_back(batch::GateOutcome{std::string(batch::gate_metric_name(g.gate.metric)),
                                             g.gate.threshold, g.value, g.met});
  }
  const auto& causes = first.facts.shard->causes;
  auto cause = [&](uint8_t outcome) {
    for (const auto& [o, text] : causes) {
      if (o == outcome) return text;
    }
    return std::string();
  };
  if (auto warning = batch::not_compared_warning(summary, cause)) {
    facts.mostly_not_compared = true;
    facts.warnings.push_back(std::move(*warning));
  }
  report.summary = std::move(summary);
  report.facts = std::move(facts);
  report.shards = shards.size();
}

}  // namespace

Result<MergeReport, Diagnostic> merge_shards(const MergeOptions& o) {
  auto shards = read_shards(o.shards);
  if (!shards) return Unexpected{std::move(shards.error())};
  for (const Shard& s : *shards) {
    if (io::same_file(s.results, o.output) ||
        io::same_file(io::summary_path_for(s.results), o.summary)) {
      return Unexpected{error("the merged files may not be a shard's files: " + s.results)};
    }
  }
  const std::string partial = io::partial_path_for(o.output);
  std::FILE* out = std::fopen(partial.c_str(), "wb");
  if (out == nullptr) return Unexpected{error("cannot create " + partial)};
  std::string csv_header;
  for (size_t i = 0; i < shards->size(); ++i) {
    if (auto e = copy_results((*shards)[i], i == 0, out, &csv_header)) {
      std::fclose(out);
      std::remove(partial.c_str());
      return Unexpected{std::move(*e)};
    }
  }
  MergeReport report;
  merge_summaries(*shards, o.output, report);
  const bool closed = std::fclose(out) == 0;
  if (!closed || !io::write_file(o.summary, batch::summary_json(report.summary, report.facts)) ||
      std::rename(partial.c_str(), o.output.c_str()) != 0) {
    std::remove(partial.c_str());
    return Unexpected{error("cannot write " + o.output + " or " + o.summary)};
  }
  return report;
}

}  // namespace gqleval::runs
