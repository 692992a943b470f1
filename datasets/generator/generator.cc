// The row generator of generator.h: source loading, candidate making, the
// row plan and the writers.
#include "datasets/generator/generator.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <span>
#include <tuple>
#include <utility>

#include "datasets/generator/seeded_random.h"
#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/validate/validator.h"
#include "io/csv.h"
#include "io/csv_writer.h"
#include "io/file.h"
#include "io/json_writer.h"

namespace gqleval::generator {
namespace {

Diagnostic error(std::string message) { return make_error("Generate", std::move(message), {}); }

uint64_t mix(uint64_t h, uint64_t v) {
  return rewrite::SeededRandom(h ^ (v * 0x9e3779b97f4a7c15ull)).next();
}

// True when the query parses, holds one operation and validates.
bool valid(const schema::Schema& schema, std::string_view query) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) return false;
  size_t operations = 0;
  for (const ast::Definition* d : doc.value()->definitions) {
    operations += d->kind == ast::DefinitionKind::kOperation;
  }
  return operations == 1 && !validate::has_errors(validate::validate(schema, *doc.value()));
}

size_t column(const io::CsvRow& header, std::string_view name) {
  auto it = std::find(header.fields.begin(), header.fields.end(), name);
  return it == header.fields.end() ? SIZE_MAX : static_cast<size_t>(it - header.fields.begin());
}

// Appends the equivalent rewrites chosen by `random` to `query` (and its
// description to `transform`). `force` makes sure at least one applies.
Result<bool> rewrite_on_top(const SourceSchema& s, rewrite::SeededRandom& random, bool force,
                            Candidate& c) {
  std::vector<std::string> done;
  for (const rewrite::SchemaRewrite kind :
       {rewrite::SchemaRewrite::kEndpoint, rewrite::SchemaRewrite::kCycle}) {
    const bool want = random.chance(50);
    const uint64_t seed = random.next();
    if (!want) continue;
    auto r = rewrite::rewrite_with_rules(*s.schema, *s.rewrites, c.query, kind, seed);
    if (!r.ok()) continue;
    c.query = std::move(r->query);
    done.emplace_back(rewrite::schema_rewrite_name(kind));
  }
  rewrite::RewriteOptions o;
  o.seed = random.next();
  const uint32_t v = random.below(4);
  o.variables = v < 2    ? rewrite::VariableMode::kNone
                : v == 2 ? rewrite::VariableMode::kDefaults
                         : rewrite::VariableMode::kJson;
  o.alias = random.chance(40);
  o.alias_percent = 30 + random.below(71);
  o.fragments = random.chance(40);
  o.shuffle = random.chance(60);
  if (force && done.empty() && o.variables == rewrite::VariableMode::kNone && !o.alias &&
      !o.fragments) {
    o.shuffle = true;
  }
  if (o.variables != rewrite::VariableMode::kNone || o.alias || o.fragments || o.shuffle) {
    auto r = rewrite::rewrite_equivalent(*s.schema, c.query, o);
    if (!r.ok()) return Unexpected{std::move(r).error()};
    c.query = std::move(r->query);
    c.variables = std::move(r->variables_json);
    if (o.variables == rewrite::VariableMode::kDefaults) done.emplace_back("variables-defaults");
    if (o.variables == rewrite::VariableMode::kJson) done.emplace_back("variables-json");
    if (o.alias) done.emplace_back("alias");
    if (o.fragments) done.emplace_back("fragments");
    if (o.shuffle) done.emplace_back("shuffle");
  }
  for (const std::string& d : done) {
    if (!c.transform.empty()) c.transform.push_back('+');
    c.transform.append(d);
  }
  return true;
}

}  // namespace

std::string_view kind_name(uint32_t kind) {
  if (kind == kEquivalentKind) return "equivalent";
  return rewrite::mutation_kind_name(static_cast<rewrite::MutationKind>(kind - 1));
}

Result<Source, Diagnostic> load_source(const std::string& path) {
  auto text = io::read_file(path);
  if (!text.ok()) return Unexpected{std::move(text).error()};
  auto rows = io::parse_csv(text.value());
  if (!rows.ok()) return Unexpected{std::move(rows).error()};
  if (rows->empty()) return Unexpected{error(path + ": empty file")};
  const io::CsvRow& header = rows->front();
  const size_t id = column(header, "id"), database = column(header, "database"),
               sdl = column(header, "schema"), query = column(header, "gt_query");
  if (id == SIZE_MAX || database == SIZE_MAX || sdl == SIZE_MAX || query == SIZE_MAX) {
    return Unexpected{error(path + ": the columns id, database, schema and gt_query are needed")};
  }
  Source source;
  std::map<std::string, uint32_t> by_sdl;
  for (size_t i = 1; i < rows->size(); ++i) {
    const std::vector<std::string>& f = (*rows)[i].fields;
    if (f.size() <= std::max({id, database, sdl, query})) {
      return Unexpected{error(path + ": row " + std::to_string(i) + " is short")};
    }
    ++source.rows;
    auto [it, fresh] = by_sdl.emplace(f[sdl], static_cast<uint32_t>(source.schemas.size()));
    if (fresh) {
      SourceSchema s;
      s.name = f[database];
      for (const SourceSchema& other : source.schemas) {
        if (other.name == s.name) s.name += "_" + std::to_string(source.schemas.size());
      }
      s.sdl = f[sdl];
      auto built = schema::Schema::build(s.sdl);
      if (!built.ok()) {
        return Unexpected{
            error("the schema of " + s.name + " does not build: " + built.error().front().message)};
      }
      s.schema = built.value();
      s.rewrites = normalize::Rewrites::build(s.schema);
      source.schemas.push_back(std::move(s));
    }
    if (!valid(*source.schemas[it->second].schema, f[query])) {
      ++source.skipped;
      source.skipped_ids.push_back(f[id]);
      continue;
    }
    source.references.push_back({f[id], it->second, f[query]});
  }
  if (source.references.empty()) return Unexpected{error(path + ": no valid reference")};
  return source;
}

