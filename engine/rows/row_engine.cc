#include "engine/rows/row_engine.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_sort.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <utility>

#include "engine/base/arena.h"
#include "engine/base/concat.h"
#include "engine/base/hash.h"
#include "engine/batch/result_format.h"
#include "engine/batch/row_core.h"
#include "engine/normalize/derived_rules.h"
#include "engine/normalize/rewrites.h"
#include "engine/validate/document_check.h"
#include "engine/validate/validator.h"
#include "io/content_hash.h"

namespace gqleval::rows {
namespace {

// Rows a worker takes at a time: large enough that borrowing a worker and
// the loop's bookkeeping vanish against the rows' work (about 3 us each).
constexpr size_t kRowsPerTask = 128;

// The members of a row the batch writer wrote whole (a bad row, a validate
// row), from `first_member` on, as an object: the head (row, id, ...) names
// a file's row, which rows from memory do not have. The head is written with
// an empty id and no kept cells, so it cannot contain the member's key.
void append_members_of_line(std::string& out, std::string_view line,
                            std::string_view first_member) {
  const size_t at = line.find(first_member);
  out.push_back('{');
  out.append(line.substr(at, line.size() - at - (line.ends_with('\n') ? 1 : 0)));
}

std::string_view cell_role(size_t cell) {
  switch (cell) {
    case 0: return "schema";
    case 1: return "candidate";
    case 2: return "variables";
    default: return "reference";
  }
}

}  // namespace

struct RowEngine::Worker {
  Worker(batch::SchemaCache& cache, const batch::RowCoreOptions& scoring)
      : memo(cache), core(scoring) {}

  batch::SchemaMemo memo;
  batch::RowCore core;
  std::string line;  // a whole row from the batch writer
  Arena arena;       // validation's
  validate::Validator validator;
};

// A worker borrowed from the pool for the length of a scope.
class RowEngine::Lease {
 public:
  explicit Lease(RowEngine& engine) : engine_(engine), worker_(engine.acquire()) {}
  ~Lease() { engine_.release(std::move(worker_)); }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  Worker& operator*() { return *worker_; }

