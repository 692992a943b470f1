#include "engine/batch/internal/artifacts.h"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <unordered_set>

#include "engine/base/arena.h"
#include "engine/normalize/printer.h"
#include "engine/score/query_front_end.h"
#include "engine/score/render.h"
#include "engine/score/result_json.h"
#include "io/file.h"

namespace gqleval::batch {
namespace {

std::string dot_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
  return out;
}

void dot_tree(std::string& out, const normalize::NormalTree& tree, std::string_view prefix,
              std::string_view label, const std::unordered_set<uint64_t>& other,
              std::string_view diff_colour) {
  out += "  subgraph cluster_" + std::string(prefix) + " {\n    label=\"" + std::string(label) +
         "\";\n";
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    const normalize::Node& n = tree.nodes[i];
    const bool differs = i != 0 && !other.contains(n.hash);
    out +=
        "    " + std::string(prefix) + std::to_string(i) + " [label=\"" + dot_escape(n.key) + "\"";
    if (differs)
      out += ", color=" + std::string(diff_colour) + ", fontcolor=" + std::string(diff_colour) +
             ", penwidth=2";
    out += "];\n";
  }
  for (size_t i = 1; i < tree.nodes.size(); ++i) {
    out += "    " + std::string(prefix) + std::to_string(tree.nodes[i].parent) + " -> " +
           std::string(prefix) + std::to_string(i) + ";\n";
  }
  out += "  }\n";
}

// Stage 1 and 2 for one query, as the scorer reads it (score/query_front_end.h),
// for printing only (the verdict comes from the scorer). Null when the query
// does not get as far as a normal tree; `found` is the query read (the
// extracted one), when there was one.
const normalize::NormalTree* normal_tree(std::string_view text, score::QueryRole role, bool extract,
                                         const SchemaEntry& schema,
                                         const score::ScoreOptions& options, Arena& arena,
                                         normalize::NormalTree* storage,
                                         std::string_view* found = nullptr) {
  if (!schema.ok()) return nullptr;
  if (role == score::QueryRole::kCandidate && options.all_operations) {
    // An answer of several operations: no one query was read (`found` stays
    // unset), and the tree is their merged one.
    return score::read_answer_normal(text, extract, *schema.schema, schema.rewrites.get(),
                                     options.normalize, arena, *storage)
               ? storage
               : nullptr;
  }
  score::QueryFrontEnd front_end;
  score::FrontEndQuery q;
  std::vector<score::QueryDiagnostic> ignored;
  const bool read =
      front_end.read_normal(text, role, 0, extract, *schema.schema, options.operation_name,
                            schema.rewrites.get(), options.normalize, arena, ignored, q, *storage);
  if (found != nullptr && q.state != score::QueryState::kNoQuery) *found = q.query;
  return read ? storage : nullptr;
}

// `gqleval compare` on the row's files, with the run's options; from any
// folder, with the binary from $GQLEVAL or the PATH.
std::string replay_script(size_t references, bool variables, std::string_view options) {
  std::string s =
      "#!/bin/sh\n"
      "# Replays this row: gqleval compare on its files, with the run's options.\n"
      "# GQLEVAL=path/to/gqleval sh replay.sh [--json]\n"
      "cd \"$(dirname \"$0\")\" || exit 2\n"
      "exec \"${GQLEVAL:-gqleval}\" compare --schema schema.graphql";
  if (references == 1) {
    s += " reference.graphql";
  } else {
    s += " reference-0.graphql";
  }
  s += " candidate.txt";
  for (size_t k = 1; k < references; ++k) {
    s += " --reference reference-" + std::to_string(k) + ".graphql";
  }
  if (variables) s += " --variables @variables.json";
  s += options;
  s += " \"$@\"\n";
  return s;
}

}  // namespace

std::string trees_to_dot(const normalize::NormalTree* reference,
                         const normalize::NormalTree* candidate) {
  std::unordered_set<uint64_t> in_reference;
  std::unordered_set<uint64_t> in_candidate;
  if (reference) {
    for (const normalize::Node& n : reference->nodes) in_reference.insert(n.hash);
  }
  if (candidate) {
    for (const normalize::Node& n : candidate->nodes) in_candidate.insert(n.hash);
  }
  std::string out =
      "digraph gqleval {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n";
  if (reference) dot_tree(out, *reference, "r", "reference", in_candidate, "red");
  if (candidate) dot_tree(out, *candidate, "c", "candidate", in_reference, "orange");
  out += "}\n";
  return out;
}

std::optional<Diagnostic> ArtifactWriter::prepare() const {
  if (auto failed = io::create_folder(settings_.dir, "artifacts")) {
    return make_error("IO", std::move(failed->message));
  }
  if (settings_.rules_file.empty()) return std::nullopt;
  std::error_code ec;
  std::filesystem::copy_file(settings_.rules_file, settings_.dir + "/rules.json",
                             std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) {
    return make_error("IO", "cannot copy the rules file to " + settings_.dir + ": " + ec.message());
  }
  return std::nullopt;
}