Result<Candidate> make_candidate(const Source& source, uint32_t reference, uint32_t kind,
                                 uint32_t slot, uint64_t seed) {
  const SourceReference& ref = source.references[reference];
  const SourceSchema& s = source.schemas[ref.schema];
  rewrite::SeededRandom random(mix(mix(mix(seed, reference), kind), slot));
  Candidate c;
  if (kind == kEquivalentKind) {
    if (random.chance(5)) {
      c.query = ref.query;
      c.transform = "identical";
      return c;
    }
    c.query = ref.query;
    if (auto r = rewrite_on_top(s, random, true, c); !r.ok()) return Unexpected{r.error()};
  } else {
    rewrite::MutateOptions o;
    o.seed = random.next();
    o.rewrites = s.rewrites.get();
    const auto mkind = static_cast<rewrite::MutationKind>(kind - 1);
    auto m = rewrite::mutate(*s.schema, ref.query, mkind, o);
    if (!m.ok()) return Unexpected{std::move(m).error()};
    c.query = std::move(m->query);
    c.expected = m->expected;
    c.missing = m->missing;
    c.extra = m->extra;
    c.transform = std::string(rewrite::mutation_kind_name(mkind)) + " " + m->description;
    if (random.chance(60)) {
      if (auto r = rewrite_on_top(s, random, false, c); !r.ok()) return Unexpected{r.error()};
    }
  }
  if (!valid(*s.schema, c.query)) {
    return Unexpected{
        make_error("Generate", "the candidate does not validate: " + c.transform, {})};
  }
  return c;
}

