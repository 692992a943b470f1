#include "engine/batch/batch_input.h"

#include <algorithm>

#include <utility>

#include "io/csv_record.h"
#include "io/file_names.h"
#include "io/input_file.h"

namespace gqleval::batch {

std::string_view trim_cell(std::string_view s) {
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) {
    s.remove_prefix(1);
  }
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) {
    s.remove_suffix(1);
  }
  return s;
}
std::string input_folder(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? std::string("/") : path.substr(0, slash);
}

namespace {

InputFormat sniff(std::string_view buffer) {
  if (buffer.substr(0, 3) == "\xEF\xBB\xBF") buffer.remove_prefix(3);
  for (char c : buffer) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    if (c == '{') return InputFormat::kJsonl;
    // A header of tab-separated names: one CSV column with tabs in its name
    // could never be matched to a role anyway.
    const std::string_view header = buffer.substr(0, buffer.find('\n'));
    const bool tsv =
        header.find('\t') != std::string_view::npos && header.find(',') == std::string_view::npos;
    return tsv ? InputFormat::kTsv : InputFormat::kCsv;
  }
  return InputFormat::kCsv;
}

InputFormat choose_format(std::string_view path, InputFormat requested, std::string_view data) {
  if (requested != InputFormat::kAuto) return requested;
  switch (io::format_of_name(path)) {
    case io::NamedFormat::kCsv: return InputFormat::kCsv;
    case io::NamedFormat::kTsv: return InputFormat::kTsv;
    case io::NamedFormat::kJsonl: return InputFormat::kJsonl;
    case io::NamedFormat::kUnknown: break;
  }
  return sniff(data);
}

}  // namespace

bool input_format_from_name(std::string_view name, InputFormat* out) {
  if (name == "csv") {
    *out = InputFormat::kCsv;
  } else if (name == "tsv") {
    *out = InputFormat::kTsv;
  } else if (name == "jsonl" || name == "ndjson") {
    *out = InputFormat::kJsonl;
  } else if (name == "auto") {
    *out = InputFormat::kAuto;
  } else {
    return false;
  }
  return true;
}

Result<BatchInput, Diagnostic> BatchInput::open(const std::string& path, InputFormat format,
                                                size_t max_field_bytes) {
  auto file = io::map_input(path);
  if (!file) return Unexpected{std::move(file.error())};
  BatchInput in;
  in.file_ = std::move(*file);
  in.max_field_bytes_ = max_field_bytes;
  in.format_ = choose_format(path == "-" ? std::string_view{} : path, format, in.file_.data());

  if (in.format_ == InputFormat::kCsv || in.format_ == InputFormat::kTsv) {
    io::CsvReaderOptions options;
    options.max_field_bytes = max_field_bytes;
    options.delimiter = in.format_ == InputFormat::kTsv ? '\t' : ',';
    auto reader = io::CsvReader::open(in.file_.data(), options);
    if (!reader) return Unexpected{std::move(reader.error())};
    in.names_ = reader->header().names();
    in.csv_.emplace(std::move(*reader));
    return in;
  }

  // JSON Lines has no header: its columns are the member names of every
  // record that parses, in order of first appearance. (A writer leaves out a
  // null member, so a record may lack `candidate`, and `variables` or
  // `reference_2` may first appear on row 1000.)
  in.jsonl_.emplace(in.file_.data());
  io::JsonlSplitter probe(in.file_.data());
  io::JsonlRecordParser parser;
  Arena arena(4096);
  std::vector<io::JsonField> members;
  io::RecordSpan span;
  bool any_record = false;
  bool any_object = false;
  io::PageReleaser releaser(in.file_.data());  // the scan must not keep the file resident
  while (probe.next_record(span)) {
    any_record = true;
    releaser.done_up_to(static_cast<size_t>(span.begin));
    if (any_object && io::all_member_names_known(span.text(in.file_.data()), in.names_)) continue;
    arena.reset();
    if (!parser.parse(in.file_.data(), span, arena, members).ok()) continue;
    any_object = true;
    for (const io::JsonField& m : members) {
      bool seen = false;
      for (const std::string& n : in.names_) seen = seen || n == m.name;
      if (!seen) in.names_.emplace_back(m.name);
    }
  }
  if (any_object) return in;
  return Unexpected{make_error("JSONL",
                               any_record ? "no line of the input is a valid JSON object, so "
                                            "its columns cannot be known"
                                          : "the input is empty: no record",
                               SourcePos{1, 1})};
}