 private:
  RowEngine& engine_;
  std::unique_ptr<Worker> worker_;
};

RowEngine::RowEngine(std::unique_ptr<const CheckedOptions> options)
    : options_(std::move(options)), cache_(options_->cache) {}

RowEngine::~RowEngine() = default;

std::unique_ptr<RowEngine::Worker> RowEngine::acquire() {
  {
    std::lock_guard lock(pool_mutex_);
    if (!pool_.empty()) {
      std::unique_ptr<Worker> w = std::move(pool_.back());
      pool_.pop_back();
      return w;
    }
  }
  return std::make_unique<Worker>(cache_, options_->scoring);
}

void RowEngine::release(std::unique_ptr<Worker> worker) {
  std::lock_guard lock(pool_mutex_);
  pool_.push_back(std::move(worker));
}

namespace {

// Lists of coordinates are a coverage engine's.
std::optional<Diagnostic> check_lists(const RowOptions& o, bool has_lists) {
  if (!has_lists || o.mode == "coverage") return std::nullopt;
  return make_error("RangeError", concat({"the required and excluded lists are for ",
                                          o.names.with_value("mode", "coverage")}));
}

}  // namespace

std::optional<Diagnostic> RowEngine::score(const RowCells& row, std::string& out) {
  if (auto bad = check_row(row)) return bad;
  if (auto bad = check_lists(options(), row.listed || !row.excluded.empty())) return bad;
  Lease worker(*this);
  score_row(*worker, row, out);
  return std::nullopt;
}

namespace {

// Equal texts; the cells of a repeated Python string share one buffer (as do
// the rows of a JavaScript chunk that share a schema, copied once), so the
// same address is equality without reading the bytes.
bool same_text(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.data() == b.data() || a == b);
}

bool same_cells(const RowCells& a, const RowCells& b) {
  return same_text(a.candidate, b.candidate) && same_text(a.variables, b.variables) &&
         same_text(a.schema, b.schema) && same_text(a.required, b.required) &&
         same_text(a.excluded, b.excluded) &&
         std::equal(a.references.begin(), a.references.end(), b.references.begin(),
                    b.references.end(), same_text);
}

// A row's key for finding repeats: its candidate, references and variables
// (the schema is compared only when these match). XXH3: the key lives only
// within one call, and reads long texts several times faster than hash_bytes.
uint64_t row_key(const RowCells& row) {
  uint64_t h = io::hash64(row.candidate);
  h = hash_combine(h, io::hash64(row.variables));
  h = hash_combine(h, io::hash64(row.required));
  h = hash_combine(h, io::hash64(row.excluded));
  for (std::string_view r : row.references) h = hash_combine(h, io::hash64(r));
  return hash_combine(h, row.references.size());
}

// Rows [first, first + count): each row's first equal row among them (itself
// when none), by sorting the rows' keys and comparing the cells of rows
// whose keys are equal.
std::vector<uint32_t> first_equal_rows(const RowTable& table, size_t first, size_t count) {
  std::vector<std::pair<uint64_t, uint32_t>> keys(count);
  tbb::parallel_for(size_t{0}, count, [&](size_t i) {
    keys[i] = {row_key(table.row(first + i)), static_cast<uint32_t>(i)};
  });
  tbb::parallel_sort(keys.begin(), keys.end());
  std::vector<uint32_t> source(count);
  for (size_t run = 0; run < count;) {
    size_t end = run + 1;
    while (end < count && keys[end].first == keys[run].first) ++end;
    for (size_t k = run; k < end; ++k) {
      const uint32_t row = keys[k].second;
      source[row] = row;
      for (size_t j = run; j < k; ++j) {
        const uint32_t earlier = keys[j].second;
        if (source[earlier] == earlier &&
            same_cells(table.row(first + earlier), table.row(first + row))) {
          source[row] = earlier;
          break;
        }
      }
    }
    run = end;
  }
  return source;
}

}  // namespace

// A row that repeats an earlier row of the same call (the same schema,
// references, candidate and variables: checkpoints that gave the same
// answer) is scored once, and its text is not repeated (the caller copies
// the first row's objects): a result depends only on those cells and the
// engine's options.
std::optional<Diagnostic> RowEngine::score_rows(const RowTable& table, size_t first, size_t count,
                                                unsigned threads, RowResults& results) {
  if (auto bad = check_table(table, first, count)) return bad;
  if (auto bad = check_lists(options(), !table.required.empty() || !table.excluded.empty())) {
    return bad;
  }
  // More threads than cores run as the CLI runs them (batch/internal/
  // pipeline.cc), not refused by oneTBB's default limit with a warning.
  std::optional<tbb::global_control> parallelism;
  if (threads > static_cast<unsigned>(tbb::info::default_concurrency())) {
    parallelism.emplace(tbb::global_control::max_allowed_parallelism, threads);
  }
  tbb::task_arena arena(threads == 0 ? tbb::task_arena::automatic : static_cast<int>(threads));
  std::vector<uint32_t> source;
  std::vector<uint32_t> scored;  // the rows scored, each the first of its kind
  arena.execute([&] { source = first_equal_rows(table, first, count); });
  for (uint32_t i = 0; i < count; ++i) {
    if (source[i] == i) scored.push_back(i);
  }
  const size_t tasks = (scored.size() + kRowsPerTask - 1) / kRowsPerTask;
  struct TaskOutput {
    std::string text;
    std::vector<size_t> ends;
  };
  std::vector<TaskOutput> outputs(tasks);
  auto run = [&](size_t task) {
    Lease worker(*this);
    TaskOutput& o = outputs[task];
    const size_t end = std::min(scored.size(), (task + 1) * kRowsPerTask);
    for (size_t k = task * kRowsPerTask; k < end; ++k) {
      score_row(*worker, table.row(first + scored[k]), o.text);
      o.ends.push_back(o.text.size());
    }
  };
  arena.execute([&] { tbb::parallel_for(size_t{0}, tasks, run); });
  // Where each scored row's text is: its task's output and range.
  std::vector<std::string_view> texts(count);
  for (size_t k = 0; k < scored.size(); ++k) {
    const TaskOutput& o = outputs[k / kRowsPerTask];
    const size_t at = k % kRowsPerTask;
    const size_t begin = at == 0 ? 0 : o.ends[at - 1];
    texts[scored[k]] = std::string_view(o.text).substr(begin, o.ends[at] - begin);
  }
  for (uint32_t i = 0; i < count; ++i) {
    if (source[i] == i) results.text.append(texts[i]);
    results.ends.push_back(results.text.size());
    results.firsts.push_back(source[i]);
  }
  return std::nullopt;
}

