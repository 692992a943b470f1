#include "engine/batch/result_format.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <type_traits>

#include "engine/score/coverage_json.h"
#include "engine/score/result_json.h"
#include "engine/score/subset_json.h"
#include "io/csv_writer.h"
#include "io/json_writer.h"

namespace gqleval::batch {
namespace {

using score::FiredRule;
using score::PairResult;
using score::QueryDiagnostic;
using score::QueryRole;
using score::SubtreeDiff;

constexpr std::string_view kCsvColumns[] = {"verdict",       "pass",        "compared",
                                            "missing",       "extra",       "precision",
                                            "recall",        "f1",          "matched_reference",
                                            "missing_paths", "extra_paths", "argument_differences",
                                            "rules_fired",   "operations",  "invalid_operations",
                                            "errors"};

constexpr std::string_view kSubsetCsvColumns[] = {"verdict",
                                                  "pass",
                                                  "compared",
                                                  "missing",
                                                  "score",
                                                  "left_nodes",
                                                  "matched_reference",
                                                  "missing_paths",
                                                  "operations",
                                                  "invalid_operations",
                                                  "errors"};

constexpr std::string_view kCoverageCsvColumns[] = {"verdict",
                                                    "pass",
                                                    "compared",
                                                    "required",
                                                    "covered_count",
                                                    "recall",
                                                    "missing_coordinates",
                                                    "over_selected",
                                                    "unsatisfiable",
                                                    "operations",
                                                    "invalid_operations",
                                                    "errors"};

// The members of a row's head and of a validate row; with every mode's result
// members, the names a kept column may not shadow: a name means one thing in
// every results file.
constexpr std::string_view kHeadMembers[] = {"row", "id", "run", "reference_hash", "valid"};

constexpr uint8_t kEquivalenceOutcomes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, kBadRow};
constexpr uint8_t kSubsetOutcomes[] = {kSubsetPass,
                                       kSubsetMissing,
                                       outcome_of(score::Verdict::kNoQuery),
                                       outcome_of(score::Verdict::kInvalidCandidate),
                                       outcome_of(score::Verdict::kInvalidReference),
                                       outcome_of(score::Verdict::kInvalidSchema),
                                       kBadRow};
constexpr uint8_t kCoverageOutcomes[] = {kCoveragePass,
                                         kCoverageMissing,
                                         outcome_of(score::Verdict::kNoQuery),
                                         outcome_of(score::Verdict::kInvalidCandidate),
                                         outcome_of(score::Verdict::kInvalidReference),
                                         outcome_of(score::Verdict::kInvalidSchema),
                                         kBadRow};

using io::append_number;

// `,"name":value` for each kept cell (a JSON value as it is, null when the
// row lacks it).
void append_kept(std::string& out, std::span<const KeptCell> kept) {
  for (const KeptCell& c : kept) {
    out.push_back(',');
    io::append_json_string(out, c.name);
    out.push_back(':');
    if (!c.present) {
      out.append("null");
    } else if (c.json) {
      out.append(c.value);
    } else {
      io::append_json_string(out, c.value);
    }
  }
}

// ---- JSONL

// append_json_row_head with a score row's run and reference_hash after the
// id, before the kept columns.
void jsonl_score_head(std::string& out, const RowKey& k) {
  out.append("{\"row\":");
  append_number(out, k.row);
  out.append(",\"id\":");
  io::append_json_string(out, k.id);
  if (!k.run.empty()) {
    score::append_json_key(out, "run");
    io::append_json_string(out, k.run);
  }
  if (k.reference_hash.empty()) {
    out.append(",\"reference_hash\":null");
  } else {  // 16 hex digits (row_key.h): nothing to escape
    out.append(",\"reference_hash\":\"").append(k.reference_hash).push_back('"');
  }
  append_kept(out, k.kept);
  out.push_back(',');
}

size_t jsonl_result(std::string& out, const RowKey& k, const PairResult& r) {
  jsonl_score_head(out, k);
  const size_t rest = out.size();
  score::append_result_members(out, r);
  out.append("}\n");
  return rest;
}

size_t jsonl_subset_result(std::string& out, const RowKey& k, const score::SubsetRow& r) {
  jsonl_score_head(out, k);
  const size_t rest = out.size();
  score::append_subset_members(out, r);
  out.append("}\n");
  return rest;
}

size_t jsonl_coverage_result(std::string& out, const RowKey& k, const score::CoverageRow& r) {
  jsonl_score_head(out, k);
  const size_t rest = out.size();
  score::append_coverage_members(out, r);
  out.append("}\n");
  return rest;
}

void jsonl_bad_row(std::string& out, const RowKey& k, const Diagnostic& d, ScoreMode mode) {
  jsonl_score_head(out, k);
  if (mode == ScoreMode::kSubset) {
    score::append_uncompared_subset_members(out, outcome_name(kBadRow), "row", d);
  } else if (mode == ScoreMode::kCoverage) {
    score::append_uncompared_coverage_members(out, outcome_name(kBadRow), "row", d);
  } else {
    score::append_uncompared_members(out, outcome_name(kBadRow), "row", d);
  }
  out.append("}\n");
}

// ---- CSV

// A number's shortest text (std::to_chars), valid until the next call.
class NumberText {
 public:
  template <typename T>
  std::string_view operator()(T v) {
    auto res = std::to_chars(buf_, buf_ + sizeof buf_, v);
    return {buf_, static_cast<size_t>(res.ptr - buf_)};
  }

