#include "engine/batch/row_references.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace gqleval::batch {
namespace {

TEST(RowReferences, ThePrimaryAlwaysCountsAndBlankOthersDoNot) {
  RowReferences refs;
  refs.add(0, "  ");  // a blank primary is the dataset's error, reported
  refs.add(1, "{ a }");
  refs.add(2, " \t");
  refs.add(3, "{ b }");
  const std::vector<std::string_view> expected = {"  ", "{ a }", "{ b }"};
  EXPECT_EQ(std::vector<std::string_view>(refs.texts().begin(), refs.texts().end()), expected);
  refs.clear();
  EXPECT_EQ(refs.size(), 0u);
}

TEST(RowReferences, ResultIndicesNameColumns) {
  RowReferences refs;
  refs.add(0, "{ a }");
  refs.add(1, "");
  refs.add(2, "{ b }");
  int32_t matched = 1;
  std::vector<score::QueryDiagnostic> errors = {
      {score::QueryRole::kReference, 1, Diagnostic{}},
      {score::QueryRole::kCandidate, 1, Diagnostic{}},
  };
  refs.to_columns(matched, errors);
  EXPECT_EQ(matched, 2);
  EXPECT_EQ(errors[0].reference, 2u);
  EXPECT_EQ(errors[1].reference, 1u);  // a candidate's index is not a reference's
  int32_t none = score::kNoReference;
  refs.to_columns(none, errors);
  EXPECT_EQ(none, score::kNoReference);
}

}  // namespace
}  // namespace gqleval::batch
