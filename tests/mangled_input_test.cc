// Bad input never crashes the engine and never loses a row: every NL2GQL
// reference (GQLEVAL_SHARED_DIR/datasets/nl2gql/nl2gql_test.csv) is scored
// against copies of itself damaged byte by byte (cut short, bytes deleted,
// stray punctuation, quotes, comment marks, invalid UTF-8, NUL and line
// separators inserted, slices repeated or swapped), bare and inside a fenced
// block of prose, and the damaged copies are also scored as the reference.
// Every result must be a verdict that explains itself:
//   - a stage 1 verdict carries diagnostics, each with a rule and a message,
//     and every location lies inside the text as given (line and column
//     within its bounds), also after extraction mapped it back;
//   - a comparison verdict carries no stage 1 diagnostic and counts that
//     agree with its node totals;
//   - a Scorer that has already scored thousands of other pairs gives the
//     same result as a fresh one (no state leaks from pair to pair).
// Run under AddressSanitizer and UBSan in CI, this is also the memory check
// of the whole pipeline on malformed text. Deterministic (fixed seed).
// Skipped when the data is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "datasets/generator/seeded_random.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/score_pair.h"
#include "io/csv.h"
#include "io/file.h"

namespace gqleval {
namespace {

const std::string kCsv = std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv";
constexpr size_t kReportedFailures = 8;
constexpr int kCandidatesPerRow = 8;
constexpr int kReferencesPerRow = 2;

// What a model's broken answer tends to contain, and what a lexer must survive.
constexpr std::array<std::string_view, 30> kInserts = {"{",
                                                       "}",
                                                       "(",
                                                       ")",
                                                       ":",
                                                       "$",
                                                       "@",
                                                       "!",
                                                       "\"",
                                                       "\"\"\"",
                                                       "...",
                                                       "#",
                                                       "\n",
                                                       "\r",
                                                       "\\u",
                                                       "\xff",
                                                       "\xc3",
                                                       "\xe2\x80\xa8",
                                                       "fragment",
                                                       "on",
                                                       "query",
                                                       "1e",
                                                       "-",
                                                       "[",
                                                       "]",
                                                       "=",
                                                       "|",
                                                       "&",
                                                       std::string_view("\0", 1),
                                                       "\t\t"};

std::string mangle(std::string text, rewrite::SeededRandom& rng) {
  const size_t edits = 1 + rng.index(3);
  for (size_t e = 0; e < edits; ++e) {
    const size_t at = rng.index(text.size() + 1);
    switch (rng.index(5)) {
      case 0:  // cut short
        text.resize(at);
        break;
      case 1:  // delete 1-3 bytes
        text.erase(std::min(at, text.size()), 1 + rng.index(3));
        break;
      case 2:  // insert a stray token
        text.insert(at, kInserts[rng.index(kInserts.size())]);
        break;
      case 3: {  // repeat a slice
        const size_t len =
            rng.index(std::min<size_t>(text.size() - std::min(at, text.size()), 40) + 1);
        text.insert(at, text.substr(at, len));
        break;
      }
      default: {  // swap the two halves around `at`
        text = text.substr(at) + text.substr(0, at);
        break;
      }
    }
  }
  return text;
}

// Byte length of each line of `text` (GraphQL line terminators: \n, \r\n, \r).
// A column counts UTF-16 units, never more than the line's bytes.
std::vector<size_t> line_lengths(std::string_view text) {
  std::vector<size_t> lines{0};
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      lines.push_back(0);
    } else {
      ++lines.back();
    }
  }
  return lines;
}

bool inside(std::string_view text, SourcePos p) {
  if (p.line == 0 && p.column == 0) return true;  // no location
  const std::vector<size_t> lines = line_lengths(text);
  return p.line >= 1 && p.line <= lines.size() && p.column >= 1 &&
         p.column <= lines[p.line - 1] + 1;
}

std::string describe(const score::PairResult& r) {
  std::string s(score::verdict_name(r.verdict));
  s += " missing=" + std::to_string(r.missing) + " extra=" + std::to_string(r.extra);
  for (const auto& e : r.errors) {
    s += " | " + std::string(score::query_role_name(e.query)) + " " + e.diagnostic.rule + ": " +
         e.diagnostic.message;
    for (const SourcePos& p : e.diagnostic.locations) {
      s += " @" + std::to_string(p.line) + ":" + std::to_string(p.column);
    }
  }
  return s;
}

struct Built {
  std::shared_ptr<const schema::Schema> schema;
  std::shared_ptr<const normalize::Rewrites> rewrites;
};

class MangledSweep {
 public:
  size_t pairs = 0;
  size_t failures = 0;
  std::map<std::string, size_t> verdicts;

