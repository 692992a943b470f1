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

TEST(MarkdownFence, FenceIsTheWholeRunOfOneCharacter) {
  // "````~~~": a four-backtick fence with info "~~~"; three backticks do not close it.
  EXPECT_EQ(blocks("````~~~\na\n```\n````"), (Strings{"~~~|a\n```\n|closed"}));
  EXPECT_EQ(blocks("~~~`\na\n~~~~~"), (Strings{"`|a\n|closed"}));
  EXPECT_EQ(blocks("``\n`` `\n~~\nx"), Strings{});  // runs of two are no fences
}

TEST(MarkdownFence, BlanksAroundFences) {
  // Tabs indent like spaces; a carriage return before the newline is a blank at the
  // end of a closing fence but not at the start of an opening one.
  EXPECT_EQ(blocks("\t ```gql\r\nq\r\n \t```\t\r\n"), (Strings{"gql|q\r\n|closed"}));
  EXPECT_EQ(blocks("\r```\nq"), Strings{});
  EXPECT_EQ(blocks("```\nq\n\r```"), (Strings{"|q\n\r```|open"}));
}

TEST(MarkdownFence, ByteRangesAndSearchStart) {
  const std::string_view text = "ab\n```x\nq\n```\nz";
  FencedBlock b;
  ASSERT_TRUE(find_fenced_block(text, 0, b));
  EXPECT_EQ(b.fence_begin, 3u);
  EXPECT_EQ(b.content_begin, 8u);
  EXPECT_EQ(b.content_end, 10u);
  EXPECT_EQ(b.next, 14u);
  EXPECT_EQ(b.language.data(), text.data() + 6);  // a view into the text
  ASSERT_TRUE(find_fenced_block(text, 3, b));     // pos on a line start: that line counts
  EXPECT_EQ(b.fence_begin, 3u);
  // pos inside a line: that line is skipped, so the search starts at the closing fence,
  // which then opens an unclosed block of its own.
  ASSERT_TRUE(find_fenced_block(text, 4, b));
  EXPECT_EQ(b.fence_begin, 10u);
  EXPECT_FALSE(b.closed);
  EXPECT_EQ(b.content_end, text.size());
  EXPECT_EQ(b.next, text.size());
  EXPECT_FALSE(find_fenced_block(text, 11, b));
  EXPECT_FALSE(find_fenced_block(text, text.size(), b));
  EXPECT_FALSE(find_fenced_block(text, text.size() + 1, b));
}

TEST(MarkdownFence, FenceAtTheVeryEndHasEmptyContent) {
  FencedBlock b;
  ASSERT_TRUE(find_fenced_block("a\n~~~ gql", 0, b));
  EXPECT_EQ(b.content_begin, 9u);
  EXPECT_EQ(b.content_end, 9u);
  EXPECT_EQ(b.language, "gql");
  EXPECT_FALSE(b.closed);
}

TEST(MarkdownFence, InfoStringMustBeLenientUtf8) {
  // Kept from the first (RE2) version: an opening line whose info string is not UTF-8
  // is no fence. Overlong, surrogate and past-U+10FFFF forms are accepted.
  EXPECT_EQ(blocks("```\xc3\xa9\nq\n```"), (Strings{"\xc3\xa9|q\n|closed"}));
  EXPECT_EQ(blocks("```\xed\xa0\x80\nq"), (Strings{"\xed\xa0\x80|q|open"}));
  EXPECT_EQ(blocks("```\xf4\x90\x80\x80\nq"), (Strings{"\xf4\x90\x80\x80|q|open"}));
  EXPECT_EQ(blocks("```x\x80\nq\n```\n"), (Strings{"||open"}));  // the close opens
  EXPECT_EQ(blocks("```\xc3\n"), Strings{});                     // cut sequence
  EXPECT_EQ(blocks("~~~\xc0\x80\n"), Strings{});                 // C0 lead byte
  EXPECT_EQ(blocks("~~~\xff"), Strings{});
  EXPECT_EQ(blocks("```\nq\xff\n```"), (Strings{"|q\xff\n|closed"}));  // content: any bytes
}

}  // namespace
}  // namespace gqleval::io