std::string ArtifactWriter::folder(uint64_t row) const {
  char name[32];
  std::snprintf(name, sizeof name, "/row-%08llu", static_cast<unsigned long long>(row));
  return settings_.dir + name;
}

bool ArtifactWriter::claim(uint64_t row) {
  std::lock_guard lock(mutex_);
  if (settings_.limit == 0) {
    ++written_;
    return true;
  }
  if (kept_.size() >= settings_.limit && row > *kept_.rbegin()) return false;
  kept_.insert(row);
  writing_.insert(row);
  if (kept_.size() > settings_.limit) {
    const uint64_t evicted = *kept_.rbegin();
    kept_.erase(evicted);
    std::error_code ec;
    if (!writing_.contains(evicted)) std::filesystem::remove_all(folder(evicted), ec);
  }
  return true;
}

void ArtifactWriter::finish(uint64_t row) {
  if (settings_.limit == 0) return;
  std::lock_guard lock(mutex_);
  writing_.erase(row);
  std::error_code ec;
  if (!kept_.contains(row)) std::filesystem::remove_all(folder(row), ec);
}

void ArtifactWriter::resume(uint64_t first_row) {
  std::lock_guard lock(mutex_);
  std::error_code ec;
  for (const auto& item : std::filesystem::directory_iterator(settings_.dir, ec)) {
    const std::string name = item.path().filename().string();
    if (name.size() < 5 || name.compare(0, 4, "row-") != 0) continue;
    uint64_t row = 0;
    const char* first = name.data() + 4;
    const char* last = name.data() + name.size();
    if (std::from_chars(first, last, row).ptr != last) continue;
    if (row >= first_row) {
      std::filesystem::remove_all(item.path(), ec);
    } else if (settings_.limit == 0) {
      ++written_;
    } else {
      kept_.insert(row);
    }
  }
}

uint64_t ArtifactWriter::written() const {
  std::lock_guard lock(mutex_);
  return settings_.limit == 0 ? written_ : kept_.size();
}

void ArtifactWriter::write(uint64_t row, const SchemaEntry& schema,
                           std::span<const std::string_view> references, std::string_view candidate,
                           const score::ScoreOptions& options, const score::PairResult& result) {
  if (!claim(row)) return;
  write_folder(folder(row), schema, references, candidate, options, result);
  finish(row);
}

void ArtifactWriter::write_folder(const std::string& folder, const SchemaEntry& schema,
                                  std::span<const std::string_view> references,
                                  std::string_view candidate, const score::ScoreOptions& options,
                                  const score::PairResult& result) const {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  bool ok = !ec;
  auto put = [&](const std::string& name, std::string_view text) {
    ok = ok && io::write_file(folder + "/" + name, text);
  };

  put("schema.graphql", schema.text);
  for (size_t k = 0; k < references.size(); ++k) {
    put(references.size() == 1 ? "reference.graphql"
                               : "reference-" + std::to_string(k) + ".graphql",
        references[k]);
  }
  put("candidate.txt", candidate);
  if (!options.normalize.variables_json.empty()) {
    put("variables.json", std::string(options.normalize.variables_json) + "\n");
  }
  put("replay.sh", replay_script(references.size(), !options.normalize.variables_json.empty(),
                                 settings_.replay_options));

  Arena arena;
  const size_t matched = result.matched_reference == score::kNoReference
                             ? 0
                             : static_cast<size_t>(result.matched_reference);
  normalize::NormalTree reference_storage;
  normalize::NormalTree candidate_storage;
  const normalize::NormalTree* ref_tree =
      matched < references.size() ? normal_tree(references[matched], score::QueryRole::kReference,
                                                false, schema, options, arena, &reference_storage)
                                  : nullptr;
  std::string_view found;
  const normalize::NormalTree* cand_tree =
      normal_tree(candidate, score::QueryRole::kCandidate, options.extract_candidate, schema,
                  options, arena, &candidate_storage, &found);
  if (options.extract_candidate && found.data() != nullptr) put("candidate.graphql", found);
  if (ref_tree) put("reference.normal.graphql", normalize::print_tree(*ref_tree));
  if (cand_tree) put("candidate.normal.graphql", normalize::print_tree(*cand_tree));
  put("graph.dot", trees_to_dot(ref_tree, cand_tree));
  put("explanation.txt", score::render_text(result));
  std::string json;
  score::append_result_object(json, result);
  json.push_back('\n');
  put("result.json", json);

  if (!ok && !warned_.exchange(true)) {
    std::fprintf(stderr,
                 "gqleval score: cannot write artifacts to %s (further failures are not "
                 "reported)\n",
                 folder.c_str());
  }
}

}  // namespace gqleval::batch
