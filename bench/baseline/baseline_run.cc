#include "bench/baseline/baseline_run.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include "bench/baseline/data_cache.h"
#include "bench/baseline/result_line.h"
#include "engine/batch/schema_cache.h"
#include "io/file.h"

namespace gqleval::baseline {
namespace {

struct Shard {
  io::RecordShard records;
  std::string out;
  uint64_t equivalent = 0, mismatch = 0, other = 0;
};

struct Shared {
  const batch::BatchInput* input = nullptr;
  batch::ColumnMap columns;
  DataCache* cache = nullptr;
  const DataEntry* fixed = nullptr;
  batch::SchemaFiles* files = nullptr;
  const BaselineRunOptions* options = nullptr;
};

// A worker's state, reused from row to row.
class Worker {
 public:
  explicit Worker(const Shared& shared) : shared_(shared), reader_(*shared.input) {}

  void score_shard(Shard& shard) {
    for (size_t i = 0; i < shard.records.records.size(); ++i) {
      score_row(shard.records.first_record + i, shard.records.records[i], shard);
    }
  }

 private:
  const DataEntry* schema_for_row(Diagnostic* error) {
    if (shared_.fixed != nullptr) return shared_.fixed;
    const batch::ColumnMap& c = shared_.columns;
    if (c.schema.present()) return &shared_.cache->get(reader_.cell(c.schema));
    const batch::SchemaFile& file =
        shared_.files->read(batch::trim_cell(reader_.cell(c.schema_path)));
    if (!file.error) return &shared_.cache->get(file.text);
    *error = *file.error;
    return nullptr;
  }

  void score_row(uint64_t row, const io::RecordSpan& span, Shard& shard) {
    const batch::ColumnMap& c = shared_.columns;
    const bool ok = reader_.read(span);
    const batch::RowKey key{row, reader_.cell(c.id), {}};
    if (!ok) {
      Diagnostic d = reader_.diagnostic();
      d.rule = std::string(reader_.reason());
      append_bad_row_line(shard.out, key, d);
      ++shard.other;
      return;
    }
    references_.clear();
    for (size_t k = 0; k < c.references.size(); ++k) {
      std::string_view text = reader_.cell(c.references[k]);
      if (k == 0 || !batch::trim_cell(text).empty()) references_.push_back(text);
    }
    Diagnostic file_error;
    const DataEntry* entry = schema_for_row(&file_error);
    BaselineResult result;
    if (entry == nullptr || !entry->ok()) {
      result.verdict = score::Verdict::kInvalidSchema;
      if (entry == nullptr) {
        result.errors.push_back({score::QueryRole::kSchema, 0, file_error});
      } else {
        for (const Diagnostic& d : entry->errors) {
          result.errors.push_back({score::QueryRole::kSchema, 0, d});
        }
      }
    } else {
      result = scorer_.score(*entry->schema, *entry->data, references_, reader_.cell(c.candidate),
                             batch::trim_cell(reader_.cell(c.variables)), shared_.options->scoring);
    }
    append_result_line(shard.out, key, result);
    if (result.verdict == score::Verdict::kEquivalent) {
      ++shard.equivalent;
    } else if (result.verdict == score::Verdict::kMismatch) {
      ++shard.mismatch;
    } else {
      ++shard.other;
    }
  }

  const Shared& shared_;
  batch::RecordReader reader_;
  BaselineScorer scorer_;
  std::vector<std::string_view> references_;
};

}  // namespace

Result<BaselineRunReport, Diagnostic> run_baseline(const BaselineRunOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  auto input = batch::BatchInput::open(o.input, o.input_format);
  if (!input) return Unexpected{std::move(input.error())};
  const bool schema_given = !o.schema_file.empty();
  auto columns = batch::resolve_columns(input->column_names(), o.columns, schema_given);
  if (!columns) return Unexpected{std::move(columns.error())};

  DataCache cache(o.data);
  batch::SchemaFiles files(batch::input_folder(o.input));
  Shared shared;
  shared.input = &*input;
  shared.columns = *columns;
  shared.cache = &cache;
  shared.files = &files;
  shared.options = &o;
  std::string fixed_text;
  if (schema_given) {
    auto file = io::MappedFile::open(o.schema_file);
    if (!file) return Unexpected{std::move(file.error())};
    fixed_text = std::string(file->data());
    shared.fixed = &cache.get(fixed_text);
  }

  if (o.output != "-" && io::same_file(o.input, o.output)) {
    return Unexpected{make_error(
        "IO", "the output " + o.output + " is the input file: write the results elsewhere")};
  }
  std::FILE* out = o.output == "-" ? stdout : std::fopen(o.output.c_str(), "wb");
  if (out == nullptr) return Unexpected{make_error("IO", "cannot write " + o.output)};

  BaselineRunReport report;
  bool write_failed = false;
  tbb::enumerable_thread_specific<std::unique_ptr<Worker>> workers;
  const unsigned threads = o.threads == 0 ? 1 : o.threads;
  const io::ShardLimits limits{o.shard_records == 0 ? 1 : o.shard_records, size_t{4} << 20};
  tbb::task_arena arena(static_cast<int>(threads));
  arena.execute([&] {
    tbb::parallel_pipeline(
        size_t{threads} * 4,
        tbb::make_filter<void, Shard*>(tbb::filter_mode::serial_in_order,
                                       [&](tbb::flow_control& fc) -> Shard* {
                                         auto shard = std::make_unique<Shard>();
                                         if (!input->next_shard(limits, shard->records)) {
                                           fc.stop();
                                           return nullptr;
                                         }
                                         return shard.release();
                                       }) &
            tbb::make_filter<Shard*, Shard*>(tbb::filter_mode::parallel,
                                             [&](Shard* shard) {
                                               auto& w = workers.local();
                                               if (!w) w = std::make_unique<Worker>(shared);
                                               w->score_shard(*shard);
                                               return shard;
                                             }) &
            tbb::make_filter<Shard*, void>(tbb::filter_mode::serial_in_order, [&](Shard* shard) {
              std::unique_ptr<Shard> owned(shard);
              if (std::fwrite(shard->out.data(), 1, shard->out.size(), out) != shard->out.size()) {
                write_failed = true;
              }
              report.rows += shard->records.records.size();
              report.equivalent += shard->equivalent;
              report.mismatch += shard->mismatch;
              report.other += shard->other;
            }));
  });
  const bool close_failed = out != stdout ? std::fclose(out) != 0 : std::fflush(out) != 0;
  if (write_failed || close_failed) return Unexpected{make_error("IO", "cannot write " + o.output)};
  report.schemas = cache.size();
  report.data_build_seconds = cache.build_seconds();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace gqleval::baseline
