#include "engine/score/coverage_json.h"

#include "engine/score/result_json.h"
#include "io/json_writer.h"

namespace gqleval::score {
namespace {

template <class T, class Write>
void append_list(std::string& out, const std::vector<T>& items, Write write) {
  out.push_back('[');
  for (size_t i = 0; i < items.size(); ++i) {
    if (i != 0) out.push_back(',');
    write(items[i]);
  }
  out.push_back(']');
}

void append_error(std::string& out, const CoverageError& e) {
  out.append("{\"query\":");
  io::append_json_string(out, e.query);
  if (e.index >= 0) {
    const bool list = e.query == "required" || e.query == "excluded";
    append_json_key(out, list ? "entry" : "operation");
    io::append_number(out, e.index);
  }
  append_json_key(out, "rule");
  io::append_json_string(out, e.diagnostic.rule);
  append_json_key(out, "message");
  io::append_json_string(out, e.diagnostic.message);
  append_json_position(out, e.diagnostic.pos());
  out.push_back('}');
}

// The members between the verdict and the errors' value.
void append_members_after_verdict(std::string& out, const CoverageRow& row) {
  const bool compared = row.compared();
  append_json_key(out, "pass");
  out.append(row.verdict == CoverageVerdict::kCovered ? "true" : "false");
  append_json_key(out, "compared");
  out.append(compared ? "true" : "false");
  auto count = [&](std::string_view name, uint32_t v) {
    append_json_key(out, name);
    if (compared) {
      io::append_number(out, v);
    } else {
      out.append("null");
    }
  };
  count("required", row.required);
  count("covered_count", row.covered);
  append_json_key(out, "recall");
  io::append_json_real(out, compared ? row.recall : 0.0);
  append_json_key(out, "missing_coordinates");
  append_list(out, row.missing, [&](const MissingCoordinate& m) {
    out.append("{\"coordinate\":");
    io::append_json_string(out, m.coordinate);
    append_json_key(out, "nearest");
    if (m.nearest.empty()) {
      out.append("null");
    } else {
      io::append_json_string(out, m.nearest);
    }
    append_json_position(out, m.pos);
    append_json_key(out, "operation");
    if (m.operation < 0) {
      out.append("null");
    } else {
      io::append_number(out, m.operation);
    }
    out.push_back('}');
  });
  const auto strings = [&](const std::string& s) { io::append_json_string(out, s); };
  append_json_key(out, "over_selected");
  append_list(out, row.over_selected, strings);
  append_json_key(out, "unsatisfiable");
  append_list(out, row.unsatisfiable, strings);
  append_json_key(out, "operations");
  io::append_number(out, row.operations);
  append_json_key(out, "invalid_operations");
  io::append_number(out, row.invalid_operations);
  append_json_key(out, "errors");
}

}  // namespace

void append_coverage_members(std::string& out, const CoverageRow& row) {
  out.append("\"verdict\":");
  io::append_json_string(out, coverage_verdict_name(row.verdict));
  append_members_after_verdict(out, row);
  append_list(out, row.errors, [&](const CoverageError& e) { append_error(out, e); });
}

void append_uncompared_coverage_members(std::string& out, std::string_view verdict,
                                        std::string_view query, const Diagnostic& error) {
  out.append("\"verdict\":");
  io::append_json_string(out, verdict);
  append_members_after_verdict(out, CoverageRow{});
  out.push_back('[');
  append_error(out, CoverageError{query, -1, error});
  out.push_back(']');
}

}  // namespace gqleval::score
