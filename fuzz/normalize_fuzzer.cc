// Fuzz target: normalization of a validated operation to its response tree
// with the Stage 3 rewrites (engine/normalize/normalize.h, rewrites.h,
// printer.h), against a bundled schema.
// Input: byte 0 picks the schema (fuzz_util.h schemas()), byte 1 the options:
//   bit 0 ignore __typename        bit 4 the schema's bundled rules file, if any
//   bit 1 cycles rule off          bit 5 no rewrites at all
//   bit 2 endpoints rule off       bit 6 skip validation (normalize.h: an
//   bit 3 rgeval rule on                 invalid document must not crash)
//                                  bit 7 small limits (50 nodes, depth 6)
// then the document; after a "#---" line, the variables as JSON.
//
// Checks: the tree is well-formed (children inside the node array, the root
// first); a reused Normalizer and a fresh one give the same printed
// tree; a failure is a diagnostic. Where the one pass
// (Normalizer::run_one_pass) gives a tree, the document parses, passes every
// rule (without the certificate), and the full way gives the same tree:
// printed, firings, positions and what rules rewrote.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/ast.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/printer.h"
#include "engine/normalize/rewrites.h"
#include "engine/normalize/rules_file.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"
#include "fuzz/bundled_schemas.h"
#include "fuzz/fuzz_util.h"

namespace {

using namespace gqleval;

struct Bundled {
  std::shared_ptr<const schema::Schema> schema;
  std::shared_ptr<const normalize::Rewrites> derived;  // without a rules file
  std::shared_ptr<const normalize::Rewrites> ruled;    // with the schema's rules file, if any
};

const std::vector<Bundled>& bundled() {
  static const auto* all = [] {
    auto* out = new std::vector<Bundled>;
    const auto texts = fuzz::schemas();
    for (size_t i = 0; i < texts.size(); ++i) {
      const fuzz::EmbeddedText& s = texts[i];
      const auto& b = fuzz::bundled_schemas()[i];
      Bundled entry{b, normalize::Rewrites::build(b), nullptr};
      for (const fuzz::EmbeddedText& r : fuzz::rules_files()) {
        if (r.name != s.name) continue;
        auto file = normalize::RulesFile::parse(r.text);
        GQLEVAL_FUZZ_CHECK(file.ok(), "bundled rules file %.*s does not parse",
                           static_cast<int>(r.name.size()), r.name.data());
        entry.ruled = normalize::Rewrites::build(b, &*file);
      }
      if (!entry.ruled) entry.ruled = entry.derived;
      out->push_back(std::move(entry));
    }
    return out;
  }();
  return *all;
}

const ast::OperationDefinition* first_operation(const ast::Document& doc) {
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind == ast::DefinitionKind::kOperation) {
      return static_cast<const ast::OperationDefinition*>(d);
    }
  }
  return nullptr;
}

void check_tree(const normalize::NormalTree& tree) {
  GQLEVAL_FUZZ_CHECK(!tree.nodes.empty(), "a tree has its root");
  for (const normalize::Node& n : tree.nodes) {
    GQLEVAL_FUZZ_CHECK(n.first_child + uint64_t{n.child_count} <= tree.nodes.size());
    GQLEVAL_FUZZ_CHECK(n.child_count == 0 || n.first_child > tree.index_of(n),
                       "children come after their parent");
    fuzz::touch(n.key);
  }
}

// A tree's printed form, firings, positions and rewritten texts.
std::string describe(const normalize::NormalTree& tree) {
  std::string out = normalize::print_tree(tree) + normalize::print_firings(tree);
  for (const normalize::Node& n : tree.nodes) {
    out += std::to_string(n.pos.line) + ":" + std::to_string(n.pos.column) + " ";
    out.append(n.written).append(normalize::mapped_by_name(n.mapped_by)).push_back('\n');
  }
  return out;
}

