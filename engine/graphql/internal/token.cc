#include "engine/graphql/internal/token.h"

namespace gqleval::graphql {

std::string_view token_kind_description(TokenKind kind) {
  switch (kind) {
    case TokenKind::kSOF: return "<SOF>";
    case TokenKind::kEOF: return "<EOF>";
    case TokenKind::kBang: return "\"!\"";
    case TokenKind::kDollar: return "\"$\"";
    case TokenKind::kAmp: return "\"&\"";
    case TokenKind::kParenL: return "\"(\"";
    case TokenKind::kParenR: return "\")\"";
    case TokenKind::kSpread: return "\"...\"";
    case TokenKind::kColon: return "\":\"";
    case TokenKind::kEquals: return "\"=\"";
    case TokenKind::kAt: return "\"@\"";
    case TokenKind::kBracketL: return "\"[\"";
    case TokenKind::kBracketR: return "\"]\"";
    case TokenKind::kBraceL: return "\"{\"";
    case TokenKind::kPipe: return "\"|\"";
    case TokenKind::kBraceR: return "\"}\"";
    case TokenKind::kName: return "Name";
    case TokenKind::kInt: return "Int";
    case TokenKind::kFloat: return "Float";
    case TokenKind::kString: return "String";
    case TokenKind::kBlockString: return "BlockString";
    case TokenKind::kError: return "<ERROR>";
  }
  return "<ERROR>";
}

std::string token_description(const Token& token) {
  std::string out(token_kind_description(token.kind));
  if (token.has_value()) {
    out.append(" \"").append(token.value).push_back('"');
  }
  return out;
}

}  // namespace gqleval::graphql
