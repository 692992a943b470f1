#include "engine/normalize/derived_rules.h"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "engine/base/string_literal.h"

namespace gqleval::normalize {
namespace {

void append_string(std::string& out, std::string_view text) {
  append_string_literal<StringLiteralStyle::kJson>(out, text);
}

std::string field_coordinate(const schema::Schema& s, schema::FieldId f) {
  const schema::FieldDef& def = s.field(f);
  return std::string(s.type(def.owner).name) + "." + std::string(def.name);
}

// `"key": [` then items, each on its own line, then `]`.
void append_list(std::string& out, std::string_view key, const std::vector<std::string>& items,
                 bool last) {
  out.append("  ");
  append_string(out, key);
  out.append(": [");
  for (size_t i = 0; i < items.size(); ++i) {
    out.append(i ? ",\n    " : "\n    ").append(items[i]);
  }
  out.append(items.empty() ? "]" : "\n  ]").append(last ? "\n" : ",\n");
}

std::vector<std::string> inverse_pair_items(const Rewrites& rewrites) {
  const schema::Schema& s = rewrites.schema();
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const InversePair& p : rewrites.inverse_pairs()) {
    if (p.derived) pairs.emplace_back(field_coordinate(s, p.forward), field_coordinate(s, p.back));
  }
  std::sort(pairs.begin(), pairs.end());
  std::vector<std::string> items;
  for (const auto& [field, inverse] : pairs) {
    std::string item = "{\"field\": ";
    append_string(item, field);
    item.append(", \"inverse\": ");
    append_string(item, inverse);
    items.push_back(item.append("}"));
  }
  return items;
}

std::vector<std::string> endpoint_items(const Rewrites& rewrites) {
  const schema::Schema& s = rewrites.schema();
  std::map<std::string, std::vector<std::string>> groups;  // canonical -> members
  for (schema::FieldId f = 0; f < s.field_count(); ++f) {
    const schema::FieldId canonical = rewrites.canonical_endpoint(f);
    if (canonical == f || !rewrites.endpoint_is_derived(f)) continue;
    groups[std::string(s.field(canonical).name)].emplace_back(s.field(f).name);
  }
  std::vector<std::string> items;
  for (auto& [canonical, members] : groups) {
    std::sort(members.begin(), members.end());
    std::string item = "{\"canonical\": ";
    append_string(item, canonical);
    item.append(", \"same_as\": [");
    for (size_t i = 0; i < members.size(); ++i) {
      if (i) item.append(", ");
      append_string(item, members[i]);
    }
    items.push_back(item.append("]}"));
  }
  return items;
}

}  // namespace

std::string derived_rules_json(const Rewrites& rewrites) {
  std::string out = "{\n  \"version\": 1,\n  \"description\": ";
  append_string(out,
                "The rules gqleval derives from this schema's names (inverse pairs named after "
                "their types, keyed and foreign-key lookups). Derivation is off in this file, so "
                "reading it back with --rules gives exactly these rules; delete what you do not "
                "believe, add what the names do not say.");
  out.append(",\n  \"derive\": {\"inverse_pairs\": false, \"endpoints\": false},\n");
  append_list(out, "inverse_pairs", inverse_pair_items(rewrites), false);
  append_list(out, "endpoints", endpoint_items(rewrites), true);
  out.append("}\n");
  return out;
}

}  // namespace gqleval::normalize
