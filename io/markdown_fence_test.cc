#include "io/markdown_fence.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gqleval::io {
namespace {

// Every block as "language|content|closed".
std::vector<std::string> blocks(std::string_view text) {
  std::vector<std::string> out;
  FencedBlock b;
  for (size_t pos = 0; pos < text.size() && find_fenced_block(text, pos, b); pos = b.next) {
    out.push_back(std::string(b.language) + "|" +
                  std::string(text.substr(b.content_begin, b.content_end - b.content_begin)) + "|" +
                  (b.closed ? "closed" : "open"));
  }
  return out;
}

using Strings = std::vector<std::string>;

TEST(MarkdownFence, BlocksInOrder) {
  EXPECT_EQ(blocks("a\n```graphql\n{ a }\n```\nb\n~~~\nx\n~~~\n"),
            (Strings{"graphql|{ a }\n|closed", "|x\n|closed"}));
}

TEST(MarkdownFence, InfoStringFirstWordAndIndentation) {
  EXPECT_EQ(blocks("  ```GraphQL  title=x\n q\n  ```"), (Strings{"GraphQL| q\n|closed"}));
  EXPECT_EQ(blocks("```graphql{.class}\nq\n```"), (Strings{"graphql|q\n|closed"}));
}

TEST(MarkdownFence, ClosingFenceMustMatchCharacterAndBeLongEnough) {
  EXPECT_EQ(blocks("````\na\n```\n~~~~\nb\n````\n"), (Strings{"|a\n```\n~~~~\nb\n|closed"}));
  EXPECT_EQ(blocks("```\na\n```  \r\nafter"), (Strings{"|a\n|closed"}));
  EXPECT_EQ(blocks("```\na\n``` x\n"), (Strings{"|a\n``` x\n|open"}));  // text after: not a close
}

TEST(MarkdownFence, UnclosedRunsToTheEnd) {
  EXPECT_EQ(blocks("```gql\nquery { a }"), (Strings{"gql|query { a }|open"}));
  EXPECT_EQ(blocks("```"), (Strings{"||open"}));
}

TEST(MarkdownFence, BacktickInInfoStringIsInlineCode) {
  EXPECT_EQ(blocks("```graphql { a } ```\n"), Strings{});
  EXPECT_EQ(blocks("~~~ a`b\nx\n~~~"), (Strings{"a`b|x\n|closed"}));  // allowed for tildes
}

TEST(MarkdownFence, FenceMustStartItsLine) {
  // Only the last line is a fence (an unclosed one, with nothing in it).
  EXPECT_EQ(blocks("text ```graphql\n{ a }\n```"), (Strings{"||open"}));
}

}  // namespace
}  // namespace gqleval::io