namespace {

struct Slot {
  uint32_t reference;
  uint32_t kind;
  uint32_t slot;
  friend bool operator<(const Slot& a, const Slot& b) {
    return std::tie(a.reference, a.kind, a.slot) < std::tie(b.reference, b.kind, b.slot);
  }
};

// Plans the rows, makes their candidates, and hands each row's fields to
// `emit` in order.
Result<GenerateStats, Diagnostic> run(
    const Source& source, const GenerateOptions& options, std::string_view schema_dir,
    const std::function<void(std::span<const std::string_view>)>& emit) {
  GenerateStats stats;
  const auto n_refs = static_cast<uint32_t>(source.references.size());
  // Which kinds apply to which references: slot 0 of every pair.
  std::vector<Result<Candidate>> first(static_cast<size_t>(n_refs) * kKindCount,
                                       Unexpected{error("not made")});
  tbb::parallel_for(size_t{0}, first.size(), [&](size_t i) {
    first[i] = make_candidate(source, static_cast<uint32_t>(i / kKindCount),
                              static_cast<uint32_t>(i % kKindCount), 0, options.seed);
  });
  std::array<std::vector<uint32_t>, kKindCount> eligible;
  for (uint32_t r = 0; r < n_refs; ++r) {
    for (uint32_t k = 0; k < kKindCount; ++k) {
      if (first[static_cast<size_t>(r) * kKindCount + k].ok()) eligible[k].push_back(r);
    }
  }
  uint32_t weight_total = 0;
  std::array<uint32_t, kKindCount> weight{};
  for (uint32_t k = 1; k < kKindCount; ++k) {
    stats.references_by_kind[k] = static_cast<uint32_t>(eligible[k].size());
    weight[k] = eligible[k].empty() ? 0 : kMutationWeights[k - 1];
    weight_total += weight[k];
  }
  stats.references_by_kind[0] = static_cast<uint32_t>(eligible[0].size());
  if (eligible[0].empty()) return Unexpected{error("no reference can be rewritten")};
  const uint64_t pairs = static_cast<uint64_t>(n_refs) * kKindCount;
  const uint64_t pool = std::min<uint64_t>(options.rows, options.pool_size);
  const auto slots =
      static_cast<uint32_t>(std::clamp<uint64_t>((pool + pairs - 1) / pairs, 1, 1024));
  // The plan.
  std::vector<Slot> plan(options.rows);
  rewrite::SeededRandom random(mix(options.seed, 0x5eed));
  for (Slot& p : plan) {
    uint32_t kind = kEquivalentKind;
    if (weight_total && random.below(100) >= options.equivalent_percent) {
      uint32_t w = random.below(weight_total);
      for (kind = 1; kind < kKindCount; ++kind) {
        if (w < weight[kind]) break;
        w -= weight[kind];
      }
    }
    const std::vector<uint32_t>& refs = eligible[kind];
    p = {refs[random.below(static_cast<uint32_t>(refs.size()))], kind, random.below(slots)};
    ++stats.rows_by_kind[kind];
  }
  // The candidates, each made once.
  std::vector<Slot> needed;
  for (const Slot& p : plan) {
    if (p.slot != 0) needed.push_back(p);
  }
  std::sort(needed.begin(), needed.end());
  needed.erase(std::unique(needed.begin(), needed.end(),
                           [](const Slot& a, const Slot& b) { return !(a < b) && !(b < a); }),
               needed.end());
  std::vector<Result<Candidate>> made(needed.size(), Unexpected{error("not made")});
  tbb::parallel_for(size_t{0}, needed.size(), [&](size_t i) {
    made[i] =
        make_candidate(source, needed[i].reference, needed[i].kind, needed[i].slot, options.seed);
  });
  stats.candidates_made = needed.size() + first.size();
  for (const auto& m : made) {
    if (m.ok()) continue;
    ++stats.fallbacks;
    ++stats.fallback_reasons[m.error().message];
  }
  // The rows.
  std::vector<std::string> schema_paths;
  for (const SourceSchema& s : source.schemas) {
    schema_paths.push_back(std::string(schema_dir) + "/" + s.name + ".graphql");
  }
  std::string id, missing, extra;
  for (uint64_t i = 0; i < plan.size(); ++i) {
    const Slot& p = plan[i];
    const Candidate* c = &first[static_cast<size_t>(p.reference) * kKindCount + p.kind].value();
    if (p.slot != 0) {
      const size_t at =
          static_cast<size_t>(std::lower_bound(needed.begin(), needed.end(), p) - needed.begin());
      if (made[at].ok()) c = &made[at].value();
    }
    const SourceReference& ref = source.references[p.reference];
    id = std::to_string(i + 1);
    missing = std::to_string(c->missing);
    extra = std::to_string(c->extra);
    const std::string_view fields[] = {id,           schema_paths[ref.schema],
                                       ref.query,    c->query,
                                       c->variables, score::verdict_name(c->expected),
                                       missing,      extra,
                                       c->transform, ref.source_row};
    emit(fields);
  }
  return stats;
}

void append_row(std::string& out, Format format, std::span<const std::string_view> fields) {
  if (format == Format::kCsv) {
    io::append_csv_record(out, fields);
    return;
  }
  out.push_back('{');
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) out.push_back(',');
    io::append_json_string(out, kColumns[i]);
    out.push_back(':');
    // The counts and the source row stay strings in CSV; in JSON the counts
    // are numbers.
    if (i == 6 || i == 7) {
      out.append(fields[i]);
    } else {
      io::append_json_string(out, fields[i]);
    }
  }
  out.append("}\n");
}

void append_header(std::string& out, Format format) {
  if (format != Format::kCsv) return;
  io::append_csv_record(out, kColumns);
}

}  // namespace

Result<std::string, Diagnostic> generate_text(const Source& source, const GenerateOptions& options,
                                              std::string_view schema_dir, GenerateStats* stats) {
  std::string out;
  append_header(out, options.format);
  auto r = run(source, options, schema_dir,
               [&](std::span<const std::string_view> f) { append_row(out, options.format, f); });
  if (!r.ok()) return Unexpected{std::move(r).error()};
  if (stats) *stats = r.value();
  return out;
}

Result<GenerateStats, Diagnostic> generate(const Source& source, const GenerateOptions& options,
                                           const std::string& out_path) {
  namespace fs = std::filesystem;
  const fs::path out(out_path);
  const std::string dir_name = out.stem().string() + ".schemas";
  const fs::path dir = out.parent_path() / dir_name;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Unexpected{error("cannot create " + dir.string() + ": " + ec.message())};
  for (const SourceSchema& s : source.schemas) {
    std::FILE* f = std::fopen((dir / (s.name + ".graphql")).c_str(), "wb");
    if (!f) return Unexpected{error("cannot write " + (dir / s.name).string())};
    std::fwrite(s.sdl.data(), 1, s.sdl.size(), f);
    std::fclose(f);
  }
  std::FILE* f = std::fopen(out_path.c_str(), "wb");
  if (!f) return Unexpected{error("cannot write " + out_path)};
  std::string buffer;
  append_header(buffer, options.format);
  bool write_failed = false;
  auto flush = [&] {
    if (std::fwrite(buffer.data(), 1, buffer.size(), f) != buffer.size()) write_failed = true;
    buffer.clear();
  };
  auto r = run(source, options, dir_name, [&](std::span<const std::string_view> fields) {
    append_row(buffer, options.format, fields);
    if (buffer.size() > (4u << 20)) flush();
  });
  flush();
  write_failed |= std::fclose(f) != 0;
  if (!r.ok()) return Unexpected{std::move(r).error()};
  if (write_failed) return Unexpected{error("writing " + out_path + " failed")};
  return r.value();
}

}  // namespace gqleval::generator