  void check(const Built& b, const std::string& reference, const std::string& candidate,
             bool reference_damaged, const std::string& where) {
    const std::vector<std::string_view> refs = {reference};
    const score::ScoreOptions options;
    const score::PairResult r = warm_.score(*b.schema, b.rewrites.get(), refs, candidate, options);
    const std::string got = describe(r);
    ++pairs;
    ++verdicts[std::string(score::verdict_name(r.verdict))];

    std::string problem;
    const bool stage1 = r.verdict == score::Verdict::kNoQuery ||
                        r.verdict == score::Verdict::kInvalidCandidate ||
                        r.verdict == score::Verdict::kInvalidReference;
    if (stage1) {
      if (r.errors.empty()) problem = "a stage 1 verdict without diagnostics";
      for (const auto& e : r.errors) {
        if (e.diagnostic.rule.empty() || e.diagnostic.message.empty()) {
          problem = "a diagnostic without rule or message";
        }
        const std::string_view text =
            e.query == score::QueryRole::kReference ? std::string_view(reference) : candidate;
        for (const SourcePos& p : e.diagnostic.locations) {
          if (!inside(text, p)) {
            problem = "location " + std::to_string(p.line) + ":" + std::to_string(p.column) +
                      " outside the " + std::string(score::query_role_name(e.query));
          }
        }
      }
      if (!reference_damaged && r.verdict == score::Verdict::kInvalidReference) {
        problem = "the intact reference was called invalid";
      }
    } else if (r.verdict == score::Verdict::kInvalidSchema) {
      problem = "invalid_schema for a schema that builds";
    } else {
      if (!r.errors.empty()) problem = "a comparison verdict with stage 1 diagnostics";
      if (r.missing + r.shared != r.reference_nodes || r.extra + r.shared != r.candidate_nodes) {
        problem = "counts do not add up";
      }
    }
    if (pairs % 7 == 0) {  // a fresh Scorer must agree with the warm one
      score::Scorer fresh;
      const std::string again =
          describe(fresh.score(*b.schema, b.rewrites.get(), refs, candidate, options));
      if (again != got) problem = "a fresh Scorer says " + again;
    }
    if (!problem.empty() && ++failures <= kReportedFailures) {
      ADD_FAILURE() << where << ": " << problem << "\n  result: " << got
                    << "\n  reference: " << reference << "\n  candidate: " << candidate;
    }
  }

 private:
  score::Scorer warm_;
};

TEST(MangledInput, EveryDamagedQueryGetsAVerdictThatExplainsItself) {
  if (!std::filesystem::exists(kCsv)) GTEST_SKIP() << "dataset absent: " << kCsv;
  auto text = io::read_file(kCsv);
  ASSERT_TRUE(text.ok()) << text.error().message;
  auto rows = io::parse_csv(text.value());
  ASSERT_TRUE(rows.ok()) << rows.error().message;
  ASSERT_GT(rows->size(), 1u);
  const io::CsvRow& header = (*rows)[0];
  auto column = [&](std::string_view name) {
    auto it = std::find(header.fields.begin(), header.fields.end(), name);
    return static_cast<size_t>(it - header.fields.begin());
  };
  const size_t schema_col = column("schema");
  const size_t query_col = column("gt_query");
  ASSERT_LT(std::max(schema_col, query_col), header.fields.size());

  std::map<std::string, Built> schemas;
  MangledSweep sweep;
  rewrite::SeededRandom rng(20261124);
  size_t rows_used = 0;
  size_t invalid_rows = 0;
  score::Scorer probe;
  for (size_t i = 1; i < rows->size(); ++i) {
    const io::CsvRow& row = (*rows)[i];
    if (row.fields.size() <= std::max(schema_col, query_col)) continue;
    const std::string& sdl = row.fields[schema_col];
    auto [it, added] = schemas.try_emplace(sdl);
    if (added) {
      auto s = schema::Schema::build(sdl);
      if (s.ok()) it->second = {s.value(), normalize::Rewrites::build(s.value())};
    }
    const Built& b = it->second;
    if (!b.schema) continue;
    const std::string& reference = row.fields[query_col];
    const std::vector<std::string_view> self = {reference};
    if (probe.score(*b.schema, b.rewrites.get(), self, reference, {}).verdict !=
        score::Verdict::kEquivalent) {
      ++invalid_rows;  // the dataset's broken references: nothing intact to damage
      continue;
    }
    ++rows_used;
    const std::string where = "row " + std::to_string(i);
    for (int k = 0; k < kCandidatesPerRow; ++k) {
      std::string damaged = mangle(reference, rng);
      if (k % 2 == 1) damaged = "Here is the query:\n\n```graphql\n" + damaged + "\n```\nDone.";
      sweep.check(b, reference, damaged, false, where + " candidate " + std::to_string(k));
    }
    for (int k = 0; k < kReferencesPerRow; ++k) {
      sweep.check(b, mangle(reference, rng), reference, true,
                  where + " reference " + std::to_string(k));
    }
  }
  std::cout << "[ mangled  ] " << sweep.pairs << " pairs from " << rows_used
            << " valid NL2GQL references, " << sweep.failures << " failures; verdicts:";
  for (const auto& [v, n] : sweep.verdicts) std::cout << " " << v << "=" << n;
  std::cout << "\n";
  EXPECT_EQ(rows_used + invalid_rows, 1164u);
  EXPECT_EQ(invalid_rows, 8u);  // 893-896 (invalid), 995-998 (cut off)
  EXPECT_EQ(sweep.failures, 0u);
}

}  // namespace
}  // namespace gqleval