 private:
  char buf_[32];
};

// The cell being built; reused, so a steady run does not allocate.
std::string& cell() {
  thread_local std::string scratch;
  scratch.clear();
  return scratch;
}

void csv_field(std::string& out, std::string_view text, bool first = false) {
  if (!first) out.push_back(',');
  io::append_csv_field(out, text);
}

void csv_position(std::string& c, SourcePos p) {
  append_number(c, p.line);
  if (p.column == 0) return;  // column unknown
  c.push_back(':');
  append_number(c, p.column);
}

void csv_key(std::string& out, const RowKey& k) {
  append_number(out, k.row);
  csv_field(out, k.id);
  if (!k.run.empty()) csv_field(out, k.run);
  csv_field(out, k.reference_hash);
  for (const KeptCell& c : k.kept) csv_field(out, c.value);
}

// The key, then the first members of the result (where its part begins,
// returned).
size_t csv_head(std::string& out, const RowKey& k, std::string_view verdict, bool pass,
                bool compared) {
  csv_key(out, k);
  const size_t rest = out.size();
  csv_field(out, verdict);
  csv_field(out, pass ? "true" : "false");
  csv_field(out, compared ? "true" : "false");
  return rest;
}

// `BEFOREoperation NAFTER` where an item names the candidate's operation
// (every operation graded); nothing where it names none (-1).
void csv_operation(std::string& c, int32_t operation, std::string_view before,
                   std::string_view after) {
  if (operation < 0) return;
  c.append(before).append("operation ");
  append_number(c, operation);
  c.append(after);
}

// SubtreeDiff or SubsetMissing: a path, its operation (a candidate's, every
// operation graded), position and nodes.
template <typename Path>
void csv_paths(std::string& out, std::span<const Path> paths) {
  std::string& c = cell();
  for (size_t i = 0; i < paths.size(); ++i) {
    if (i) c.push_back('\n');
    c.append(paths[i].path).append(" (");
    if constexpr (std::is_same_v<Path, SubtreeDiff>) {
      csv_operation(c, paths[i].operation, "", ", ");
    }
    if (paths[i].pos.line != 0) {
      csv_position(c, paths[i].pos);
      c.append(", ");
    }
    append_number(c, paths[i].nodes);
    c.append(paths[i].nodes == 1 ? " node)" : " nodes)");
  }
  csv_field(out, c);
}

// One line per difference: `path: changes (reference L:C, candidate L:C)`.
void csv_argument_differences(std::string& out, std::span<const score::ArgumentDifference> diffs) {
  std::string& c = cell();
  for (size_t i = 0; i < diffs.size(); ++i) {
    const score::ArgumentDifference& d = diffs[i];
    if (i) c.push_back('\n');
    c.append(d.path).append(": ").append(d.changes_text);
    const bool known = d.reference_pos.line != 0 && d.candidate_pos.line != 0;
    if (known) {
      c.append(" (reference ");
      csv_position(c, d.reference_pos);
      c.append(", candidate ");
      csv_operation(c, d.candidate_operation, "", " at ");
      csv_position(c, d.candidate_pos);
      c.push_back(')');
    }
  }
  csv_field(out, c);
}

void csv_who(std::string& c, QueryRole role, uint32_t reference, int32_t operation) {
  c.append(score::query_role_name(role));
  if (role == QueryRole::kReference) {
    c.push_back('[');
    append_number(c, reference);
    c.push_back(']');
  }
  csv_operation(c, operation, " ", "");
}

void csv_error_line(std::string& c, std::string_view who, const Diagnostic& d) {
  c.append(who);
  if (d.pos().line != 0) {
    c.push_back(' ');
    csv_position(c, d.pos());
  }
  c.append(": ").append(d.rule).append(": ").append(d.message);
}

void csv_errors(std::string& out, std::span<const QueryDiagnostic> errors) {
  std::string& c = cell();
  for (size_t i = 0; i < errors.size(); ++i) {
    const QueryDiagnostic& e = errors[i];
    if (i) c.push_back('\n');
    csv_who(c, e.query, e.reference, e.operation);
    csv_error_line(c, {}, e.diagnostic);
  }
  csv_field(out, c);
}

size_t csv_result(std::string& out, const RowKey& k, const PairResult& r) {
  const bool compared = !score::is_stage1(r.verdict);
  const size_t rest = csv_head(out, k, score::verdict_name(r.verdict), r.pass, compared);
  NumberText number;
  csv_field(out, compared ? number(r.missing) : std::string_view{});
  csv_field(out, compared ? number(r.extra) : std::string_view{});
  csv_field(out, number(compared ? r.precision : 0.0));
  csv_field(out, number(compared ? r.recall : 0.0));
  csv_field(out, number(compared ? r.f1 : 0.0));
  csv_field(out, r.matched_reference == score::kNoReference ? std::string_view{}
                                                            : number(r.matched_reference));
  csv_paths(out, r.missing_paths);
  csv_paths(out, r.extra_paths);
  csv_argument_differences(out, r.argument_differences);
  std::string& fired = cell();
  for (size_t i = 0; i < r.rules_fired.size(); ++i) {
    const FiredRule& f = r.rules_fired[i];
    if (i) fired.push_back('\n');
    csv_who(fired, f.query, score::reported_reference(r, f), f.operation);
    fired.push_back(' ');
    fired.append(f.rule);
    if (f.pos.line != 0) {
      fired.append(" at ");
      csv_position(fired, f.pos);
    }
    fired.append(" ").append(f.path).append(": ").append(f.detail);
  }
  csv_field(out, fired);
  csv_field(out, number(r.operations));
  csv_field(out, number(r.invalid_operations));
  csv_errors(out, r.errors);
  out.push_back('\n');
  return rest;
}

size_t csv_subset_result(std::string& out, const RowKey& k, const score::SubsetRow& row) {
  const score::SubsetResult& r = row.result;
  const bool compared = score::is_compared(row.verdict);
  const size_t rest = csv_head(out, k, score::subset_verdict_name(row.verdict),
                               row.verdict == score::SubsetVerdict::kSubset, compared);
  NumberText number;
  csv_field(out, compared ? number(r.missing_nodes) : std::string_view{});
  csv_field(out, number(compared ? r.score : 0.0));
  csv_field(out, compared ? number(r.left_nodes) : std::string_view{});
  csv_field(out, row.matched_reference == score::kNoReference ? std::string_view{}
                                                              : number(row.matched_reference));
  csv_paths(out, std::span<const score::SubsetMissing>(r.missing));
  csv_field(out, number(row.operations));
  csv_field(out, number(row.invalid_operations));
  csv_errors(out, r.errors);
  out.push_back('\n');
  return rest;
}

// One item a line: a coverage row's lists of coordinates.
void csv_lines(std::string& out, const std::vector<std::string>& items) {
  std::string& c = cell();
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) c.push_back('\n');
    c.append(items[i]);
  }
  csv_field(out, c);
}

