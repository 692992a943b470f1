// Normalization over real benchmark data (NL2GQL's test set and RGEval's
// granite-20b outputs, from GQLEVAL_SHARED_DIR/datasets): every query that
// validates must normalize without error, deterministically, with keys unique
// among siblings and identity hashes unique in the tree, and to the same tree
// when the order of every selection set (operation and fragments) is reversed.
// Skipped when the data is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <unordered_map>

#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

// RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines.
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field.push_back('"');
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field.push_back(c);
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(std::move(field));
      field.clear();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      rows.back().push_back(std::move(field));
      field.clear();
      rows.emplace_back();
    } else {
      field.push_back(c);
    }
  }
  if (!field.empty() || !rows.back().empty()) {
    rows.back().push_back(std::move(field));
  } else {
    rows.pop_back();
  }
  return rows;
}

// A copy of the selection set with the order of every nested selection
// reversed (fields, inline fragments and spreads alike).
const ast::SelectionSet* reversed(const ast::SelectionSet* set, Arena& arena) {
  if (set == nullptr) return nullptr;
  auto items = arena.make_array<ast::Selection*>(set->selections.size());
  const size_t n = set->selections.size();
  for (size_t i = 0; i < n; ++i) {
    const ast::Selection* s = set->selections[n - 1 - i];
    switch (s->kind) {
      case ast::SelectionKind::kField: {
        auto* f = arena.make<ast::Field>(ast::as<ast::Field>(*s));
        f->selection_set = const_cast<ast::SelectionSet*>(reversed(f->selection_set, arena));
        items[i] = f;
        break;
      }
      case ast::SelectionKind::kInlineFragment: {
        auto* f = arena.make<ast::InlineFragment>(ast::as<ast::InlineFragment>(*s));
        f->selection_set = const_cast<ast::SelectionSet*>(reversed(f->selection_set, arena));
        items[i] = f;
        break;
      }
      case ast::SelectionKind::kFragmentSpread:
        items[i] = arena.make<ast::FragmentSpread>(ast::as<ast::FragmentSpread>(*s));
        break;
    }
  }
  auto* out = arena.make<ast::SelectionSet>(*set);
  out->selections = ast::List<ast::Selection>(items.data(), items.size());
  return out;
}

const ast::Document* reversed(const ast::Document& doc, Arena& arena) {
  auto defs = arena.make_array<ast::Definition*>(doc.definitions.size());
  for (size_t i = 0; i < defs.size(); ++i) {
    const ast::Definition* d = doc.definitions[i];
    if (d->kind == ast::DefinitionKind::kOperation) {
      auto* op = arena.make<ast::OperationDefinition>(ast::as<ast::OperationDefinition>(*d));
      op->selection_set = const_cast<ast::SelectionSet*>(reversed(op->selection_set, arena));
      defs[i] = op;
    } else if (d->kind == ast::DefinitionKind::kFragment) {
      auto* f = arena.make<ast::FragmentDefinition>(ast::as<ast::FragmentDefinition>(*d));
      f->selection_set = const_cast<ast::SelectionSet*>(reversed(f->selection_set, arena));
      defs[i] = f;
    } else {
      defs[i] = const_cast<ast::Definition*>(d);
    }
  }
  auto* out = arena.make<ast::Document>(doc);
  out->definitions = ast::List<ast::Definition>(defs.data(), defs.size());
  return out;
}

struct SweepCounts {
  int queries = 0;
  int invalid = 0;
  int normalized = 0;
};

