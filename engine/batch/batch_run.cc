#include "engine/batch/batch_run.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

#include <oneapi/tbb/concurrent_queue.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/flow_graph.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

#include "engine/batch/artifacts.h"
#include "engine/batch/progress.h"
#include "engine/batch/row_scorer.h"
#include "engine/batch/schema_cache.h"
#include "engine/normalize/rules_file.h"
#include "io/file.h"

namespace gqleval::batch {
namespace {

namespace flow = tbb::flow;

// One unit of work: a run of records, then their results and tally.
struct Shard {
  uint64_t seq = 0;
  io::RecordShard records;
  std::string out;
  RowTally tally;
};

// Shards are recycled, so their vectors and buffers keep their capacity and a
// steady run allocates nothing per shard. The source (serial) takes, the
// writer (serial) gives back.
class ShardPool {
 public:
  Shard* take() {
    Shard* s = nullptr;
    if (free_.try_pop(s)) return s;
    owned_.push_back(std::make_unique<Shard>());  // only the serial source grows it
    return owned_.back().get();
  }
  void give_back(Shard* s) { free_.push(s); }

 private:
  std::vector<std::unique_ptr<Shard>> owned_;
  tbb::concurrent_queue<Shard*> free_;
};

std::string folder_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? std::string("/") : path.substr(0, slash);
}

class Output {
 public:
  ~Output() {
    if (file_ != nullptr && file_ != stdout) std::fclose(file_);
  }
  bool open(const std::string& path) {
    if (path.empty() || path == "-") {
      file_ = stdout;
    } else {
      file_ = std::fopen(path.c_str(), "wb");
      if (file_ == nullptr) return false;
    }
    std::setvbuf(file_, nullptr, _IOFBF, size_t{1} << 20);
    return true;
  }
  void write(std::string_view text) {
    if (!failed_ && std::fwrite(text.data(), 1, text.size(), file_) != text.size()) failed_ = true;
  }
  bool close() {
    if (std::fflush(file_) != 0) failed_ = true;
    if (file_ != stdout && std::fclose(file_) != 0) failed_ = true;
    file_ = nullptr;
    return !failed_;
  }

 private:
  std::FILE* file_ = nullptr;
  bool failed_ = false;
};

}  // namespace