size_t csv_coverage_result(std::string& out, const RowKey& k, const score::CoverageRow& r) {
  const bool compared = r.compared();
  const size_t rest = csv_head(out, k, score::coverage_verdict_name(r.verdict),
                               r.verdict == score::CoverageVerdict::kCovered, compared);
  NumberText number;
  csv_field(out, compared ? number(r.required) : std::string_view{});
  csv_field(out, compared ? number(r.covered) : std::string_view{});
  csv_field(out, number(compared ? r.recall : 0.0));
  // `coordinate (nearest)` a line.
  std::string& c = cell();
  for (size_t i = 0; i < r.missing.size(); ++i) {
    if (i) c.push_back('\n');
    c.append(r.missing[i].coordinate);
    if (!r.missing[i].nearest.empty()) c.append(" (").append(r.missing[i].nearest).append(")");
  }
  csv_field(out, c);
  csv_lines(out, r.over_selected);
  csv_lines(out, r.unsatisfiable);
  csv_field(out, number(r.operations));
  csv_field(out, number(r.invalid_operations));
  std::string& errors = cell();
  for (size_t i = 0; i < r.errors.size(); ++i) {
    const score::CoverageError& e = r.errors[i];
    if (i) errors.push_back('\n');
    errors.append(e.query);
    if (e.index >= 0) errors.append(" ").append(number(e.index));
    csv_error_line(errors, {}, e.diagnostic);
  }
  csv_field(out, errors);
  out.push_back('\n');
  return rest;
}