void check_one_pass(const schema::Schema& s, std::string_view text,
                    const normalize::NormalizeOptions& options, const normalize::Rewrites* rewrites,
                    const normalize::NormalTree& fast) {
  check_tree(fast);
  Arena arena(4096);
  auto doc = graphql::parse(text, arena);
  GQLEVAL_FUZZ_CHECK(doc.ok(), "one pass over a document that does not parse");
  validate::ValidateOptions all;
  all.certify_simple = false;
  GQLEVAL_FUZZ_CHECK(!validate::has_errors(validate::validate(s, **doc, all)),
                     "one pass over an invalid document");
  auto op = validate::select_operation(**doc, {});
  GQLEVAL_FUZZ_CHECK(op.ok(), "one pass over a document without its operation");
  normalize::Normalizer full;
  auto tree = full.run(s, **doc, **op, options, rewrites, arena);
  GQLEVAL_FUZZ_CHECK(tree.ok(), "one pass where the full way fails: %s",
                     tree.ok() ? "" : tree.error().message.c_str());
  const std::string a = describe(fast);
  const std::string b = describe(*tree);
  GQLEVAL_FUZZ_CHECK(a == b, "one pass and the full way differ:\n%s\n---\n%s", a.c_str(),
                     b.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const auto& all = bundled();
  const Bundled& b = all[data[0] % all.size()];
  const uint8_t flags = data[1];
  const auto parts = fuzz::split_parts(fuzz::as_text(data + 2, size - 2), 2);

  normalize::NormalizeOptions options;
  options.ignore_typename = (flags & 1) != 0;
  options.rules.cycles = (flags & 2) == 0;
  options.rules.endpoints = (flags & 4) == 0;
  options.rules.rgeval = (flags & 8) != 0;
  if (parts.size() > 1) options.variables_json = parts[1];
  if (flags & 128) {
    options.max_nodes = 50;
    options.max_depth = 6;
  }
  const normalize::Rewrites* rewrites =
      (flags & 32) ? nullptr : ((flags & 16) ? b.ruled.get() : b.derived.get());

  static normalize::Normalizer one_pass;
  Arena one_pass_arena(4096);
  const std::optional<normalize::NormalTree> fast =
      one_pass.run_one_pass(*b.schema, parts[0], options, rewrites, one_pass_arena);
  if (fast) check_one_pass(*b.schema, parts[0], options, rewrites, *fast);

  Arena arena(4096);
  auto doc = graphql::parse(parts[0], arena);
  if (!doc.ok()) return 0;
  const ast::OperationDefinition* op = nullptr;
  if (flags & 64) {
    op = first_operation(**doc);
  } else {
    if (validate::has_errors(validate::validate(*b.schema, **doc))) return 0;
    auto chosen = validate::select_operation(**doc, {});
    op = chosen.ok() ? *chosen : first_operation(**doc);
  }
  if (op == nullptr) return 0;

  static normalize::Normalizer normalizer;
  auto tree = normalizer.run(*b.schema, **doc, *op, options, rewrites, arena);
  if (!tree.ok()) {
    GQLEVAL_FUZZ_CHECK(!tree.error().message.empty());
    return 0;
  }
  check_tree(*tree);
  const std::string printed = normalize::print_tree(*tree);
  fuzz::touch(normalize::print_firings(*tree));
  fuzz::touch(normalize::node_path(*tree, static_cast<uint32_t>(tree->nodes.size() - 1)));

  Arena arena2(4096);
  normalize::Normalizer fresh;
  auto again = fresh.run(*b.schema, **doc, *op, options, rewrites, arena2);
  GQLEVAL_FUZZ_CHECK(again.ok(), "the second normalization fails: %s",
                     again.ok() ? "" : again.error().message.c_str());
  const std::string printed2 = normalize::print_tree(*again);
  GQLEVAL_FUZZ_CHECK(printed == printed2, "normalization depends on history:\n%s\n---\n%s",
                     printed.c_str(), printed2.c_str());
  return 0;
}
