#include "engine/score/render.h"

#include <cstdio>
#include <vector>

#include "engine/score/internal/explanation.h"

namespace gqleval::score {
namespace {

std::string format_score(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", x);
  return buf;
}

// `LABEL:L:C`; in one of an answer's operations (every operation graded)
// `LABEL:L:C (operation N)`, the line and column in that operation's text.
std::string position_text(const std::string& label, SourcePos p, int32_t operation = -1) {
  const std::string in = operation >= 0 ? " (operation " + std::to_string(operation) + ")" : "";
  if (p.line == 0) return label + in;
  return label + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) + in;
}

std::string nodes_text(uint32_t n) { return std::to_string(n) + (n == 1 ? " node" : " nodes"); }

// `, at LABEL:L:C, L:C`, each position followed by its operation where it
// is in one of an answer's operations (` (operation N)`).
void append_positions(std::string& out, const PathGroup& g, const std::string& label) {
  bool first = true;
  for (size_t k = 0; k < g.positions.size(); ++k) {
    const SourcePos& p = g.positions[k];
    if (p.line == 0) continue;  // unknown
    out.append(first ? ", at " + label + ":" : ", ");
    out.append(std::to_string(p.line)).append(":").append(std::to_string(p.column));
    if (g.operations[k] >= 0)
      out.append(" (operation ").append(std::to_string(g.operations[k])).append(")");
    first = false;
  }
}

// The paths that are not one side of an argument difference (those are
// printed with their difference), grouped by type, each on a line after
// `prefix`.
void append_paths(std::string& out, std::span<const SubtreeDiff> paths, const std::string& label,
                  std::string_view prefix = "  ") {
  std::vector<SubtreeDiff> own;
  for (const SubtreeDiff& d : paths) {
    if (!d.argument_difference) own.push_back(d);
  }
  for (const PathGroup& g : group_paths(own)) {
    out.append(prefix).append(g.text).append("  (").append(nodes_text(g.nodes));
    append_positions(out, g, label);
    out.append(")\n");
  }
}

size_t unpaired(std::span<const SubtreeDiff> paths) {
  size_t n = 0;
  for (const SubtreeDiff& d : paths) n += d.argument_difference ? 0 : 1;
  return n;
}

// One argument difference, what differs inside it, and the differences found
// inside it, indented by depth.
void append_difference(std::string& out, const PairResult& r, size_t index,
                       const std::string& reference, const std::string& candidate, size_t depth) {
  const ArgumentDifference& d = r.argument_differences[index];
  const std::string indent(2 + depth * 4, ' ');
  out.append(indent).append(d.path).append(": ").append(d.changes_text);
  out.append("  (").append(nodes_text(d.reference_nodes)).append(" missing, ");
  out.append(std::to_string(d.candidate_nodes)).append(" extra");
  if (d.reference_pos.line != 0) {
    out.append(", at ").append(position_text(reference, d.reference_pos));
    if (d.candidate_pos.line != 0)
      out.append(" and ").append(position_text(candidate, d.candidate_pos, d.candidate_operation));
  }
  out.append(")\n");
  bool nested = false;
  for (const ArgumentDifference& x : r.argument_differences) {
    nested = nested || x.within == static_cast<int32_t>(index);
  }
  if (unpaired(d.missing_paths) + unpaired(d.extra_paths) == 0 && !nested) {
    out.append(indent).append("  inside: the same selections\n");
    return;
  }
  out.append(indent).append("  inside, as if the arguments were equal:\n");
  append_paths(out, d.missing_paths, reference, indent + "    missing ");
  append_paths(out, d.extra_paths, candidate, indent + "    extra ");
  for (size_t k = index + 1; k < r.argument_differences.size(); ++k) {
    if (r.argument_differences[k].within == static_cast<int32_t>(index)) {
      append_difference(out, r, k, reference, candidate, depth + 1);
    }
  }
}

}  // namespace

