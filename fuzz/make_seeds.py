#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/README.md) into OUT/TARGET/.

    python3 fuzz/make_seeds.py OUT [SHARED]

Seeds come from the repository (examples/, datasets/, tests/golden/,
tests/equivalence/, engine/validate/fixtures and testdata/) and, when SHARED
(default: ../shared beside the checkout) exists, from the shared datasets
(nl2gql, rgeval-granite, graphqlrestbench) and the graphql-js validation
conformance cases. Without SHARED the shared parts are skipped with a note.

Each seed is a few KB at most (the fuzzers' -max_len), and the layouts are
those the targets read: a schema-index byte and an options byte before a
document (validate, normalize), an options byte and "#---"-separated parts
(score_pair). Deterministic: the same sources give the same files, named by
a hash of their content, so re-running adds nothing new.
"""
import csv
import glob
import gzip
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEP = "\n#---\n"
# fuzz/CMakeLists.txt's schema order: a seed's first byte picks one.
SCHEMAS = ["farm", "tpch", "blog", "media", "shop", "rgeval_blog", "pets", "values", "overlap",
           "tiny", "rest", "exec_code_host", "exec_shop", "exec_hasura", "exec_postgraphile"]
SCHEMA_FILES = {
    "farm": "examples/farm.graphql",
    "tpch": "examples/tpch.graphql",
    "blog": "tests/golden/schemas/blog.graphql",
    "media": "tests/golden/schemas/media.graphql",
    "shop": "tests/equivalence/schemas/shop.graphql",
    "rgeval_blog": "tests/equivalence/schemas/rgeval_blog.graphql",
    "pets": "engine/validate/testdata/schemas/pets.graphql",
    "values": "engine/validate/testdata/schemas/values.graphql",
    "overlap": "engine/validate/testdata/schemas/overlap.graphql",
    "tiny": "engine/validate/testdata/schemas/tiny.graphql",
    "rest": "engine/validate/testdata/schemas/rest.graphql",
    # The execution check's schemas in the styles of real APIs (Relay connections,
    # Hasura, PostGraphile), named apart from the equivalence corpus's.
    "exec_code_host": "tests/execution/code_host.graphql",
    "exec_shop": "tests/execution/shop.graphql",
    "exec_hasura": "tests/execution/hasura.graphql",
    "exec_postgraphile": "tests/execution/postgraphile.graphql",
}
MAX_SEED = {"csv": 8192, "jsonl": 8192, "extract": 4096, "lexer": 4096,
            "parse_executable": 4096, "parse_sdl": 16384, "schema": 16384, "validate": 4096,
            "normalize": 4096, "score_pair": 16384, "subset": 16384, "coverage": 16384, "calls": 8192,
            "rules_file": 4096}
PER_SOURCE = 60  # seeds taken from one source file, at most

csv.field_size_limit(1 << 30)


class Out:
    def __init__(self, root):
        self.root = root
        self.counts = {}

    def add(self, target, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not data or len(data) > MAX_SEED[target]:
            return
        d = os.path.join(self.root, target)
        os.makedirs(d, exist_ok=True)
        path = os.path.join(d, hashlib.sha1(data).hexdigest()[:16])
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            self.counts[target] = self.counts.get(target, 0) + 1


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def csv_slices(out, path):
    """Header plus runs of a few raw lines: whole records and records cut short."""
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    header, rest = lines[0] + b"\n", lines[1:]
    step = max(1, len(rest) // PER_SOURCE)
    for i in range(0, len(rest), step):
        out.add("csv", header + b"\n".join(rest[i:i + 1 + i % 7]) + b"\n")
    out.add("csv", data[:MAX_SEED["csv"]])


def wrap_answers(query):
    """LLM-style answers around a query: fenced, in prose, with a schema echo."""
    return [
        "Here is the query:\n\n```graphql\n" + query + "\n```\n\nIt returns the fields asked for.",
        "Sure! " + query.replace("\n", " ") + " should do it.",
        "```\n" + query + "\n```",
        "type Query { a: Int }\n\nThe answer:\n" + query + "\n\nfragment Extra on Query { a }",
        "~~~gql\n" + query + "\n~~~\n",
        query,
    ]


def pairs_files(folder="tests/equivalence", prefix=""):
    """(schema name, reference, candidate) from FOLDER/*.pairs, the schema
    names with PREFIX (tests/execution's are bundled as exec_NAME)."""
    result = []
    for path in sorted(glob.glob(os.path.join(ROOT, folder, "*.pairs"))):
        default_schema = None
        schema = None
        section = None
        texts = {}

        def flush():
            if texts.get("reference") or texts.get("candidate"):
                ref = texts.get("reference") or texts.get("candidate")
                cand = texts.get("candidate") or ref
                result.append((schema or default_schema, ref.strip("\n"), cand.strip("\n")))

        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("=== "):
                    flush()
                    texts = {}
                    schema = None
                    section = "defaults" if line.startswith("=== defaults") else None
                elif line.startswith("--- "):
                    section = line[4:].strip()
                    texts[section] = ""
                elif section in ("reference", "candidate"):
                    texts[section] += line
                elif line.startswith("schema:"):
                    name = prefix + line.split(":", 1)[1].strip()
                    if section == "defaults":
                        default_schema = name
                    else:
                        schema = name
            flush()
    return result


def golden_queries():
    """(schema name, query) from the normalization golden files."""
    result = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/golden/normalize/*.golden"))):
        text = open(path, encoding="utf-8").read()
        m = re.search(r"^schema: .*/([a-z_]+)\.graphql", text, re.M)
        q = re.search(r"^=== query\n(.*?)(?=^=== |\Z)", text, re.M | re.S)
        if m and q:
            result.append((m.group(1), q.group(1)))
    return result


def fixture_queries():
    """(schema name, query) from engine/validate/fixtures."""
    result = []
    for path in sorted(glob.glob(os.path.join(ROOT, "engine/validate/fixtures/*/*.graphql"))):
        text = open(path, encoding="utf-8").read()
        m = re.match(r"# schema: ([a-z_]+)", text)
        result.append((m.group(1) if m else "pets", text))
    return result


def schema_byte(name):
    return SCHEMAS.index(name) if name in SCHEMAS else 0


def main():
    out_dir = sys.argv[1]
    shared = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "..", "shared")
    out = Out(out_dir)
    have_shared = os.path.isdir(shared)
    if not have_shared:
        print(f"make_seeds: {shared} not found; seeding from the repository only "
              "(the shared datasets and conformance cases are skipped)")

    schemas = {n: read(p) for n, p in SCHEMA_FILES.items()}
    schemas["rgeval_blog"] = read("tests/equivalence/schemas/rgeval_blog.graphql")
    extra_schemas = [read(p) for p in sorted(glob.glob(os.path.join(ROOT, "datasets/generated/sample.schemas/*.graphql")))]
    extra_schemas += [read(os.path.join(ROOT, "tests/equivalence/schemas/media.graphql"))]
    queries = []  # (schema name or None, query)
    score_rows = []  # (schema text, reference, candidate)

    for name, ref, cand in pairs_files() + pairs_files("tests/execution", "exec_"):
        queries += [(name, ref), (name, cand)]
        if name in schemas:
            score_rows.append((schemas[name], ref, cand))
    queries += golden_queries()
    queries += fixture_queries()
    for rel in ["examples/q893.graphql", "examples/ref.graphql"]:
        queries.append(("farm", read(rel)))
    answers = [read("examples/answer.txt")]

    # Local CSVs.
    for rel in ["examples/rgeval_style.csv", "datasets/generated/sample.csv",
                "datasets/nl2gql/nl2gql_test.csv"]:
        csv_slices(out, os.path.join(ROOT, rel))
    for row in read_csv(os.path.join(ROOT, "examples/rgeval_style.csv"))[1:]:
        score_rows.append((row[0], row[1], row[2]))
        answers.append(row[2])
    gen = read_csv(os.path.join(ROOT, "datasets/generated/sample.csv"))
    for row in gen[1:80]:
        sdl_path = os.path.join(ROOT, "datasets/generated", row[1])
        if os.path.exists(sdl_path):
            sdl = open(sdl_path, encoding="utf-8").read()
            score_rows.append((sdl, row[2], row[3] + (SEP + row[4] if row[4] else "")))
        queries += [(None, row[2]), (None, row[3])]
    nl = read_csv(os.path.join(ROOT, "datasets/nl2gql/nl2gql_test.csv"))
    step = max(1, (len(nl) - 1) // PER_SOURCE)
    for row in nl[1::step]:
        extra_schemas.append(row[3])
        queries.append(("farm" if row[1] == "farm" else None, row[4]))
        score_rows.append((row[3], row[4], row[5] or row[4]))
        answers += wrap_answers(row[4])[:2]

    if have_shared:
        granite = os.path.join(shared, "datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv")
        if os.path.exists(granite):
            csv_slices(out, granite)
            rows = read_csv(granite)[1:]
            for row in rows[::max(1, len(rows) // PER_SOURCE)]:
                extra_schemas.append(row[0])
                queries += [(None, row[1]), (None, row[2])]
                score_rows.append((row[0], row[1], row[2]))
                answers.append(row[2])
        bench = os.path.join(shared, "datasets/graphqlrestbench/test.jsonl")
        if os.path.exists(bench):
            lines = open(bench, encoding="utf-8").read().splitlines()
            for line in lines[::max(1, len(lines) // PER_SOURCE)]:
                rec = json.loads(line)
                extra_schemas.append(rec.get("GraphQL_schema", ""))
                small = {k: v[:600] for k, v in rec.items() if isinstance(v, str)}
                out.add("jsonl", json.dumps(small) + "\n" + json.dumps({"doc": {"schema": small.get("GraphQL_schema", "")}, "filtered_resps": [small.get("output", "")]}) + "\n")
        # Function-calling answers (the calls target): every output of the
        # three splits against itself, and against its neighbour in a fence.
        outputs = []
        for split in ("train", "valid", "test"):
            path = os.path.join(shared, "datasets/graphqlrestbench", split + ".jsonl")
            if os.path.exists(path):
                outputs += [json.loads(l)["output"] for l in open(path, encoding="utf-8") if l.strip()]
        for i, code in enumerate(outputs):
            other = outputs[(i + 1) % len(outputs)]
            out.add("calls", (code + SEP + "Here:\n```python\n" + other + "```\n").encode()
                    if i % 2 else code)
        conf = os.path.join(shared, "conformance/graphql-js-validation")
        if os.path.isdir(conf):
            conf_schemas = json.load(open(os.path.join(conf, "schemas.json"), encoding="utf-8"))
            extra_schemas += conf_schemas
            lines = open(os.path.join(conf, "cases.jsonl"), encoding="utf-8").read().splitlines()
            for i, line in enumerate(lines):
                case = json.loads(line)
                queries.append(("pets", case["query"]))
                if i % 4 == 0:
                    out.add("jsonl", line + "\n")
                if i % 3 == 0 and 0 <= case.get("schema", -1) < len(conf_schemas):
                    score_rows.append((conf_schemas[case["schema"]], case["query"], case["query"]))
        nl_shared = os.path.join(shared, "datasets/nl2gql/nl2gql_test.csv")
        if os.path.exists(nl_shared) and not os.path.samefile(
                nl_shared, os.path.join(ROOT, "datasets/nl2gql/nl2gql_test.csv")):
            csv_slices(out, nl_shared)

    # Targets that read one text.
    seen = set()
    for name, q in queries:
        if not q or q in seen:
            continue
        seen.add(q)
        for t in ("lexer", "parse_executable"):
            out.add(t, q)
        flags = len(seen) % 256
        if name is not None:
            b = bytes([schema_byte(name)])
            out.add("validate", b + bytes([flags & 0x07]) + q.encode())
            out.add("normalize", b + bytes([flags & 0x9f]) + q.encode())
        if len(seen) % 5 == 0:
            answers += wrap_answers(q)[2:]
    all_schemas = list(schemas.values()) + extra_schemas
    seen_sdl = set()
    for sdl in all_schemas:
        if sdl and sdl not in seen_sdl:
            seen_sdl.add(sdl)
            for t in ("lexer", "parse_sdl", "schema"):
                out.add(t, sdl)
    for a in answers:
        out.add("extract", a)
    for i, (sdl, ref, cand) in enumerate(score_rows):
        flags = [0x00, 0x01, 0x04, 0x08, 0x30, 0x40, 0x80, 0x02][i % 8]
        out.add("score_pair", bytes([flags]) + (sdl + SEP + ref + SEP + cand).encode())
        out.add("subset", bytes([[0x00, 0x01, 0x02, 0x80][i % 4]]) +
                (sdl + SEP + ref + SEP + cand).encode())
        # Coverage: the required list derived from the reference (bit 2),
        # the answer once alone and once as an agent's array with another.
        out.add("coverage", bytes([[0x04, 0x07, 0x06, 0x85][i % 4]]) +
                (sdl + SEP + ref + SEP + (json.dumps([cand, ref]) if i % 2 else cand)).encode())
    # JSON Lines rows built from the scoring rows.
    for i in range(0, len(score_rows), 3):
        rows = score_rows[i:i + 3]
        lines = [json.dumps({"schema": s[:1500], "reference": r, "candidate": c,
                             "variables": {"id": 1}}) for s, r, c in rows]
        out.add("jsonl", "\n".join(lines) + "\n")
    # Rules files: the bundled ones and each of their entries alone.
    for rel in ["tests/golden/normalize/blog.rules.json",
                "tests/equivalence/rules/rgeval_blog.rules.json",
                "tests/equivalence/rules/real_world.rules.json"]:
        text = read(rel)
        out.add("rules_file", text)
        rules = json.loads(text)
        for key in ("inverse_pairs", "endpoints", "argument_maps", "ignore_arguments"):
            for entry in rules.get(key, []):
                out.add("rules_file", json.dumps({"version": 1, key: [entry]}, indent=1))
        out.add("jsonl", json.dumps(rules) + "\n")
    # Declared argument insensitivity, on fields the bundled schemas have and lack.
    out.add("rules_file", json.dumps({"version": 1, "ignore_arguments": [
        "Users.posts(first:)", "Query.users(id:)", "Query.usersPaginatedList(first:)",
        "Node.id(x:)"]}, indent=1))

    total = sum(out.counts.values())
    print(f"make_seeds: {total} new seeds in {out_dir} "
          + " ".join(f"{t}={n}" for t, n in sorted(out.counts.items())))


if __name__ == "__main__":
    main()