Result<BatchReport, Diagnostic> run_batch(const BatchOptions& o) {
  const auto start = std::chrono::steady_clock::now();

  auto input = BatchInput::open(o.input, o.input_format, o.max_field_bytes);
  if (!input) {
    Diagnostic d = std::move(input.error());
    if (d.rule != "IO") d.message = o.input + ": " + d.message;
    return Unexpected{std::move(d)};
  }
  auto columns = resolve_columns(input->column_names(), o.columns, !o.schema_file.empty());
  if (!columns) {
    Diagnostic d = std::move(columns.error());
    d.message = o.input + ": " + d.message;
    return Unexpected{std::move(d)};
  }

  SchemaCacheOptions cache_options;
  cache_options.build.strict = o.strict_schema;
  cache_options.build_rewrites = o.rules.cycles || o.rules.endpoints || o.rules.rgeval;
  if (!o.rules_file.empty()) {
    auto rules = normalize::RulesFile::load(o.rules_file);
    if (!rules) {
      Diagnostic d = std::move(rules.error());
      d.message = o.rules_file + ": " + d.message;
      return Unexpected{std::move(d)};
    }
    cache_options.rules_file = std::make_shared<const normalize::RulesFile>(std::move(*rules));
  }
  SchemaCache cache(cache_options);
  SchemaFiles schema_files(folder_of(o.input));

  BatchContext context;
  context.input = &*input;
  context.columns = *columns;
  context.cache = &cache;
  context.schema_files = &schema_files;
  context.format = o.output_format;
  context.options.delta = o.delta;
  context.options.normalize.ignore_typename = o.ignore_typename;
  context.options.normalize.rules = o.rules;
  context.options.operation_name = o.operation;
  context.options.extract_candidate = o.extract;
  if (!o.schema_file.empty()) {
    auto text = io::read_file(o.schema_file);
    if (!text) return Unexpected{std::move(text.error())};
    context.fixed_schema = &cache.get(*text);
  }
  std::unique_ptr<ArtifactWriter> artifacts;
  if (!o.artifacts_dir.empty()) {
    artifacts = std::make_unique<ArtifactWriter>(o.artifacts_dir);
    std::string error;
    if (!artifacts->prepare(&error)) return Unexpected{make_error("IO", error)};
    context.artifacts = artifacts.get();
  }

  if (!o.output.empty() && o.output != "-" && io::same_file(o.input, o.output)) {
    return Unexpected{make_error(
        "IO", "the output " + o.output + " is the input file: write the results elsewhere")};
  }
  Output output;
  if (!output.open(o.output)) return Unexpected{make_error("IO", "cannot write " + o.output)};
  if (o.output_format == OutputFormat::kCsv) {
    std::string header;
    append_csv_header(header);
    output.write(header);
  }

  const unsigned threads =
      o.threads != 0 ? o.threads : static_cast<unsigned>(tbb::info::default_concurrency());
  io::ShardLimits limits;
  limits.max_records = o.shard_records == 0 ? 1 : o.shard_records;
  const size_t in_flight = o.shards_in_flight != 0 ? o.shards_in_flight : size_t{4} * threads;

  std::vector<std::string> group_names;
  for (const Column& c : context.columns.group_by) group_names.push_back(c.name);
  Summary summary(std::move(group_names));
  Progress progress(o.progress, input->buffer().size());
  io::PageReleaser pages(input->buffer());
  ShardPool pool;
  uint64_t next_seq = 0;
  uint64_t rows_written = 0;

  {
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, threads);
    tbb::task_arena arena(static_cast<int>(threads));
    tbb::enumerable_thread_specific<std::unique_ptr<RowScorer>> workers(
        [&] { return std::make_unique<RowScorer>(context); });
    arena.execute([&] {
      flow::graph g;
      flow::input_node<Shard*> source(g, [&](tbb::flow_control& fc) -> Shard* {
        Shard* s = pool.take();
        if (!input->next_shard(limits, s->records)) {
          pool.give_back(s);
          fc.stop();
          return nullptr;
        }
        s->seq = next_seq++;
        return s;
      });
      flow::limiter_node<Shard*> limiter(g, in_flight);
      flow::function_node<Shard*, Shard*> scorer(g, flow::unlimited, [&](Shard* s) {
        s->out.clear();
        s->tally.clear();
        workers.local()->score_shard(s->records, s->out, s->tally);
        return s;
      });
      flow::sequencer_node<Shard*> sequencer(g, [](Shard* const& s) { return s->seq; });
      flow::function_node<Shard*, flow::continue_msg> writer(g, flow::serial, [&](Shard* s) {
        output.write(s->out);
        summary.add(s->tally);
        rows_written += s->records.records.size();
        const size_t end = static_cast<size_t>(s->records.records.back().end);
        progress.update(rows_written, end);
        pages.done_up_to(end);
        pool.give_back(s);
        return flow::continue_msg();
      });
      flow::make_edge(source, limiter);
      flow::make_edge(limiter, scorer);
      flow::make_edge(scorer, sequencer);
      flow::make_edge(sequencer, writer);
      flow::make_edge(writer, limiter.decrementer());
      source.activate();
      g.wait_for_all();
    });
  }
  progress.finish();
  if (!output.close())
    return Unexpected{make_error("IO", "cannot write the results to " + o.output)};

  BatchReport report{std::move(summary), RunFacts{}, std::move(context.columns)};
  RunFacts& f = report.facts;
  f.input = o.input;
  f.output = o.output.empty() ? std::string("-") : o.output;
  f.threads = threads;
  f.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  f.rule_profile = normalize::rule_profile(o.rules);
  if (!o.rules_file.empty()) f.rule_profile += " + rules file " + o.rules_file;
  f.delta = o.delta;
  f.schemas = cache.size();
  f.schema_failures = cache.failures();
  f.rules_warnings = cache.rules_warnings();
  return report;
}

}  // namespace gqleval::batch
