#include "engine/score/relay_subset_text.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/relay_printer.h"

namespace gqleval::score {
namespace {

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The length of the UTF-8 character starting with byte c (1 for a stray byte).
size_t char_length(char c) {
  const auto b = static_cast<unsigned char>(c);
  if (b >= 0xF0) return 4;
  if (b >= 0xE0) return 3;
  if (b >= 0xC0) return 2;
  return 1;
}

uint64_t pos_key(SourcePos p) { return (uint64_t{p.line} << 32) | p.column; }

// Every field of the document by the position of its first token.
class FieldIndex {
 public:
  explicit FieldIndex(const ast::Document& doc) {
    for (const ast::Definition* d : doc.definitions) {
      if (d->kind == ast::DefinitionKind::kOperation) {
        add(static_cast<const ast::OperationDefinition&>(*d).selection_set);
      } else if (d->kind == ast::DefinitionKind::kFragment) {
        add(static_cast<const ast::FragmentDefinition&>(*d).selection_set);
      }
    }
  }
  const ast::Field* at(SourcePos p) const {
    auto it = fields_.find(pos_key(p));
    return it == fields_.end() ? nullptr : it->second;
  }

 private:
  void add(const ast::SelectionSet* set) {
    if (set == nullptr) return;
    for (const ast::Selection* s : set->selections) {
      if (s->kind == ast::SelectionKind::kField) {
        const auto& f = ast::as<ast::Field>(*s);
        fields_.emplace(pos_key(f.loc.pos()), &f);
        add(f.selection_set);
      } else if (s->kind == ast::SelectionKind::kInlineFragment) {
        add(ast::as<ast::InlineFragment>(*s).selection_set);
      }
    }
  }
  std::unordered_map<uint64_t, const ast::Field*> fields_;
};

bool is_float_position(const schema::Schema& schema, schema::FieldId field,
                       std::string_view argument) {
  if (field == schema::kNone) return false;
  const schema::InputValue* def = schema::find_input_value(schema.field(field).arguments, argument);
  return def != nullptr && def->type.named == schema::kFloatType;
}

void append_step(std::string& out, const SubsetStep& step, const ast::Field* f,
                 std::string_view source, const schema::Schema& schema) {
  out += " -> ";
  if (f == nullptr) {  // cannot happen for a LEFT that the result was computed on
    out += step.field != schema::kNone ? schema.field(step.field).name : "?";
    return;
  }
  out += f->name.value;
  if (f->arguments.empty()) return;
  out += '(';
  for (size_t i = 0; i < f->arguments.size(); ++i) {
    const ast::Argument& a = *f->arguments[i];
    if (i > 0) out += ", ";
    out += a.name.value;
    out += ": ";
    out += graphql::relay_value_text(*a.value, source,
                                     is_float_position(schema, step.field, a.name.value));
  }
  out += ')';
}

std::string path_text(const SubsetMissing& m, const FieldIndex& fields, const ast::Document& left,
                      const schema::Schema& schema, std::string_view root) {
  std::string out(root);
  for (const SubsetStep& step : m.steps)
    append_step(out, step, fields.at(step.pos), left.source, schema);
  if (!m.types.empty()) {
    out += " on {";
    for (size_t i = 0; i < m.types.size(); ++i) {
      if (i > 0) out += ", ";
      out += m.types[i];
    }
    out += '}';
  }
  return out;
}

// The operation that starts at `pos`, nullptr when none does.
const ast::OperationDefinition* operation_at(const ast::Document& doc, SourcePos pos) {
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind != ast::DefinitionKind::kOperation) continue;
    const auto* op = static_cast<const ast::OperationDefinition*>(d);
    if (op->loc.line == pos.line && op->loc.column == pos.column) return op;
  }
  return nullptr;
}

}  // namespace