void RowEngine::score_row(Worker& w, const RowCells& row, std::string& out) {
  const RowOptions& o = options_->options;
  auto bad_row = [&](const Diagnostic& d) {
    w.line.clear();
    batch::append_bad_row(w.line, batch::OutputFormat::kJsonl, batch::RowKey{}, d,
                          options_->scoring.mode);
    append_members_of_line(out, w.line, "\"verdict\":");
  };
  // The CLI's reader refuses a cell over the limit before it reads the row.
  if (o.max_field_bytes != 0) {
    const std::string_view cells[] = {row.schema, row.candidate, row.variables};
    // (The lists of a coverage row are the dataset's, as references are.)
    for (size_t k = 0; k < std::size(cells) + row.references.size(); ++k) {
      const std::string_view cell = k < 3 ? cells[k] : row.references[k - 3];
      if (cell.size() <= o.max_field_bytes) continue;
      return bad_row(
          make_error("field_too_large",
                     concat({"the ", cell_role(k), " is ", std::to_string(cell.size()),
                             " bytes, over the limit of ", std::to_string(o.max_field_bytes), " (",
                             o.names.name("max-field-bytes"), ")"}),
                     SourcePos{}));
    }
  }
  const batch::SchemaEntry& schema = w.memo.get(row.schema);
  const batch::CoverageCells lists{row.listed, row.required, row.excluded};
  if (auto bad = w.core.begin(schema, row.references, row.variables, SourcePos{}, lists)) {
    return bad_row(*bad);
  }
  batch::append_answer_members(out, w.core.score(row.candidate));
}

void RowEngine::validate(std::string_view schema_text, std::string_view query, std::string& out) {
  Lease lease(*this);
  Worker& w = *lease;
  const batch::SchemaEntry& schema = w.memo.get(schema_text);
  w.line.clear();
  if (!schema.ok()) {
    batch::append_validate_row(w.line, batch::RowKey{}, "schema", schema.errors);
  } else {
    w.arena.reset();
    const Diagnostics diagnostics =
        validate::check_document(w.validator, *schema.schema, query, validate::ValidateOptions{},
                                 options_->options.operation, validate::OperationName::kAlways,
                                 w.arena)
            .all();
    batch::append_validate_row(w.line, batch::RowKey{}, "query", diagnostics);
  }
  append_members_of_line(out, w.line, "\"valid\":");
}

bool RowEngine::derived_rules(std::string_view schema_text, std::string& out) {
  Lease lease(*this);
  Worker& w = *lease;
  const batch::SchemaEntry& schema = w.memo.get(schema_text);
  if (!schema.ok()) {
    out = schema.errors.empty() ? "the schema does not build"
                                : format_diagnostic(schema.errors.front());
    return false;
  }
  out = normalize::derived_rules_json(*normalize::Rewrites::build(schema.schema));
  return true;
}

}  // namespace gqleval::rows