namespace {

// A splitter that gives only the records that start before `end`; the first
// record at or past it is kept for a later read (a wider end).
template <class Splitter>
class Bounded {
 public:
  Bounded(Splitter& s, uint64_t end, std::optional<io::RecordSpan>& pending)
      : s_(s), end_(end), pending_(pending) {}
  bool next_record(io::RecordSpan& span) {
    if (pending_) {
      span = *pending_;
      pending_.reset();
    } else if (!s_.next_record(span)) {
      return false;
    }
    if (span.begin < end_) return true;
    pending_ = span;
    return false;
  }
  uint64_t records_read() const { return s_.records_read() - (pending_ ? 1 : 0); }

 private:
  Splitter& s_;
  uint64_t end_;
  std::optional<io::RecordSpan>& pending_;
};

template <class Splitter>
bool fill(Splitter& s, uint64_t end, std::optional<io::RecordSpan>& pending,
          const io::ShardLimits& limits, io::RecordShard& shard) {
  Bounded<Splitter> bounded(s, end, pending);
  return io::fill_shard(bounded, limits, shard);
}

}  // namespace

bool BatchInput::next_shard(const io::ShardLimits& limits, io::RecordShard& shard) {
  if (csv_) return fill(*csv_, slice_end_, pending_, limits, shard);
  return fill(*jsonl_, slice_end_, pending_, limits, shard);
}

uint64_t BatchInput::slice(uint64_t begin, uint64_t end) {
  slice_end_ = begin;
  io::ShardLimits limits;
  limits.max_records = 4096;
  limits.max_bytes = static_cast<size_t>(-1);
  io::RecordShard shard;
  while (next_shard(limits, shard)) {
  }
  slice_end_ = end;
  return csv_ ? Bounded(*csv_, end, pending_).records_read()
              : Bounded(*jsonl_, end, pending_).records_read();
}

bool BatchInput::skip_records(uint64_t n, uint64_t* end) {
  io::ShardLimits limits;
  limits.max_bytes = static_cast<size_t>(-1);
  io::RecordShard shard;
  for (uint64_t skipped = 0; skipped < n; skipped += shard.records.size()) {
    limits.max_records = static_cast<size_t>(std::min<uint64_t>(4096, n - skipped));
    if (!next_shard(limits, shard)) return false;
    *end = shard.records.back().end;
  }
  return true;
}

RecordReader::RecordReader(const BatchInput& input) : input_(input), arena_(size_t{16} * 1024) {
  if (input.format() == InputFormat::kJsonl) parser_.emplace();
}

bool RecordReader::read(const io::RecordSpan& span) {
  arena_.reset();
  span_ = span;
  reason_ = {};
  oversized_member_ = static_cast<size_t>(-1);
  if (const io::CsvReader* csv = input_.csv()) {
    csv_status_ = csv->parse(span, arena_, fields_);
    if (!csv_status_.ok()) reason_ = io::csv_issue_name(csv_status_.issue);
    return csv_status_.ok();
  }
  jsonl_status_ = parser_->parse(input_.buffer(), span, arena_, members_);
  if (!jsonl_status_.ok()) {
    members_.clear();
    reason_ = io::jsonl_issue_name(jsonl_status_.issue);
    return false;
  }
  for (size_t i = 0; i < members_.size(); ++i) {
    if (members_[i].value.size() > input_.max_field_bytes()) {
      oversized_member_ = i;
      reason_ = io::csv_issue_name(io::CsvIssue::kFieldTooLarge);
      return false;
    }
  }
  return true;
}

RecordReader::Cell RecordReader::get(const Column& column) const {
  if (!column.present()) return {};
  if (input_.csv() != nullptr) {
    if (column.index >= fields_.size()) return {};
    return Cell{fields_[column.index], true, false};
  }
  std::optional<io::JsonField> m;
  if (column.is_path()) {
    m = parser_->find_path(column.path, arena_);
  } else if (auto i = io::find_json_field(members_, column.name)) {
    m = members_[*i];
  }
  if (!m || (!m->is_string && m->value == "null")) return {};
  return Cell{m->value, true, !m->is_string};
}

Diagnostic RecordReader::diagnostic() const {
  if (const io::CsvReader* csv = input_.csv()) return csv->describe(span_, csv_status_);
  if (oversized_member_ != static_cast<size_t>(-1)) {
    const io::JsonField& m = members_[oversized_member_];
    return make_error("JSONL",
                      "member \"" + std::string(m.name) + "\": larger than the limit of " +
                          std::to_string(input_.max_field_bytes()) + " bytes",
                      SourcePos{static_cast<uint32_t>(span_.line), 1});
  }
  return io::describe_jsonl_issue(input_.buffer(), span_, jsonl_status_);
}

}  // namespace gqleval::batch