// A bad row's members after pass and compared, up to the errors: empty
// counts, zero scores, no paths or lists.
std::string_view csv_bad_row_middle(ScoreMode mode) {
  switch (mode) {
    case ScoreMode::kSubset: return ",,0,,,,0,0";
    case ScoreMode::kCoverage: return ",,,0,,,,0,0";
    case ScoreMode::kEquivalence: break;
  }
  return ",,,0,0,0,,,,,,0,0";
}

void csv_bad_row(std::string& out, const RowKey& k, const Diagnostic& d, ScoreMode mode) {
  csv_head(out, k, outcome_name(kBadRow), false, false);
  out.append(csv_bad_row_middle(mode));
  std::string& c = cell();
  csv_error_line(c, "row", d);
  csv_field(out, c);
  out.push_back('\n');
}

}  // namespace

std::string_view outcome_name(uint8_t outcome) {
  if (outcome == kBadRow) return "bad_row";
  if (outcome == kCoveragePass)
    return score::coverage_verdict_name(score::CoverageVerdict::kCovered);
  if (outcome == kCoverageMissing) {
    return score::coverage_verdict_name(score::CoverageVerdict::kNotCovered);
  }
  if (outcome == kSubsetPass) return score::subset_verdict_name(score::SubsetVerdict::kSubset);
  if (outcome == kSubsetMissing) return score::subset_verdict_name(score::SubsetVerdict::kMissing);
  return score::verdict_name(static_cast<score::Verdict>(outcome));
}

namespace {

// The outcome of a subset or coverage row's stage 1 verdict: the equivalence
// verdict of the same name.
template <class ModeVerdict>
uint8_t stage1_outcome(ModeVerdict v) {
  switch (v) {
    case ModeVerdict::kNoQuery: return outcome_of(score::Verdict::kNoQuery);
    case ModeVerdict::kInvalidCandidate: return outcome_of(score::Verdict::kInvalidCandidate);
    case ModeVerdict::kInvalidReference: return outcome_of(score::Verdict::kInvalidReference);
    case ModeVerdict::kInvalidSchema: return outcome_of(score::Verdict::kInvalidSchema);
    default: return kBadRow;
  }
}

}  // namespace

uint8_t outcome_of(score::SubsetVerdict v) {
  if (v == score::SubsetVerdict::kSubset) return kSubsetPass;
  if (v == score::SubsetVerdict::kMissing) return kSubsetMissing;
  return stage1_outcome(v);
}

uint8_t outcome_of(score::CoverageVerdict v) {
  if (v == score::CoverageVerdict::kCovered) return kCoveragePass;
  if (v == score::CoverageVerdict::kNotCovered) return kCoverageMissing;
  return stage1_outcome(v);
}

