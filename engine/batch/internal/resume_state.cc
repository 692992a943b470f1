#include "engine/batch/internal/resume_state.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <simdjson.h>

#include "engine/base/concat.h"
#include "io/file_names.h"
#include "io/json_member.h"
#include "io/json_writer.h"

namespace gqleval::batch {
namespace {

constexpr int kStateVersion = 1;

using io::read_member;
using simdjson::dom::element;

}  // namespace

std::string resume_state_json(const ResumeState& s) {
  std::string out;
  io::JsonWriter w(out);
  w.begin_object();
  w.key("gqleval_resume_state").num(kStateVersion);
  w.key("fingerprint").begin_object();
  for (const auto& [name, value] : s.fingerprint) w.key(name).str(value);
  w.end_object();
  w.key("input_bytes").num(s.input_bytes);
  w.key("rows").num(s.rows);
  w.key("input_end").num(s.input_end);
  w.key("input_prefix_xxh128").str(s.input_prefix_hash);
  w.key("results_bytes").num(s.results_bytes);
  w.key("outcomes").begin_array();
  for (uint64_t n : s.counts.outcomes) w.num(n);
  w.end_array();
  w.key("f1_millionths").num(s.counts.f1_millionths);
  w.key("f1_squares").str(f1_squares_text(s.counts.f1_squares));
  w.key("groups").begin_array();
  for (const Summary::Group& g : s.counts.groups) {
    w.begin_object().key("column").str(g.column).key("values").begin_array();
    for (const auto& [value, counts] : g.values) {
      w.begin_array().str(value).num(counts.rows).num(counts.passes).end_array();
    }
    w.end_array().end_object();
  }
  w.end_array();
  w.key("artifact_matches").num(s.artifact_matches);
  w.end_object();
  out.push_back('\n');
  return out;
}

Result<ResumeState, Diagnostic> parse_resume_state(std::string_view json) {
  simdjson::dom::parser parser;
  element root;
  if (parser.parse(json.data(), json.size()).get(root) != simdjson::SUCCESS) {
    return Unexpected{make_error("IO", "it is not JSON")};
  }
  uint64_t version = 0;
  if (!read_member(root, "gqleval_resume_state", &version) || version != kStateVersion) {
    return Unexpected{make_error("IO", "it is not a gqleval resume state of this version")};
  }
  ResumeState s;
  simdjson::dom::object fingerprint;
  if (root["fingerprint"].get_object().get(fingerprint) != simdjson::SUCCESS) {
    return Unexpected{make_error("IO", "it has no fingerprint")};
  }
  for (simdjson::dom::key_value_pair kv : fingerprint) {
    std::string_view value;
    if (kv.value.get_string().get(value) != simdjson::SUCCESS) {
      return Unexpected{make_error("IO", "a fingerprint value is not a string")};
    }
    s.fingerprint.emplace_back(std::string(kv.key), std::string(value));
  }
  std::string squares;
  if (!read_member(root, "input_bytes", &s.input_bytes) || !read_member(root, "rows", &s.rows) ||
      !read_member(root, "input_end", &s.input_end) ||
      !read_member(root, "input_prefix_xxh128", &s.input_prefix_hash) ||
      !read_member(root, "results_bytes", &s.results_bytes) ||
      !read_member(root, "f1_millionths", &s.counts.f1_millionths) ||
      !read_member(root, "f1_squares", &squares) ||
      !f1_squares_from_text(squares, &s.counts.f1_squares) ||
      !read_member(root, "artifact_matches", &s.artifact_matches)) {
    return Unexpected{make_error("IO", "a count is missing or malformed")};
  }
  // Fewer outcomes than this build counts: a state from a build before some
  // were added, which its fingerprint then refuses by name (gqleval).
  simdjson::dom::array outcomes;
  if (root["outcomes"].get_array().get(outcomes) != simdjson::SUCCESS ||
      outcomes.size() > s.counts.outcomes.size()) {
    return Unexpected{make_error("IO", "its verdict counts are malformed")};
  }
  size_t i = 0;
  for (element e : outcomes) {
    if (e.get_uint64().get(s.counts.outcomes[i++]) != simdjson::SUCCESS) {
      return Unexpected{make_error("IO", "its verdict counts are malformed")};
    }
  }
  simdjson::dom::array groups;
  if (root["groups"].get_array().get(groups) != simdjson::SUCCESS) {
    return Unexpected{make_error("IO", "its groups are malformed")};
  }
  for (element g : groups) {
    Summary::Group group;
    simdjson::dom::array values;
    if (!read_member(g, "column", &group.column) ||
        g["values"].get_array().get(values) != simdjson::SUCCESS) {
      return Unexpected{make_error("IO", "its groups are malformed")};
    }
    for (element v : values) {
      std::string_view value;
      Summary::GroupValue counts;
      if (v.at(0).get_string().get(value) != simdjson::SUCCESS ||
          v.at(1).get_uint64().get(counts.rows) != simdjson::SUCCESS ||
          v.at(2).get_uint64().get(counts.passes) != simdjson::SUCCESS) {
        return Unexpected{make_error("IO", "its groups are malformed")};
      }
      group.values.emplace(std::string(value), counts);
    }
    s.counts.groups.push_back(std::move(group));
  }
  return s;
}

std::optional<Diagnostic> write_resume_state(const std::string& results_path,
                                             const ResumeState& state) {
  const std::string path = io::resume_path_for(results_path);
  const std::string tmp = path + ".tmp";
  const std::string text = resume_state_json(state);
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  bool ok = f != nullptr && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (f != nullptr && std::fclose(f) != 0) ok = false;
  if (ok && std::rename(tmp.c_str(), path.c_str()) != 0) ok = false;
  if (ok) return std::nullopt;
  Diagnostic error =
      make_error("IO", "cannot write the resume state " + path + ": " + std::strerror(errno));
  std::remove(tmp.c_str());
  return error;
}

std::string fingerprint_difference(const ResumeState& earlier,
                                   const std::vector<std::pair<std::string, std::string>>& now) {
  for (const auto& [name, value] : now) {
    const std::string* was = nullptr;
    for (const auto& [n, v] : earlier.fingerprint) {
      if (n == name) was = &v;
    }
    if (was == nullptr) return concat({name, " was not recorded, now '", value, "'"});
    if (*was != value) return concat({name, " was '", *was, "', now '", value, "'"});
  }
  if (earlier.fingerprint.size() != now.size()) return "the options recorded differ";
  return "";
}

}  // namespace gqleval::batch
