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

Result<std::unique_ptr<Predictions>, Diagnostic> load_run_predictions(const RunOptions& o,
                                                                      const ColumnMap& columns) {
  PredictionsOptions p;
  p.path = o.predictions;
  p.format = o.predictions_format;
  p.max_field_bytes = o.max_field_bytes;
  p.candidate = o.columns.candidate;
  p.id = o.predictions_id;
  p.names = o.names;
  auto loaded = Predictions::load(p);
  if (!loaded) return Unexpected{std::move(loaded.error())};
  auto out = std::make_unique<Predictions>(std::move(*loaded));
  if (columns.id.present() && out->has_ids()) out->join_by_id();
  return out;
}

void PredictionUse::merge(const PredictionUse& other) {
  if (asked.size() < other.asked.size()) asked.resize(other.asked.size(), false);
  for (size_t i = 0; i < other.asked.size(); ++i) asked[i] = asked[i] || other.asked[i];
  unanswered += other.unanswered;
  for (const std::string& id : other.unanswered_ids) {
    if (unanswered_ids.size() < 3) unanswered_ids.push_back(id);
  }
}

namespace {

// "'a', 'b', 'c', ..." of the first ids and how many there are.
std::string id_list(const std::vector<std::string>& first, uint64_t count) {
  std::string out;
  for (const std::string& id : first) out += (out.empty() ? "'" : ", '") + id + "'";
  return out + (count > first.size() ? ", ..." : "");
}

}  // namespace

void predictions_warnings(const Predictions& p, uint64_t rows, const PredictionUse& use,
                          std::string_view no_answer, std::vector<std::string>& warnings) {
  if (!p.joined_by_id()) {
    if (p.size() == rows) return;
    warnings.push_back(
        "the predictions " + p.path() + " have " + std::to_string(p.size()) +
        " records and the input " + std::to_string(rows) +
        " rows; they were joined by row index (neither file has an id column both have), so " +
        (p.size() < rows
             ? "the rows from " + std::to_string(p.size()) + " on have no prediction (" +
                   std::string(no_answer) + ")"
             : "the last " + std::to_string(p.size() - rows) + " predictions answer no row"));
    return;
  }
  std::vector<std::string> unused_ids;
  uint64_t unused = 0;
  for (uint64_t i = 0; i < p.size(); ++i) {
    if (i < use.asked.size() && use.asked[i]) continue;
    if (++unused <= 3) unused_ids.emplace_back(p.id(i));
  }
  if (unused != 0) {
    warnings.push_back(std::to_string(unused) + " of the " + std::to_string(p.size()) +
                       " predictions in " + p.path() + " answer no row of the input (ids " +
                       id_list(unused_ids, unused) + ")");
  }
  if (use.unanswered != 0) {
    const bool one = use.unanswered == 1;
    warnings.push_back(std::to_string(use.unanswered) + (one ? " row" : " rows") +
                       " of the input " + (one ? "has" : "have") + " no prediction in " + p.path() +
                       " (ids " + id_list(use.unanswered_ids, use.unanswered) +
                       "): " + std::string(no_answer));
  }
}

}  // namespace gqleval::batch