bool outcome_passes(uint8_t outcome) {
  if (outcome == kSubsetPass || outcome == kCoveragePass) return true;
  return outcome < kBadRow && score::is_pass(static_cast<score::Verdict>(outcome));
}

bool outcome_compared(uint8_t outcome) {
  if (outcome >= kSubsetPass) return true;  // subset, missing, covered, not_covered
  return outcome < kBadRow && !score::is_stage1(static_cast<score::Verdict>(outcome));
}

std::span<const uint8_t> mode_outcomes(ScoreMode mode) {
  if (mode == ScoreMode::kSubset) return kSubsetOutcomes;
  if (mode == ScoreMode::kCoverage) return kCoverageOutcomes;
  return kEquivalenceOutcomes;
}

std::span<const std::string_view> result_members(ScoreMode mode) {
  if (mode == ScoreMode::kSubset) return kSubsetCsvColumns;
  if (mode == ScoreMode::kCoverage) return kCoverageCsvColumns;
  return kCsvColumns;
}

std::optional<uint8_t> outcome_by_name(std::string_view name) {
  for (uint8_t o = 0; o < kOutcomeCount; ++o) {
    if (outcome_name(o) == name) return o;
  }
  return std::nullopt;
}

bool is_result_member(std::string_view name) {
  const auto in = [name](std::span<const std::string_view> names) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  return in(kHeadMembers) || in(kCsvColumns) || in(kSubsetCsvColumns) || in(kCoverageCsvColumns);
}

void append_json_row_head(std::string& out, const RowKey& k) {
  out.append("{\"row\":");
  append_number(out, k.row);
  score::append_json_key(out, "id");
  io::append_json_string(out, k.id);
  append_kept(out, k.kept);
  out.push_back(',');
}

void append_csv_header(std::string& out, std::span<const std::string> kept_names, ScoreMode mode,
                       bool run) {
  csv_field(out, "row", true);
  csv_field(out, "id");
  if (run) csv_field(out, "run");
  csv_field(out, "reference_hash");
  for (const std::string& name : kept_names) csv_field(out, name);
  for (std::string_view column : result_members(mode)) csv_field(out, column);
  out.push_back('\n');
}

size_t append_row_result(std::string& out, OutputFormat format, const RowKey& key,
                         const score::PairResult& result) {
  return format == OutputFormat::kCsv ? csv_result(out, key, result)
                                      : jsonl_result(out, key, result);
}

size_t append_subset_row(std::string& out, OutputFormat format, const RowKey& key,
                         const score::SubsetRow& row) {
  return format == OutputFormat::kCsv ? csv_subset_result(out, key, row)
                                      : jsonl_subset_result(out, key, row);
}

size_t append_coverage_row(std::string& out, OutputFormat format, const RowKey& key,
                           const score::CoverageRow& row) {
  return format == OutputFormat::kCsv ? csv_coverage_result(out, key, row)
                                      : jsonl_coverage_result(out, key, row);
}

void append_row_key(std::string& out, OutputFormat format, const RowKey& key) {
  if (format == OutputFormat::kCsv) {
    csv_key(out, key);
  } else {
    jsonl_score_head(out, key);
  }
}

void append_bad_row(std::string& out, OutputFormat format, const RowKey& key,
                    const Diagnostic& diagnostic, ScoreMode mode) {
  if (format == OutputFormat::kCsv) {
    csv_bad_row(out, key, diagnostic, mode);
  } else {
    jsonl_bad_row(out, key, diagnostic, mode);
  }
}

void append_validate_row(std::string& out, const RowKey& key, std::string_view query,
                         const Diagnostics& diagnostics) {
  append_json_row_head(out, key);
  bool valid = true;
  for (const Diagnostic& d : diagnostics) valid = valid && d.severity != Severity::kError;
  out.append(valid ? "\"valid\":true,\"errors\":[" : "\"valid\":false,\"errors\":[");
  bool first = true;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Severity::kError) continue;
    if (!first) out.push_back(',');
    first = false;
    score::append_json_error(out, query, std::nullopt, d);
  }
  out.append("]}\n");
}

}  // namespace gqleval::batch
