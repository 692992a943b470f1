#include "engine/calls/calls_result.h"

#include "io/json_writer.h"

namespace gqleval::calls {
namespace {

// A 1-based line or column; null where it is not known (0), as in score rows.
void position(io::JsonWriter& w, std::string_view key, uint32_t at) {
  w.key(key);
  if (at == 0) {
    w.null();
  } else {
    w.num(at);
  }
}

void arguments(io::JsonWriter& w, std::string_view key, const std::vector<Argument>& args) {
  w.key(key).begin_array();
  for (const Argument& a : args) {
    w.begin_object().key("function").str(a.function).key("parameter").str(a.parameter);
    w.key("value").str(a.value).key("line").num(a.pos.line).key("column").num(a.pos.column);
    w.end_object();
  }
  w.end_array();
}

void components(io::JsonWriter& w, std::string_view key,
                const std::vector<std::vector<std::string>>& list) {
  w.key(key).begin_array();
  for (const auto& component : list) {
    w.begin_array();
    for (const std::string& f : component) w.str(f);
    w.end_array();
  }
  w.end_array();
}

// The members after the row's opening; `head` replaces the object's `{`.
void append_members(std::string& out, std::string_view head, std::string_view verdict,
                    const CallsRow& r) {
  const size_t at = out.size();
  const CallsComparison& c = r.comparison;
  io::JsonWriter w(out);
  w.begin_object().key("verdict").str(verdict);
  w.key("arg_match_full").num(c.arg_match_full ? 1 : 0);
  w.key("arg_calls_matched").num(c.arg_calls_matched);
  w.key("arg_calls_total").num(c.arg_calls_total);
  w.key("seq_match_full").num(c.seq_match_full ? 1 : 0);
  w.key("seq_match_connected").num(c.seq_match_connected ? 1 : 0);
  arguments(w, "missing_arguments", c.missing_arguments);
  arguments(w, "extra_arguments", c.extra_arguments);
  w.key("components").begin_object();
  components(w, "reference", c.reference_components);
  components(w, "candidate", c.candidate_components);
  w.end_object();
  w.key("invalid_paths").begin_array();
  for (const InvalidPath& p : r.invalid_paths) {
    w.begin_object().key("path").str(p.path).key("line").num(p.pos.line);
    w.key("column").num(p.pos.column).key("message").str(p.message).end_object();
  }
  w.end_array();
  w.key("errors").begin_array();
  for (const CallsError& e : r.errors) {
    const Diagnostic& d = e.diagnostic;
    w.begin_object().key("query").str(e.query).key("rule").str(d.rule);
    w.key("message").str(d.message);
    position(w, "line", d.pos().line);
    position(w, "column", d.pos().column);
    w.end_object();
  }
  w.end_array().end_object();
  out.replace(at, 1, head);
}

}  // namespace

void append_calls_result(std::string& out, std::string_view head, const CallsRow& r) {
  append_members(out, head, calls_verdict_name(r.verdict), r);
}

void append_calls_bad_row(std::string& out, std::string_view head, const Diagnostic& reason) {
  CallsRow row;
  row.errors.push_back(CallsError{"row", reason});
  append_members(out, head, "bad_row", row);
}

std::string dependency_dot(const Program& program, std::string_view name) {
  std::string out;
  out += "digraph ";
  io::append_json_string(out, name);
  out += " {\n";
  for (size_t i = 0; i < program.calls.size(); ++i) {
    out += "  c" + std::to_string(i) + " [label=";
    io::append_json_string(out, program.calls[i].id());
    out += "];\n";
  }
  for (size_t b = 0; b < program.calls.size(); ++b) {
    for (uint32_t a : program.calls[b].reads) {
      if (a == b) continue;
      out += "  c" + std::to_string(a) + " -> c" + std::to_string(b) + ";\n";
    }
  }
  out += "}\n";
  return out;
}

}  // namespace gqleval::calls
