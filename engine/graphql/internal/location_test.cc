#include "engine/graphql/internal/location.h"

#include <gtest/gtest.h>

namespace gqleval::graphql {
namespace {

void expect_pos(std::string_view source, size_t offset, uint32_t line, uint32_t column) {
  SourcePos p = position_at(source, offset);
  EXPECT_EQ(p.line, line) << "offset " << offset;
  EXPECT_EQ(p.column, column) << "offset " << offset;
}

TEST(Location, LinesEndAtEveryLineTerminator) {
  std::string_view s = "ab\ncd\r\nef\rgh";
  expect_pos(s, 0, 1, 1);
  expect_pos(s, 2, 1, 3);  // the "\n" itself is still on line 1
  expect_pos(s, 3, 2, 1);
  expect_pos(s, 5, 2, 3);  // the "\r" of "\r\n"
  expect_pos(s, 6, 3, 0);  // the "\n" of "\r\n": graphql-js says column 0
  expect_pos(s, 7, 3, 1);
  expect_pos(s, 10, 4, 1);
  expect_pos(s, 12, 4, 3);  // the end of the document
}

TEST(Location, ColumnsCountUtf16CodeUnits) {
  std::string_view s = "\u00E9\U0001F600x\n\xEF\xBB\xBFy";
  expect_pos(s, 2, 1, 2);   // after one BMP character
  expect_pos(s, 6, 1, 4);   // after an astral character (2 code units)
  expect_pos(s, 11, 2, 2);  // after a byte order mark
}

}  // namespace
}  // namespace gqleval::graphql
