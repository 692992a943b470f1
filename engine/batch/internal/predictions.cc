#include "engine/batch/internal/predictions.h"

#include <utility>

#include "io/csv_reader.h"

namespace gqleval::batch {
namespace {

// The column called `name` (ignoring case), or kNoColumn.
size_t column_named(const std::vector<std::string>& names, std::string_view name) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (io::same_column_name(names[i], name)) return i;
  }
  return kNoColumn;
}

template <size_t N>
size_t first_of(const std::vector<std::string>& names, const std::string_view (&common)[N]) {
  for (std::string_view name : common) {
    if (size_t i = column_named(names, name); i != kNoColumn) return i;
  }
  return kNoColumn;
}

std::string file_name(const std::string& path) {
  return path == "-" ? std::string("standard input") : path;
}

// The answer column and the id column (absent when there is none) of the
// predictions file.
Result<std::pair<Column, Column>, Diagnostic> find_columns(const PredictionsOptions& o,
                                                           const std::vector<std::string>& names) {
  const std::string has = "; it has the columns: " + list_columns(names);
  Column answer;
  if (!o.candidate.empty()) {
    answer.index = column_named(names, o.candidate);
    if (answer.index == kNoColumn) {
      return Unexpected{
          make_error("Columns", "the predictions " + file_name(o.path) + " have no column '" +
                                    o.candidate + "' (named by " +
                                    o.names.column_or_role(ColumnRole::kCandidate) + ")" + has)};
    }
  } else {
    answer.index = first_of(names, kCallsCandidateNames);
    if (answer.index == kNoColumn) answer.index = column_named(names, "output");
    if (answer.index == kNoColumn && names.size() == 1) answer.index = 0;
    if (answer.index == kNoColumn) {
      return Unexpected{make_error(
          "Columns", "the predictions " + file_name(o.path) +
                         " have no answer column: looked for " + join_names(kCallsCandidateNames) +
                         ", output (ignoring case)" + has + "; name one with " +
                         o.names.column_or_role(ColumnRole::kCandidate))};
    }
  }
  // A JSON Lines reader finds a column by its name, so both need theirs.
  answer.name = names[answer.index];
  Column id;
  id.index = o.id.empty() ? first_of(names, kIdNames) : column_named(names, o.id);
  if (id.index == kNoColumn && !o.id.empty()) {
    return Unexpected{make_error("Columns", "the predictions " + file_name(o.path) +
                                                " have no column '" + o.id + "' (named by " +
                                                o.names.name("predictions-id-col") + ")" + has)};
  }
  if (id.index == answer.index) id.index = kNoColumn;
  if (id.present()) id.name = names[id.index];
  return std::pair{answer, id};
}

}  // namespace

Result<Predictions, Diagnostic> Predictions::load(const PredictionsOptions& o) {
  auto input = BatchInput::open(o.path, o.format, o.max_field_bytes);
  if (!input) {
    Diagnostic d = std::move(input.error());
    if (d.rule != "IO") d.message = file_name(o.path) + ": " + d.message;
    return Unexpected{std::move(d)};
  }
  auto columns = find_columns(o, input->column_names());
  if (!columns) return Unexpected{std::move(columns.error())};
  const Column& answer = columns->first;
  const Column& id = columns->second;

  Predictions p;
  p.path_ = o.path;
  p.has_ids_ = id.present();
  RecordReader reader(*input);
  io::RecordShard shard;
  io::ShardLimits limits;
  limits.max_records = 4096;
  while (input->next_shard(limits, shard)) {
    for (const io::RecordSpan& span : shard.records) {
      Entry e;
      e.offset = p.text_.size();
      if (!reader.read(span)) {
        Diagnostic d = reader.diagnostic();
        d.rule = std::string(reader.reason());
        d.message = file_name(o.path) + ": " + d.message;
        e.bad = static_cast<int32_t>(p.bad_.size());
        p.bad_.push_back(std::move(d));
        if (id.present()) p.id_text_.emplace_back();
      } else {
        const std::string_view text = reader.cell(answer);
        p.text_.append(text);
        e.size = text.size();
        if (id.present()) p.id_text_.emplace_back(trim_cell(reader.cell(id)));
      }
      p.answers_.push_back(e);
    }
  }
  // The map's keys view id_text_, which no longer moves.
  for (uint64_t i = 0; i < p.id_text_.size(); ++i) {
    const std::string_view key = p.id_text_[i];
    if (key.empty()) continue;
    auto [it, inserted] = p.ids_.emplace(key, i);
    if (!inserted) {
      return Unexpected{make_error(
          "Predictions", file_name(o.path) + ": the id '" + std::string(key) +
                             "' is on two records (data records " + std::to_string(it->second) +
                             " and " + std::to_string(i) + "); a prediction must answer one row")};
    }
  }
  return p;
}

uint64_t Predictions::find(uint64_t row, std::string_view id) const {
  if (!by_id_) return row < answers_.size() ? row : kNone;
  auto it = ids_.find(id);
  return it == ids_.end() ? kNone : it->second;
}

std::string_view Predictions::text(uint64_t index) const {
  const Entry& e = answers_[index];
  return std::string_view(text_).substr(e.offset, e.size);
}

const Diagnostic* Predictions::bad(uint64_t index) const {
  const int32_t b = answers_[index].bad;
  return b < 0 ? nullptr : &bad_[static_cast<size_t>(b)];
}

}  // namespace gqleval::batch
