#include "engine/rows/row_table.h"

#include "engine/base/concat.h"
#include "engine/batch/result_format.h"
#include "engine/batch/run_words.h"
#include "io/json_writer.h"

namespace gqleval::rows {
namespace {

std::string_view pick(const std::vector<std::string_view>& column, bool one, size_t i) {
  if (column.empty()) return {};
  return one ? column[0] : column[i];
}

Diagnostic no_reference(std::string_view row) {
  return make_error("RangeError", concat({row, " has no reference: give at least one"}));
}

}  // namespace

RowCells RowTable::row(size_t i) const {
  RowCells cells;
  cells.schema = pick(schemas, one_schema, i);
  cells.references = std::span(references)
                         .subspan(reference_begin[i], reference_begin[i + 1] - reference_begin[i]);
  cells.candidate = pick(candidates, one_candidate, i);
  cells.variables = pick(variables, one_variables, i);
  cells.listed = !required.empty();
  cells.required = pick(required, false, i);
  cells.excluded = pick(excluded, false, i);
  return cells;
}

RowId RowTable::id(size_t i) const { return ids.empty() ? RowId{} : ids[i]; }

std::optional<Diagnostic> check_row(const RowCells& row) {
  if (row.references.empty() && !row.listed) return no_reference("the row");
  return std::nullopt;
}

std::optional<Diagnostic> check_table(const RowTable& t, size_t first, size_t count) {
  // A column may be absent (`optional`), or one cell for every row.
  auto check = [&](size_t items, std::string_view name, bool one,
                   bool optional) -> std::optional<Diagnostic> {
    if (items == (one ? 1 : t.rows) || (optional && items == 0)) return std::nullopt;
    return make_error("RangeError",
                      concat({name, " has ", std::to_string(items), " items and the rows are ",
                              std::to_string(t.rows), ": give one per row"}));
  };
  if (auto bad = check(t.schemas.size(), "schemas", t.one_schema, false)) return bad;
  if (auto bad = check(t.candidates.size(), "candidates", t.one_candidate, false)) return bad;
  if (auto bad = check(t.variables.size(), "variables", t.one_variables, true)) return bad;
  if (auto bad = check(t.ids.size(), "ids", false, true)) return bad;
  if (auto bad = check(t.required.size(), "required", false, true)) return bad;
  if (auto bad = check(t.excluded.size(), "excluded", false, true)) return bad;
  if (t.reference_begin.size() != t.rows + 1 || t.reference_begin.back() != t.references.size()) {
    return make_error("RangeError", "the references do not cover the rows");
  }
  if (first + count > t.rows) return make_error("RangeError", "the rows asked for are not there");
  for (size_t i = first; i < first + count; ++i) {
    if (t.reference_begin[i + 1] <= t.reference_begin[i] && t.required.empty()) {
      return no_reference("row " + std::to_string(i));
    }
  }
  return std::nullopt;
}

Result<std::span<const std::string_view>, Diagnostic> result_members(std::string_view mode,
                                                                     const OptionNames& names) {
  auto m = batch::read_score_mode(mode, names);
  if (!m) return Unexpected{std::move(m.error())};
  return batch::result_members(*m);
}

void RowResults::clear() {
  text.clear();
  ends.clear();
  firsts.clear();
}

std::string_view RowResults::members(size_t i) const {
  const size_t row = firsts[i];
  const size_t begin = row == 0 ? 0 : ends[row - 1];
  return std::string_view(text).substr(begin, ends[row] - begin);
}

void append_result_object(const RowResults& results, const RowTable& table, size_t first, size_t i,
                          std::string& out) {
  const std::string_view members = results.members(i);
  const RowId id = table.id(first + i);
  if (id.kind == RowId::Kind::kNone) {
    out.append(members);
    return;
  }
  out.append("{\"id\":");
  if (id.kind == RowId::Kind::kText) {
    io::append_json_string(out, id.text);
  } else {
    io::append_json_real(out, id.number);
  }
  out.push_back(',');
  out.append(members.substr(1));  // after the result's own `{`
}

void append_results_array(const RowResults& results, const RowTable& table, size_t first,
                          std::string& out) {
  out.reserve(out.size() + results.text.size() + results.ends.size() + 2);
  out.push_back('[');
  for (size_t i = 0; i < results.ends.size(); ++i) {
    if (i != 0) out.push_back(',');
    append_result_object(results, table, first, i, out);
  }
  out.push_back(']');
}

}  // namespace gqleval::rows