std::string RenderLabels::reference(size_t k, size_t count) const {
  if (k < references.size()) return references[k];
  if (count <= 1) return "reference";
  return "reference[" + std::to_string(k) + "]";
}

std::string render_text(const PairResult& r, const RenderLabels& labels) {
  std::string out = "verdict: ";
  out.append(verdict_name(r.verdict)).append(r.pass ? " (pass)\n" : " (fail)\n");
  if (r.operations > 1) {  // an answer of several operations
    out.append("answer: ").append(std::to_string(r.operations)).append(" operations");
    if (r.invalid_operations != 0) {
      out.append(", ").append(std::to_string(r.invalid_operations)).append(" left out as invalid");
    }
    out.append("\n");
  }
  if (!is_stage1(r.verdict)) {
    out.append("missing ").append(std::to_string(r.missing));
    out.append(", extra ").append(std::to_string(r.extra));
    out.append(", shared ").append(std::to_string(r.shared));
    out.append(" (reference ").append(nodes_text(r.reference_nodes));
    out.append(", candidate ").append(nodes_text(r.candidate_nodes)).append(")\n");
    out.append("precision ").append(format_score(r.precision));
    out.append(", recall ").append(format_score(r.recall));
    out.append(", F1 ").append(format_score(r.f1)).append("\n");
    if (r.reference_count > 1 && r.matched_reference != kNoReference) {
      const auto k = static_cast<size_t>(r.matched_reference);
      out.append("matched reference: ").append(labels.reference(k, r.reference_count));
      out.append(" (index ").append(std::to_string(k)).append(" of ");
      out.append(std::to_string(r.reference_count)).append(" references)\n");
    }
    if (r.operation_differs) {
      out.append("the operations differ in kind, so no node is shared\n");
    }
  }
  const std::string matched =
      r.matched_reference == kNoReference
          ? labels.reference(0, r.reference_count)
          : labels.reference(static_cast<size_t>(r.matched_reference), r.reference_count);
  if (unpaired(r.missing_paths) != 0) {
    out.append("missing (in the reference, not in the candidate):\n");
    append_paths(out, r.missing_paths, matched);
  }
  if (unpaired(r.extra_paths) != 0) {
    out.append("extra (in the candidate, not in the reference):\n");
    append_paths(out, r.extra_paths, labels.candidate);
  }
  if (!r.argument_differences.empty()) {
    out.append("argument differences (the same field with other arguments):\n");
    for (size_t k = 0; k < r.argument_differences.size(); ++k) {
      if (r.argument_differences[k].within < 0) {
        append_difference(out, r, k, matched, labels.candidate, 0);
      }
    }
  }
  if (!r.rules_fired.empty()) {
    out.append("rules fired:\n");
    for (const FiredRule& f : r.rules_fired) {
      const std::string label = f.query == QueryRole::kCandidate
                                    ? labels.candidate
                                    : labels.reference(f.reference, r.reference_count);
      out.append("  ").append(position_text(label, f.pos, f.operation)).append(": ").append(f.rule);
      out.append(": ").append(f.path).append(": ").append(f.detail).append("\n");
    }
  }
  if (!r.errors.empty()) {
    out.append("errors:\n");
    for (const QueryDiagnostic& e : r.errors) {
      const std::string label = e.query == QueryRole::kCandidate ? labels.candidate
                                : e.query == QueryRole::kReference
                                    ? labels.reference(e.reference, r.reference_count)
                                    : labels.schema;
      const Diagnostic& d = e.diagnostic;
      const std::string warning = d.severity == Severity::kWarning ? "warning: " : "";
      if (d.locations.empty()) {
        out.append("  ").append(position_text(label, {}, e.operation)).append(": ");
        out.append(warning).append(d.rule).append(": ").append(d.message).append("\n");
      }
      for (const SourcePos& p : d.locations) {
        out.append("  ").append(position_text(label, p, e.operation)).append(": ").append(warning);
        out.append(d.rule).append(": ").append(d.message).append("\n");
      }
    }
  }
  return out;
}

}  // namespace gqleval::score