class Sweep {
 public:
  // Checks one (schema, query) pair; a query that does not validate is counted and skipped.
  void check(const std::string& sdl, const std::string& query, const std::string& where) {
    if (query.find('{') == std::string::npos) return;
    ++counts.queries;
    auto& entry = schemas_[sdl];
    if (entry.first == nullptr) {
      auto built = schema::Schema::build(sdl);
      if (!built.ok()) {
        ++counts.invalid;
        return;
      }
      entry.first = *built;
      entry.second = Rewrites::build(entry.first);
    }
    const schema::Schema& s = *entry.first;
    arena_.reset();
    auto doc = graphql::parse(query, arena_);
    if (!doc.ok() || validate::has_errors(validate::validate(s, **doc))) {
      ++counts.invalid;
      return;
    }
    auto op = validate::select_operation(**doc, "");
    if (!op.ok()) {
      ++counts.invalid;
      return;
    }
    auto first = normalize(s, **doc, **op, {}, entry.second.get(), arena_);
    ASSERT_TRUE(first.ok()) << where << ": " << first.error().message << "\n" << query;
    ++counts.normalized;
    const std::string printed = print_tree(*first);
    EXPECT_EQ(printed.find(kSymbolMarker), std::string::npos) << where;

    std::set<uint64_t> hashes;
    for (const Node& n : first->nodes) {
      hashes.insert(n.hash);
      std::set<std::string_view> keys;
      for (const Node& c : first->children(n)) keys.insert(c.key);
      EXPECT_EQ(keys.size(), n.child_count) << where << ": duplicate sibling keys\n" << printed;
    }
    EXPECT_EQ(hashes.size(), first->nodes.size()) << where;

    auto again = normalize(s, **doc, **op, {}, entry.second.get(), arena_);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(print_tree(*again), printed) << where;

    const ast::Document* rev = reversed(**doc, arena_);
    auto rev_op = validate::select_operation(*rev, "");
    ASSERT_TRUE(rev_op.ok());
    auto third = normalize(s, *rev, **rev_op, {}, entry.second.get(), arena_);
    ASSERT_TRUE(third.ok()) << where;
    EXPECT_EQ(print_tree(*third), printed) << where << ": selection order changed the tree\n"
                                           << query;
  }

  SweepCounts counts;

 private:
  std::unordered_map<std::string, std::pair<std::shared_ptr<const schema::Schema>,
                                            std::shared_ptr<const Rewrites>>>
      schemas_;
  Arena arena_;
};

int column(const std::vector<std::string>& header, const std::string& name) {
  auto it = std::find(header.begin(), header.end(), name);
  return it == header.end() ? -1 : static_cast<int>(it - header.begin());
}

TEST(DatasetSweepTest, Nl2gqlReferencesNormalize) {
  const std::string path = std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "dataset absent: " << path;
  auto rows = read_csv(testing::read_text_file(path));
  ASSERT_GT(rows.size(), 1u);
  const int schema_col = column(rows[0], "schema");
  const int gt = column(rows[0], "gt_query");
  const int gt2 = column(rows[0], "gt_query_2");
  ASSERT_GE(schema_col, 0);
  ASSERT_GE(gt, 0);
  Sweep sweep;
  for (size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    if (row.size() <= static_cast<size_t>(std::max(gt, schema_col))) continue;
    sweep.check(row[schema_col], row[gt], "row " + std::to_string(r) + " gt_query");
    if (gt2 >= 0 && static_cast<size_t>(gt2) < row.size() && !row[gt2].empty()) {
      sweep.check(row[schema_col], row[gt2], "row " + std::to_string(r) + " gt_query_2");
    }
    if (::testing::Test::HasFatalFailure()) return;
  }
  // The references of a curated dataset are almost all valid.
  EXPECT_GT(sweep.counts.normalized, sweep.counts.queries * 9 / 10)
      << sweep.counts.normalized << " of " << sweep.counts.queries;
  std::cout << "nl2gql: " << sweep.counts.normalized << " of " << sweep.counts.queries
            << " queries valid and normalized\n";
}

TEST(DatasetSweepTest, RgevalGraniteOutputsNormalize) {
  const std::string path =
      std::string(GQLEVAL_SHARED_DIR) + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "dataset absent: " << path;
  auto rows = read_csv(testing::read_text_file(path));
  ASSERT_GT(rows.size(), 1u);
  const int schema_col = column(rows[0], "Schema Content");
  const int q1 = column(rows[0], "Query1 Content");
  const int q2 = column(rows[0], "Query2 Content");
  ASSERT_GE(schema_col, 0);
  ASSERT_GE(q1, 0);
  ASSERT_GE(q2, 0);
  Sweep sweep;
  for (size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    if (row.size() <= static_cast<size_t>(std::max({schema_col, q1, q2}))) continue;
    sweep.check(row[schema_col], row[q1], "row " + std::to_string(r) + " Query1");
    sweep.check(row[schema_col], row[q2], "row " + std::to_string(r) + " Query2");
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(sweep.counts.normalized, 0);
  std::cout << "rgeval-granite: " << sweep.counts.normalized << " of " << sweep.counts.queries
            << " queries valid and normalized\n";
}

}  // namespace
}  // namespace gqleval::normalize
