#include "engine/score/internal/answer_reader.h"

#include <span>
#include <string>
#include <utility>

#include "engine/base/concat.h"

namespace gqleval::score {
namespace {

bool before(SourcePos a, SourcePos b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}

}  // namespace

void Answer::clear() {
  valid.clear();
  errors.clear();
  operations = 0;
  invalid = 0;
  found = false;
}

void AnswerReader::read(const schema::Schema& schema, std::string_view cell, QueryRole role,
                        bool all_operations, bool extract, std::string_view operation_name,
                        Arena& arena, Answer& out) {
  out.clear();
  not_found_.reset();
  if (!split(all_operations ? cell : std::string_view{}, arena, out)) {
    // The answer as a whole is unreadable: one invalid operation.
    out.found = true;
    ++out.operations;
    ++out.invalid;
    return;
  }
  if (!array_) texts_.push_back(cell);
  for (std::string_view text : texts_) {
    read_text(schema, text, role, all_operations, extract, operation_name, arena, out);
  }
  if (out.found) return;
  if (texts_.empty()) {
    not_found_ = make_error("Extraction", "The answer's array holds no query text.");
  }
  if (not_found_) out.errors.push_back({-1, std::move(*not_found_)});
}

// The answer's query texts into texts_ when `cell` is a JSON array of strings
// (none when it does not start with `[`: the cell is the text); false with
// the reason when it starts with `[` and is not such an array.
bool AnswerReader::split(std::string_view cell, Arena& arena, Answer& out) {
  texts_.clear();
  array_ = false;
  const size_t start = cell.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || cell[start] != '[') return true;
  array_ = true;
  simdjson::dom::array array;
  if (json_.parse(cell.data(), cell.size()).get_array().get(array) != simdjson::SUCCESS) {
    out.errors.push_back(
        {-1, make_error("InvalidAnswer",
                        "the answer is neither a query nor a JSON array of query texts")});
    return false;
  }
  for (simdjson::dom::element item : array) {
    std::string_view text;
    if (item.get_string().get(text) != simdjson::SUCCESS) {
      out.errors.push_back(
          {static_cast<int32_t>(texts_.size()),
           make_error("InvalidAnswer", concat({"entry ", std::to_string(texts_.size()),
                                               " of the answer's array is not a string"}))});
      return false;
    }
    // The parser's buffer is reused by the next cell; the documents read
    // from the text live in the arena, and so must the text.
    const std::span<const char> kept = arena.copy(std::span<const char>(text));
    texts_.emplace_back(kept.data(), kept.size());
  }
  return true;
}

void AnswerReader::read_text(const schema::Schema& schema, std::string_view text, QueryRole role,
                             bool all_operations, bool extract, std::string_view operation_name,
                             Arena& arena, Answer& out) {
  found_errors_.clear();
  FrontEndQuery q = front_end_.find(text, role, 0, extract, arena, found_errors_);
  if (q.state == QueryState::kNoQuery) {
    if (!not_found_ && !found_errors_.empty()) not_found_ = found_errors_.front().diagnostic;
    return;
  }
  out.found = true;
  if (!all_operations) {
    front_end_.check(q, role, 0, schema, operation_name, arena, found_errors_);
    const uint32_t index = out.operations++;
    if (q.state == QueryState::kOk) {
      out.valid.push_back({q.document, q.operation, q.map, index});
    } else {
      ++out.invalid;
    }
    for (QueryDiagnostic& e : found_errors_) {
      out.errors.push_back({static_cast<int32_t>(index), std::move(e.diagnostic)});
    }
    return;
  }
  const validate::DocumentCheck check =
      validate::check_document(validator_, schema, q.query, validate::ValidateOptions{}, {},
                               validate::OperationName::kWhenSeveral, arena);
  if (check.document == nullptr) {  // a syntax error: the whole text is invalid
    const auto index = static_cast<int32_t>(out.operations++);
    ++out.invalid;
    for (const Diagnostic& d : check.diagnostics) out.errors.push_back({index, q.map.apply(d)});
    return;
  }
  add_document(check, q.map, out);
}

// Adds each operation of a checked document that the diagnostics leave valid
// (an error inside an operation marks it; one elsewhere, in a fragment or the
// whole document, all).
void AnswerReader::add_document(const validate::DocumentCheck& check, const PositionMap& map,
                                Answer& out) {
  ops_.clear();
  ends_.clear();  // where the definition after each operation starts
  const auto& defs = check.document->definitions;
  for (size_t k = 0; k < defs.size(); ++k) {
    if (defs[k]->kind != ast::DefinitionKind::kOperation) continue;
    ops_.push_back(&ast::as<ast::OperationDefinition>(*defs[k]));
    ends_.push_back(k + 1 < defs.size() ? defs[k + 1]->loc.pos() : SourcePos{UINT32_MAX, 0});
  }
  if (ops_.empty()) {  // fragments only: one operation left out, with every reason
    const auto index = static_cast<int32_t>(out.operations++);
    ++out.invalid;
    for (const Diagnostic& d : check.all()) {
      if (d.severity == Severity::kError) out.errors.push_back({index, map.apply(d)});
    }
    return;
  }
  for (size_t k = 0; k < ops_.size(); ++k) {
    const uint32_t index = out.operations++;
    bool valid = true;
    for (const Diagnostic& d : check.diagnostics) {
      if (d.severity != Severity::kError) continue;
      const SourcePos at = d.locations.empty() ? SourcePos{} : d.locations.front();
      const bool inside = !before(at, ops_[k]->loc.pos()) && before(at, ends_[k]);
      bool elsewhere = true;
      for (size_t j = 0; j < ops_.size() && elsewhere; ++j) {
        elsewhere = before(at, ops_[j]->loc.pos()) || !before(at, ends_[j]);
      }
      if (!inside && !elsewhere) continue;
      valid = false;
      out.errors.push_back({static_cast<int32_t>(index), map.apply(d)});
    }
    if (valid) {
      out.valid.push_back({check.document, ops_[k], map, index});
    } else {
      ++out.invalid;
    }
  }
}

}  // namespace gqleval::score