void append_relay_code_frame(std::string& out, std::string_view source, size_t start, size_t end) {
  // Relay's offsets are bytes, but it finds them as the start-th and end-th
  // characters.
  auto byte_of_char = [&](size_t index) -> std::optional<size_t> {
    size_t chars = 0;
    for (size_t b = 0; b < source.size(); ++b) {
      if (is_continuation(source[b])) continue;
      if (chars == index) return b;
      ++chars;
    }
    return std::nullopt;
  };
  const std::optional<size_t> start_byte = byte_of_char(start);
  if (!start_byte) {
    out += "Internal error: Unable to print source, start index (" + std::to_string(start) +
           ") out of range.";
    return;
  }
  const size_t end_byte = byte_of_char(end).value_or(source.size());
  std::vector<size_t> ends;  // one past each '\n'
  for (size_t b = 0; b < source.size(); ++b) {
    if (source[b] == '\n') ends.push_back(b + 1);
  }
  if (!source.empty() && source.back() == '\n') ends.pop_back();
  auto line_of = [&](size_t x) {
    return static_cast<size_t>(std::lower_bound(ends.begin(), ends.end(), x) - ends.begin());
  };
  const size_t first = line_of(start);
  const size_t last = line_of(end);
  bool highlighted = false;
  for (size_t line = first > 0 ? first - 1 : 0; line <= std::min(last + 1, ends.size()); ++line) {
    const size_t begin = line == 0 ? 0 : ends[line - 1];
    const size_t stop = line < ends.size() ? ends[line] : source.size();
    std::string number = std::to_string(line + 1);
    out += ' ';
    if (number.size() < 4) out.append(4 - number.size(), ' ');
    out += number;
    out += " \xE2\x94\x82 ";
    std::string marker;
    bool something = false;
    for (size_t b = begin; b < stop; ++b) {
      if (b == *start_byte) {
        highlighted = true;
      } else if (b == end_byte) {
        highlighted = false;
      }
      if (is_continuation(source[b])) continue;
      std::string_view c = source.substr(b, std::min(char_length(source[b]), source.size() - b));
      if (c == "\n" || c == "\r") {
        if (b != start) continue;
        c = " ";
      }
      out += c;
      if (highlighted) {
        marker += '^';
        something = true;
        if (*start_byte == end_byte) highlighted = false;
      } else if (!something) {
        marker += ' ';
      }
    }
    out += '\n';
    if (something) {
      out += "      \xE2\x94\x82 ";
      out += marker;
      out += '\n';
    }
  }
}

std::string relay_subset_message(const SubsetResult& result, const ast::Document& left,
                                 const schema::Schema& schema) {
  if (result.missing.empty()) return "Subset test passed\n";
  std::string out = "Found " + std::to_string(result.missing.size()) + " missing selection(s):\n";
  const FieldIndex fields(left);
  for (const SubsetMissing& m : result.missing) {
    if (m.steps.empty()) {  // another operation kind: the operation's name, else offset 0
      const ast::OperationDefinition* op = operation_at(left, result.operation_pos);
      const bool named = op != nullptr && !op->name.empty();
      const size_t start = named ? op->name.loc.offset : 0;
      append_relay_code_frame(out, left.source, start, named ? start + op->name.value.size() : 0);
    } else if (const ast::Field* f = fields.at(m.steps.back().pos)) {
      append_relay_code_frame(out, left.source, f->name.loc.offset,
                              f->name.loc.offset + f->name.value.size());
    }
    out += "* ";
    out += path_text(m, fields, left, schema, result.operation);
    out += "\n\n";
  }
  return out;
}

RelaySubsetRun run_relay_subset(SubsetComparer& comparer, const schema::Schema& schema,
                                std::string_view left, std::string_view right,
                                const SubsetOptions& options) {
  RelaySubsetRun run;
  run.result = comparer.compare(schema, left, right, options);
  if (run.result.state != SubsetState::kCompared) return run;
  // Both documents are valid, so both parse; Relay reports on its reformatted
  // texts. (Should the reformatted texts compare differently, which would be
  // a defect of the printer, the report falls back to the texts as given.)
  Arena arena;
  auto left_doc = graphql::parse(left, arena);
  auto right_doc = graphql::parse(right, arena);
  if (left_doc.ok() && right_doc.ok()) {
    const std::string left_text = graphql::relay_print(**left_doc);
    const std::string right_text = graphql::relay_print(**right_doc);
    SubsetOptions reformatted = options;
    reformatted.extract_left = reformatted.extract_right = false;
    const SubsetResult again = comparer.compare(schema, left_text, right_text, reformatted);
    auto reformatted_doc = graphql::parse(left_text, arena);
    if (again.state == SubsetState::kCompared &&
        again.missing.size() == run.result.missing.size() && reformatted_doc.ok()) {
      run.message = relay_subset_message(again, **reformatted_doc, schema);
      const FieldIndex fields(**reformatted_doc);
      for (const SubsetMissing& m : again.missing) {
        run.paths.push_back(path_text(m, fields, **reformatted_doc, schema, again.operation));
      }
      return run;
    }
  }
  if (left_doc.ok()) {
    run.message = relay_subset_message(run.result, **left_doc, schema);
    const FieldIndex fields(**left_doc);
    for (const SubsetMissing& m : run.result.missing) {
      run.paths.push_back(path_text(m, fields, **left_doc, schema, run.result.operation));
    }
  }
  return run;
}

}  // namespace gqleval::score
