#!/usr/bin/env python3
"""gqleval's verdicts against what the two queries of a pair really fetch.

Usage: execution_check_test.py GQLEVAL GQLEVAL_GENERATE BUILD_DIR SHARED_DIR

Both queries of a pair are executed by graphql-js (tests/js/execution_record.mjs:
execute() on the schema as `gqleval schema --print` prints it, since
graphql-js refuses some NL2GQL schemas' StepZen dialect as written) over
seeded mock resolvers, and every field resolved is recorded as (parent object
identity, Type.field on the object's concrete type, coerced arguments as JSON
with sorted keys); __typename is recorded too. The mock data is a function of
the seed and of each value's route (parent identity, field, arguments, list
index): two queries that ask for the same data see the same objects and make
the same records, whatever their aliases, fragments, variables, field order,
repetitions or @include/@skip; one object reached by two routes is two
objects. Lists hold 0 to 3 items, nullable values are sometimes null, an
interface or union resolves to a seeded possible type. For each pair that
`gqleval score --no-rules` scores (no rewrite rule: the rules claim
equalities, e.g. a back-reference to the parent, that the mock data does not
have; but the relation pairs, below), on every seed:

  - equivalent:               the candidate's records == the reference's;
  - overfetch, overfetch_ok:  the candidate's records >= the reference's;
  - underfetch:               the candidate's records <= the reference's.

mismatch promises no inclusion, and the stage 1 verdicts (invalid_*,
no_query) are not run. Variables: the pair's values (both queries get the
same, as gqleval applies the row's variables to both); a variable with
neither a value nor a default, which gqleval keeps as a symbol, gets one
value per type (execution_record.mjs's bind_unbound: every variable of one
type the same value, so whatever renaming of the symbols gqleval matched the
queries by, the assignment is the same on both sides). Not compared, and
counted in the summary:

  - graphql-js refuses a query gqleval accepted (syntax, validation, no single
    operation to run): a disagreement, listed, not a failure here (the
    validator's conformance tests own it);
  - a query selecting __schema or __type (graphql-js resolves their children
    itself, unrecorded), and a run past the record cap (`too large`);
  - execution errors (graphql-js returns errors, e.g. a variable value that
    does not coerce) on either side: counted and listed; a failure when the
    verdict is `equivalent` and only one side errors.

Pairs (deterministic, the same on every run):
  - NL2GQL (SHARED_DIR/datasets/nl2gql/nl2gql_test.csv): gt_query against
    gt_query_2, both ways;
  - NL2GQL references against variants by the Relay differential's variant
    maker (tests/relay_differential_test.py, without the schema: a leaf or
    subtree dropped, __typename added, aliases, inline fragments,
    @include/@skip, literals changed or respelled, selections reordered or
    split), both ways;
  - gqleval-generate's rows (equivalent rewrites with aliases, fragments,
    variables with values and defaults, cycle and endpoint detours; labelled
    mutations), reference against candidate with the row's variables, both
    ways;
  - granite-20b's answers against their ground truth
    (SHARED_DIR/datasets/rgeval-granite, where present), both ways;
  - the equivalence corpus (tests/equivalence/*.pairs: interfaces, unions,
    enums, input objects with defaults, @include/@skip, variables), with each
    pair's variables and over-fetch budget (pairs that need extraction from
    text or an operation name are left out), both ways;
  - Relay's recorded cases (tests/data/relay-subset: interfaces, unions,
    lists, enums, defaults, a custom scalar) and variants of them, both ways;
  - schema-aware variants (SCHEMA_VARIANTS below, typed by
    `gqleval schema --introspection`) of the NL2GQL references and of every
    query of the granite, corpus and Relay pairs, both ways: a selection on
    an interface or union written per possible type (all, or all but one),
    fields moved into `... on Interface`, a fragment widened to an interface
    or a field narrowed to one possible type, __typename added, a selection
    set moved into a named fragment, an argument value respelled (a single
    value for a one-element list, an Int for an ID or a Float, a default
    written out or left out) or lifted into a variable (with a value or a
    default);
  - relations (tests/execution/*.pairs, its README): pairs over schemas in the
    styles of real APIs (a GitHub-like code host with Relay connections, a
    Saleor-like shop with the latest-of-many shape, Hasura, PostGraphile with
    two foreign keys), each schema with its TRUE relations, written by hand
    (never taken from gqleval's derivation, which they check): a Post reached
    from a User through User.postsByAuthorId has that User as its
    userByAuthorId. execution_record.mjs's mock world then has those
    back-references (a back-reference returns the very parent object, through
    a list or a connection's nodes or edges { node } too, unrecorded), so
    these pairs are scored with gqleval's DEFAULT rules (cycles folds
    derived from the schema) and checked as above. Both ways, and variants of
    each candidate by the variant maker against the reference, both ways. A
    hand-written pair may also say `check: fold`: gqleval must judge it
    equivalent (the derivation finds back-references through connections and
    the generators' name forms; this fails when it regresses), or
    `check: no-fold`: it must not (the latest-of-many near miss, a
    back-reference under another column): a broken check fails the test.

The test skips (exit 77) without node 18+, without npm or a registry to
install the pinned graphql-js (tests/js/package-lock.json, `npm ci` into
BUILD_DIR/execution-check-js; tests/js/node_modules is used when it holds
the pinned version), or without the NL2GQL data under SHARED_DIR. It fails
when a check above fails (each failure printed with the pair, its verdict
and the records only one side makes), when a relation pair's `check:` does
not hold, or when fewer than MIN_CHECKED pairs were compared. The summary gives the pairs made per source, gqleval's
verdicts, the documents executed and seeds, the pairs compared per verdict
(and how many of them had records that differ on some seed: what the check
could see), the pairs not compared, by reason, and the relation pairs per
schema with their `check:` results.

Environment: GQLEVAL_EXECUTION_CHECK_FORCE_WRONG=1 relabels 20 pairs that
gqleval does not call equivalent as `equivalent`, 10 underfetch pairs as
`overfetch` and the relation pairs' latest-of-many near miss as `equivalent`
(the fold that a wrong derivation would make) before the check, and after
the first pass 5 over- or underfetch
pairs with unbound variables whose records agreed there as `equivalent`
(only the second pass can see those): the test must then fail, naming them
(the check can fail). GQLEVAL_EXECUTION_CHECK_SEEDS=1,2,3 sets the mock data's
seeds; GQLEVAL_EXECUTION_CHECK_PAIR_SEED=N draws other pairs (default 20), to
hunt for more;
GQLEVAL_EXECUTION_CHECK_DUMP=FILE writes every executed pair with its
verdict, outcome and records as JSON Lines.
"""
import collections
import copy
import csv
import glob
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import relay_differential_test as relay  # noqa: E402  (its variant maker and parser)

SKIP = 77  # ctest's SKIP_RETURN_CODE for this test
HERE = os.path.dirname(os.path.abspath(__file__))
JS_DIR = os.path.join(HERE, "js")
SEED = int(os.environ.get("GQLEVAL_EXECUTION_CHECK_PAIR_SEED", "20"))  # draws the pairs
SEEDS = [int(s) for s in os.environ.get("GQLEVAL_EXECUTION_CHECK_SEEDS", "1,2,3").split(",")]
GENERATED_ROWS = 3000  # gqleval-generate rows; each gives two pairs
VARIANTS_PER_REFERENCE = 2  # per NL2GQL reference, by the Relay test's variant maker
SCHEMA_VARIANTS_PER_REFERENCE = 2  # per NL2GQL reference
SCHEMA_VARIANTS_PER_QUERY = 3  # per query of the granite, corpus and Relay pairs
MIN_CHECKED = 2000
RELATIONS_DIR = os.path.join(HERE, "execution")  # pairs over schemas with back-references
RELATION_VARIANTS = 2  # per hand-written relation pair, of its candidate
CHECKED = ("equivalent", "overfetch", "overfetch_ok", "underfetch")
SHOWN = 10  # failures printed in full


def skip(message):
    print(f"execution_check_test: SKIPPED: {message}")
    sys.exit(SKIP)


# --------------------------------------------------------------------------
# graphql-js


def pinned_graphql():
    with open(os.path.join(JS_DIR, "package.json"), encoding="utf-8") as f:
        return json.load(f)["dependencies"]["graphql"]


def installed_version(prefix):
    try:
        with open(os.path.join(prefix, "node_modules", "graphql", "package.json"),
                  encoding="utf-8") as f:
            return json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        return None


def recorder_script(build_dir):
    """The path of execution_record.mjs beside a node_modules that holds the
    pinned graphql-js: tests/js itself when it has one, else a copy in
    BUILD_DIR/execution-check-js, installed there with `npm ci` from
    tests/js's lock file (never into the repository). Skips when it cannot."""
    node = shutil.which("node")
    if node is None:
        skip("node is not installed (it runs graphql-js)")
    p = subprocess.run([node, "--version"], capture_output=True, text=True)
    m = re.match(r"v(\d+)", p.stdout.strip())
    if not m or int(m.group(1)) < 18:
        skip(f"node 18 or later is needed (tests/js/package.json), found {p.stdout.strip()!r}")
    version = pinned_graphql()
    if installed_version(JS_DIR) == version:
        return node, os.path.join(JS_DIR, "execution_record.mjs")
    prefix = os.path.join(build_dir, "execution-check-js")
    if installed_version(prefix) != version:
        npm = shutil.which("npm")
        if npm is None:
            skip(f"npm is not installed (it installs graphql@{version})")
        os.makedirs(prefix, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(os.path.join(JS_DIR, name), os.path.join(prefix, name))
        print(f"execution_check_test: npm ci --prefix {prefix} (graphql@{version})", flush=True)
        # Short network timeouts: an offline machine should skip in seconds.
        command = [npm, "ci", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error",
                   "--fetch-retries=1", "--fetch-timeout=30000"]
        try:
            p = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=prefix)
        except subprocess.TimeoutExpired:
            skip("npm ci of graphql-js timed out (no registry?)")
        if p.returncode != 0:
            head = "\n".join((p.stderr or p.stdout).strip().splitlines()[:4])
            skip(f"npm ci of graphql-js failed (exit {p.returncode}):\n{head}")
        if installed_version(prefix) != version:
            skip(f"npm ci did not install graphql@{version} into {prefix}")
    # The script resolves `graphql` from its own folder: run a fresh copy there.
    script = os.path.join(prefix, "execution_record.mjs")
    shutil.copyfile(os.path.join(JS_DIR, "execution_record.mjs"), script)
    return node, script


# --------------------------------------------------------------------------
# Pairs: dicts with source, schema (a file), reference, candidate, variables
# (a dict or None), delta.


def read_corpus(path):
    """The pairs of a tests/equivalence .pairs file (its README gives the
    format): (name, schema, reference, candidate, variables, delta, header)."""
    queries, pairs = {}, []
    defaults = {}
    block = None

    def close():
        if block is None:
            return
        kind, name, header, sections = block
        text = {k: "\n".join(v).strip("\n") for k, v in sections.items()}
        if kind == "defaults":
            defaults.clear()
            defaults.update(header)
        elif kind == "query":
            queries[name] = text.get("", "")
        elif kind == "pair":
            pairs.append((name, dict(defaults, **header), text))

    section = None
    with open(path, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            if line.startswith("=== "):
                close()
                words = line[4:].split(None, 1)
                block = (words[0], words[1] if len(words) > 1 else "", {}, {})
                section = "" if words[0] == "query" else None
                if section == "":
                    block[3][""] = []
                continue
            if block is None:
                continue
            if line.startswith("--- "):
                section = line[4:].strip()
                block[3][section] = []
            elif section is not None:
                block[3][section].append(line)
            elif re.match(r"^[a-z_]+: ?", line):
                key, value = line.split(":", 1)
                block[2][key] = value.strip()
    close()
    out = []
    for name, header, text in pairs:
        sides = {}
        for side in ("reference", "candidate"):
            value = header.get(side)
            sides[side] = queries.get(value[1:]) if value and value.startswith("@") \
                else text.get(side)
        options = header.get("options", "").split()
        if None in sides.values() or "extract" in options or "operation" in header:
            continue
        delta = next((int(o[6:]) for o in options if o.startswith("delta=")), 0)
        variables = json.loads(header["variables"]) if header.get("variables") else None
        out.append((name, header["schema"], sides["reference"], sides["candidate"], variables,
                    delta, header))
    return out


def make_pairs(csv_path, gqleval, generate, tmp):
    with open(csv_path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    schemas = {}
    os.makedirs(os.path.join(tmp, "schemas"))
    for row in rows:
        if row["database"] not in schemas:
            path = os.path.join(tmp, "schemas", row["database"] + ".graphql")
            with open(path, "w", encoding="utf-8") as f:
                f.write(row["schema"])
            schemas[row["database"]] = path
    pairs = []

    def add(source, schema, a, b, variables=None, delta=0):
        for s, x, y in ((source, a, b), (source + " (swapped)", b, a)):
            pairs.append({"source": s, "schema": schema, "reference": x, "candidate": y,
                          "variables": variables, "delta": delta})

    for row in rows:
        gt, gt2 = row["gt_query"].strip(), row["gt_query_2"].strip()
        if gt2 and gt2 != gt:
            add(f"nl2gql row {row['id']}: gt_query, gt_query_2", schemas[row["database"]], gt, gt2)

    rnd = random.Random(SEED)
    schema_rnd = random.Random(SEED + 1)
    references = [{"source": f"nl2gql row {row['id']}: gt_query",
                   "schema": schemas[row["database"]], "reference": row["gt_query"],
                   "candidate": row["gt_query"], "variables": None, "delta": 0} for row in rows]
    for args in add_schema_variants(references, gqleval, tmp, schema_rnd,
                                    SCHEMA_VARIANTS_PER_REFERENCE):
        add(*args)
    unparsed = 0
    for row in rows:
        for _ in range(VARIANTS_PER_REFERENCE):
            try:
                variant, changes = relay.make_variant(row["gt_query"], rnd)
            except (relay.ParseError, ValueError, IndexError, StopIteration):
                unparsed += 1
                continue
            add(f"nl2gql row {row['id']}: gt_query, variant ({changes})",
                schemas[row["database"]], row["gt_query"].strip(), variant)

    out = os.path.join(tmp, "generated", "rows.csv")
    os.makedirs(os.path.dirname(out))
    p = subprocess.run([generate, "--rows", str(GENERATED_ROWS), "--seed", str(SEED), "--out", out,
                        "--source", csv_path], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"execution_check_test: gqleval-generate failed: {p.stderr[-1000:]}")
    with open(out, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            schema = os.path.join(os.path.dirname(out), row["schema_path"])
            variables = json.loads(row["variables"]) if row["variables"].strip() else None
            add(f"gqleval-generate row {row['id']} ({row['transform']}): reference, candidate",
                schema, row["reference"], row["candidate"], variables)

    # Real LLM answers (granite-20b, RGEval's results) against their ground
    # truth, both ways.
    granite = os.path.join(os.path.dirname(os.path.dirname(csv_path)), "rgeval-granite",
                           "granite20b_zeroshot_rgeval.csv")
    first = len(pairs)
    if os.path.exists(granite):
        granite_schemas = {}
        with open(granite, encoding="utf-8", newline="") as f:
            for n, row in enumerate(csv.DictReader(f), 1):
                text = row["Schema Content"]
                if text not in granite_schemas:
                    path = os.path.join(tmp, "schemas", f"granite-{len(granite_schemas)}.graphql")
                    with open(path, "w", encoding="utf-8") as g:
                        g.write(text)
                    granite_schemas[text] = path
                add(f"rgeval-granite row {n}: Query1, Query2", granite_schemas[text],
                    row["Query1 Content"].strip(), row["Query2 Content"].strip())

    corpus = os.path.join(HERE, "equivalence")
    for path in sorted(glob.glob(os.path.join(corpus, "*.pairs"))):
        for name, schema, ref, cand, variables, delta, _ in read_corpus(path):
            add(f"{os.path.basename(path)} pair {name}",
                os.path.join(corpus, "schemas", schema + ".graphql"), ref, cand, variables, delta)

    cases = os.path.join(HERE, "data", "relay-subset")
    schema = os.path.join(cases, "schema.graphql")
    for name in sorted(os.listdir(os.path.join(cases, "cases"))):
        if not name.endswith(".left"):
            continue
        base = os.path.join(cases, "cases", name[:-5])
        with open(base + ".left", encoding="utf-8") as f:
            left = f.read()
        with open(base + ".right", encoding="utf-8") as f:
            right = f.read()
        add(f"relay-subset case {name[:-5]}", schema, left, right)
        for side, text in (("left", left), ("right", right)):
            for _ in range(2):
                try:
                    variant, changes = relay.make_variant(text, rnd)
                except (relay.ParseError, ValueError, IndexError, StopIteration):
                    unparsed += 1
                    continue
                add(f"relay-subset case {name[:-5]}: {side}, variant ({changes})", schema, text,
                    variant)
    # Schema-aware variants of the granite, corpus and Relay queries (the
    # schemas with interfaces and unions are there).
    for args in add_schema_variants(pairs[first:], gqleval, tmp, schema_rnd,
                                    SCHEMA_VARIANTS_PER_QUERY):
        add(*args)
    relation_pairs, unreadable = make_relation_pairs(random.Random(SEED + 2))
    return pairs + relation_pairs, unparsed + unreadable


def make_relation_pairs(rnd):
    """The pairs of tests/execution/*.pairs (its README), both ways, and
    RELATION_VARIANTS variants of each candidate by the variant maker against
    the reference, both ways: each with its schema's relations (the mock
    world's back-references, given to execution_record.mjs), `rules` (scored
    with gqleval's default rules) and `check` (fold, no-fold or None, on the
    hand-written pairs only). Returns (pairs, candidates the variant maker
    could not read)."""
    pairs, unparsed = [], 0

    def add(source, schema, relations, a, b, variables, check=None):
        for s, x, y in ((source, a, b), (source + " (swapped)", b, a)):
            pairs.append({"source": s, "schema": schema, "reference": x, "candidate": y,
                          "variables": variables, "delta": 0, "relations": relations,
                          "rules": True, "check": check})

    for path in sorted(glob.glob(os.path.join(RELATIONS_DIR, "*.pairs"))):
        for name, schema, ref, cand, variables, _, header in read_corpus(path):
            with open(os.path.join(RELATIONS_DIR, header["relations"]), encoding="utf-8") as f:
                relations = json.dumps(json.load(f), sort_keys=True)
            schema = os.path.join(RELATIONS_DIR, schema + ".graphql")
            source = f"relations {os.path.basename(path)} pair {name}"
            check = header.get("check") or None
            if check not in (None, "fold", "no-fold"):
                sys.exit(f"execution_check_test: {source}: check: {check} (fold or no-fold)")
            add(source, schema, relations, ref, cand, variables, check)
            for _ in range(RELATION_VARIANTS):
                try:
                    variant, changes = relay.make_variant(cand, rnd)
                except (relay.ParseError, ValueError, IndexError, StopIteration):
                    unparsed += 1
                    continue
                add(f"{source}: candidate, variant ({changes})", schema, relations, ref,
                    variant, variables)
    return pairs, unparsed


# --------------------------------------------------------------------------
# Variants that need the schema: the type of every selection set, the possible
# types of interfaces and unions (from `gqleval schema --introspection`). The
# Relay differential's variant maker works without the schema; these reach
# the forms where execution and the ground-typed normal form meet: selections
# on abstract types, fragments on interfaces, __typename.


class SchemaModel:
    def __init__(self, introspection):
        schema = introspection["data"]["__schema"]
        self.types = {t["name"]: t for t in schema["types"]}
        self.roots = {kw: (schema.get(key) or {}).get("name") for kw, key in
                      (("query", "queryType"), ("mutation", "mutationType"),
                       ("subscription", "subscriptionType"))}

    def kind(self, name):
        return self.types[name]["kind"] if name in self.types else None

    def possible(self, name):
        t = self.types.get(name)
        if t is None:
            return set()
        if t["kind"] == "OBJECT":
            return {name}
        return {p["name"] for p in t.get("possibleTypes") or []}

    def field_type(self, parent, field):
        """The named return type of parent.field, or None."""
        if field == "__typename":
            return "String"
        for f in self.types.get(parent, {}).get("fields") or []:
            if f["name"] == field:
                t = f["type"]
                while t.get("ofType"):
                    t = t["ofType"]
                return t["name"]
        return None

    def field_def(self, parent, field):
        for f in self.types.get(parent, {}).get("fields") or []:
            if f["name"] == field:
                return f
        return None

    def input_fields(self, name):
        return {f["name"]: f for f in self.types.get(name, {}).get("inputFields") or []}

    def field_names(self, name):
        return {f["name"] for f in self.types.get(name, {}).get("fields") or []}

    def interfaces(self, name):
        return sorted(i["name"] for i in self.types.get(name, {}).get("interfaces") or [])


def selection_sites(doc, model):
    """Every selection list with the type it selects on: (sels, type name,
    owner), owner the field or fragment holding it (None for an operation)."""
    sites = []
    fragments = {d["name"]: d for d in doc["definitions"] if d["kind"] == "fragment"}

    def walk(sels, type_name, owner):
        if type_name is None or model.kind(type_name) is None:
            return
        sites.append((sels, type_name, owner))
        for s in sels:
            if s["kind"] == "field" and s.get("sels"):
                walk(s["sels"], model.field_type(type_name, s["name"]), s)
            elif s["kind"] == "inline":
                walk(s["sels"], s["on"] or type_name, s)

    for d in doc["definitions"]:
        if d["kind"] == "op":
            walk(d["sels"], model.roots.get(d["keyword"] or "query"), None)
        else:
            walk(d["sels"], d["on"], d)
    return sites, fragments


def applies_to(sels, object_type, model, fragments):
    """`sels` as they apply to one concrete type: inline fragments and spreads
    whose type condition excludes it dropped (they select nothing there)."""
    out = []
    for s in sels:
        if s["kind"] == "inline":
            if s["on"] and object_type not in model.possible(s["on"]):
                continue
            s = dict(s, sels=applies_to(s["sels"], object_type, model, fragments))
            if not s["sels"]:
                continue
        elif s["kind"] == "spread":
            f = fragments.get(s["name"])
            if f is None or object_type not in model.possible(f["on"]):
                continue
        out.append(copy.deepcopy(s))
    return out


def field(name, sels=None):
    return {"kind": "field", "alias": None, "name": name, "args": [], "dirs": [], "sels": sels}


def inline(on, sels):
    return {"kind": "inline", "on": on, "dirs": [], "sels": sels}


def expand_abstract(doc, model, rnd, drop_one=False):
    """A selection on an interface or union written once per possible type
    (`... on T { S }` for each T); with drop_one, one type left out."""
    sites, fragments = selection_sites(doc, model)
    sites = [x for x in sites if model.kind(x[1]) in ("INTERFACE", "UNION")
             and len(model.possible(x[1])) >= (2 if drop_one else 1)]
    if not sites:
        return False
    sels, type_name, _ = rnd.choice(sites)
    parts = [(t, applies_to(sels, t, model, fragments)) for t in sorted(model.possible(type_name))]
    parts = [(t, s) for t, s in parts if s]
    if drop_one:
        if len(parts) < 2:
            return False
        parts.pop(rnd.randrange(len(parts)))
    if not parts:
        return False
    sels[:] = [inline(t, s) for t, s in parts]
    return True


def drop_possible_type(doc, model, rnd):
    return expand_abstract(doc, model, rnd, drop_one=True)


def wrap_in_interface(doc, model, rnd):
    """Fields of an object type that an interface of it declares, moved into
    `... on Interface { }`."""
    sites, _ = selection_sites(doc, model)
    choices = []
    for sels, type_name, _ in sites:
        if model.kind(type_name) == "OBJECT":
            for i in model.interfaces(type_name):
                names = model.field_names(i)
                if any(s["kind"] == "field" and s["name"] in names for s in sels):
                    choices.append((sels, i))
    if not choices:
        return False
    sels, interface = rnd.choice(choices)
    names = model.field_names(interface)
    moved = [s for s in sels if s["kind"] == "field" and s["name"] in names]
    rest = [s for s in sels if not (s["kind"] == "field" and s["name"] in names)]
    sels[:] = rest + [inline(interface, moved)]
    return True


def widen_fragment(doc, model, rnd):
    """`... on T { f }` under an abstract parent made `... on I { f }`, I an
    interface of T that declares every field selected (with the same type):
    the fields are then also asked of I's other possible types."""
    sites, _ = selection_sites(doc, model)
    choices = []
    for sels, type_name, _ in sites:
        if model.kind(type_name) not in ("INTERFACE", "UNION"):
            continue
        for s in sels:
            if s["kind"] == "inline" and s["on"] and model.kind(s["on"]) == "OBJECT":
                for i in model.interfaces(s["on"]):
                    if not model.possible(i) & model.possible(type_name):
                        continue
                    if all(x["kind"] == "field" and (x["name"] == "__typename" or (
                            x["name"] in model.field_names(i) and
                            model.field_type(i, x["name"]) == model.field_type(s["on"], x["name"])))
                           for x in s["sels"]):
                        choices.append((s, i))
    if not choices:
        return False
    s, interface = rnd.choice(choices)
    s["on"] = interface
    return True


def narrow_to_type(doc, model, rnd):
    """A field selected on an abstract type moved into `... on T` for one of
    its possible types: the other types lose it."""
    sites, _ = selection_sites(doc, model)
    choices = [(sels, t) for sels, t, _ in sites if model.kind(t) in ("INTERFACE", "UNION")
               and any(s["kind"] == "field" for s in sels)]
    if not choices:
        return False
    sels, type_name = rnd.choice(choices)
    fields = [i for i, s in enumerate(sels) if s["kind"] == "field"]
    i = rnd.choice(fields)
    target = rnd.choice(sorted(model.possible(type_name)))
    sels[i] = inline(target, [sels[i]])
    return True


def add_typename(doc, model, rnd):
    """__typename added to a selection set (on an abstract type: for every
    possible type), or inside `... on T` for one possible type."""
    sites, _ = selection_sites(doc, model)
    if not sites:
        return False
    sels, type_name, _ = rnd.choice(sites)
    possible = sorted(model.possible(type_name))
    if model.kind(type_name) in ("INTERFACE", "UNION") and possible and rnd.random() < 0.5:
        sels.insert(rnd.randrange(len(sels) + 1),
                    inline(rnd.choice(possible), [field("__typename")]))
    else:
        sels.insert(rnd.randrange(len(sels) + 1), field("__typename"))
    return True


def to_named_fragment(doc, model, rnd):
    """A field's selection set moved into a named fragment on its type."""
    sites, _ = selection_sites(doc, model)
    choices = [(sels, t) for sels, t, owner in sites
               if owner is not None and owner.get("kind") == "field"]
    if not choices:
        return False
    sels, type_name = rnd.choice(choices)
    names = {d["name"] for d in doc["definitions"] if d["kind"] == "fragment"}
    name = next(f"F{n}" for n in range(1, 1000) if f"F{n}" not in names)
    doc["definitions"].append({"kind": "fragment", "name": name, "on": type_name, "dirs": [],
                               "sels": copy.deepcopy(sels)})
    sels[:] = [{"kind": "spread", "name": name, "dirs": []}]
    return True


def print_type(ref):
    if ref["kind"] == "NON_NULL":
        return print_type(ref["ofType"]) + "!"
    if ref["kind"] == "LIST":
        return "[" + print_type(ref["ofType"]) + "]"
    return ref["name"]


def value_positions(doc, model):
    """Every argument value and the values inside it, with their input types:
    ("value", value, type ref, setter), and the places where an argument or
    an input field with a default may be added or dropped: ("args", field,
    argument definitions), ("object", value, input field definitions)."""
    sites, _ = selection_sites(doc, model)
    out = []

    def walk(v, ref, setter):
        out.append(("value", v, ref, setter))
        t = ref["ofType"] if ref["kind"] == "NON_NULL" else ref
        if t["kind"] == "LIST" and v[0] == "list":
            for j, item in enumerate(v[1]):
                walk(item, t["ofType"], lambda x, items=v[1], j=j: items.__setitem__(j, x))
        elif t["kind"] == "INPUT_OBJECT" and v[0] == "object":
            fields = model.input_fields(t["name"])
            out.append(("object", v, fields))
            for j, (k, x) in enumerate(v[1]):
                if k in fields:
                    walk(x, fields[k]["type"],
                         lambda y, items=v[1], j=j, k=k: items.__setitem__(j, (k, y)))

    for sels, type_name, _ in sites:
        for s in sels:
            if s["kind"] != "field":
                continue
            fdef = model.field_def(type_name, s["name"])
            if fdef is None:
                continue
            argdefs = {a["name"]: a for a in fdef["args"]}
            out.append(("args", s, argdefs))
            for i, (k, v) in enumerate(s["args"]):
                if k in argdefs:
                    walk(v, argdefs[k]["type"],
                         lambda y, items=s["args"], i=i, k=k: items.__setitem__(i, (k, y)))
    return out


def parse_value(text):
    return relay.Parser(text).value()


def respell_value(doc, model, rnd):
    """An argument value written another way that input coercion reads the
    same: a single value for a one-element list and back, an Int as an ID
    string and back, an Int as a Float literal, an argument or input field
    with its default value written out or left out."""
    choices = []
    for pos in value_positions(doc, model):
        if pos[0] == "value":
            _, v, ref, setter = pos
            t = ref["ofType"] if ref["kind"] == "NON_NULL" else ref
            if t["kind"] == "LIST" and v[0] not in ("list", "var") and v != ("name", "null"):
                choices.append(lambda v=v, setter=setter: setter(("list", [v])))
            elif t["kind"] == "LIST" and v[0] == "list" and len(v[1]) == 1 and \
                    v[1][0][0] not in ("var", "list") and v[1][0] != ("name", "null"):
                choices.append(lambda v=v, setter=setter: setter(v[1][0]))
            elif t["kind"] == "SCALAR" and t["name"] == "ID" and v[0] == "int":
                choices.append(lambda v=v, setter=setter: setter(("string", f'"{v[1]}"')))
            elif t["kind"] == "SCALAR" and t["name"] == "ID" and v[0] == "string" and \
                    re.fullmatch(r'"(0|-?[1-9][0-9]{0,8})"', v[1]):
                choices.append(lambda v=v, setter=setter: setter(("int", v[1][1:-1])))
            elif t["kind"] == "SCALAR" and t["name"] == "Float" and v[0] == "int":
                choices.append(lambda v=v, setter=setter: setter(("float", v[1] + ".0")))
        else:
            kind, owner, defs = pos
            items = owner["args"] if kind == "args" else owner[1]
            present = {k: v for k, v in items}
            for name, d in sorted(defs.items()):
                if d.get("defaultValue") is None:
                    continue
                default = parse_value(d["defaultValue"])
                if name not in present:
                    choices.append(lambda items=items, name=name, default=default:
                                   items.insert(len(items), (name, default)))
                elif relay.print_value(present[name]) == relay.print_value(default):
                    choices.append(lambda items=items, name=name:
                                   items.__setitem__(slice(None), [(k, v) for k, v in items
                                                                   if k != name]))
    if not choices:
        return False
    rnd.choice(choices)()
    return True


def literal_json(v):
    """A literal as a JSON variable value; ValueError where that is not plain."""
    kind, x = v
    if kind == "int":
        return int(x)
    if kind == "float":
        return float(x)
    if kind == "string":
        if "\\" in x:
            raise ValueError("escape")
        return x[1:-1]
    if kind == "name":
        return {"true": True, "false": False, "null": None}.get(x, x)
    if kind == "list":
        return [literal_json(i) for i in x]
    if kind == "object":
        return {k: literal_json(i) for k, i in x}
    raise ValueError(kind)


def lift_variable(doc, model, rnd, variables):
    """A literal argument value (or a value inside one) replaced by a new
    variable of the position's type, given its value in the row's variables
    (added to `variables`) or as the variable's default."""
    ops = [d for d in doc["definitions"] if d["kind"] == "op"]
    if len(ops) != 1:
        return False
    choices = []
    for pos in value_positions(doc, model):
        if pos[0] == "value" and pos[1][0] != "var" and "$" not in relay.print_value(pos[1]):
            try:
                choices.append((pos, literal_json(pos[1])))
            except ValueError:
                pass
    if not choices:
        return False
    (_, v, ref, setter), value = rnd.choice(choices)
    used = {x["name"] for x in ops[0]["vars"]} | set(variables)
    name = next(f"ev{n}" for n in range(1, 1000) if f"ev{n}" not in used)
    var = {"name": name, "type": print_type(ref), "default": None, "dirs": []}
    if rnd.random() < 0.5 and v != ("name", "null"):
        var["default"] = v
    else:
        variables[name] = value
    ops[0]["vars"].append(var)
    ops[0]["keyword"] = ops[0]["keyword"] or "query"  # `{ ... }` cannot declare variables
    setter(("var", name))
    return True


SCHEMA_VARIANTS = [expand_abstract, drop_possible_type, wrap_in_interface, widen_fragment,
                   narrow_to_type, add_typename, to_named_fragment, respell_value,
                   lift_variable]


def make_schema_variant(text, model, rnd, variables):
    """A variant of `text` by one or two of SCHEMA_VARIANTS, its names, and the
    variable values for the pair (`variables` and those lift_variable adds);
    None when none applies."""
    doc = relay.parse(text)
    variables = dict(variables or {})
    done = []
    for _ in range(rnd.choice((1, 1, 2))):
        for change in rnd.sample(SCHEMA_VARIANTS, len(SCHEMA_VARIANTS)):
            if change is lift_variable:
                applied = lift_variable(doc, model, rnd, variables)
            else:
                applied = change(doc, model, rnd)
            if applied:
                done.append(change.__name__)
                break
    if not done:
        return None
    return relay.print_document(doc), "+".join(done), variables or None


def add_schema_variants(pairs, gqleval, tmp, rnd, count):
    """For every distinct query of `pairs` (their references and candidates),
    `count` schema-aware variants, paired with it both ways."""
    models = {}
    seen = set()
    added = []
    for pair in list(pairs):
        schema = pair["schema"]
        if schema not in models:
            p = subprocess.run([gqleval, "schema", schema, "--introspection", "--quiet"],
                               capture_output=True, text=True)
            models[schema] = SchemaModel(json.loads(p.stdout)) if p.returncode == 0 else None
        model = models[schema]
        for text in (pair["reference"], pair["candidate"]):
            key = (schema, text.strip(), json.dumps(pair["variables"], sort_keys=True))
            if model is None or key in seen:
                continue
            seen.add(key)
            for _ in range(count):
                try:
                    made = make_schema_variant(text, model, rnd, pair["variables"])
                except (relay.ParseError, ValueError, IndexError, KeyError, TypeError):
                    made = None
                if made:
                    variant, changes, variables = made
                    base = pair["source"].removesuffix(" (swapped)")
                    added.append((f"{base}: schema variant ({changes})", schema, text.strip(),
                                  variant, variables, pair["delta"]))
    return added


# --------------------------------------------------------------------------
# gqleval


def score(gqleval, pairs, tmp):
    """gqleval score on every pair, --no-rules but for the relation pairs
    (pair["rules"]: the default rules, derived from the schema), one run per
    over-fetch budget and rule choice: each pair gets its result line as
    `result`."""
    by_delta = collections.defaultdict(list)
    for i, pair in enumerate(pairs):
        by_delta[(pair["delta"], bool(pair.get("rules")))].append(i)
    for (delta, rules), indexes in sorted(by_delta.items()):
        tag = f"{delta}{'-rules' if rules else ''}"
        source = os.path.join(tmp, f"score-{tag}.jsonl")
        with open(source, "w", encoding="utf-8") as f:
            for i in indexes:
                pair = pairs[i]
                record = {"id": str(i), "schema_path": pair["schema"],
                          "reference": pair["reference"], "candidate": pair["candidate"]}
                if pair["variables"] is not None:
                    record["variables"] = json.dumps(pair["variables"])
                f.write(json.dumps(record) + "\n")
        results = os.path.join(tmp, f"results-{tag}.jsonl")
        p = subprocess.run([gqleval, "score", source, "--out", results]
                           + ([] if rules else ["--no-rules"])
                           + ["--no-extract", "--delta", str(delta), "--quiet", "--threads", "2"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"execution_check_test: gqleval score failed (exit {p.returncode}): "
                     f"{p.stderr[-2000:]}")
        with open(results, encoding="utf-8") as f:
            for line in f:
                result = json.loads(line)
                pairs[int(result["id"])]["result"] = result
    missing = [p["source"] for p in pairs if "result" not in p]
    if missing:
        sys.exit(f"execution_check_test: gqleval score gave no result for {missing[:5]}")


def printed_schemas(gqleval, pairs, tmp):
    """Each schema file as gqleval builds and prints it (graphql-js builds that
    where it refuses the StepZen dialect as written): file -> printed file."""
    out = {}
    os.makedirs(os.path.join(tmp, "printed"))
    for n, path in enumerate(sorted(set(p["schema"] for p in pairs))):
        p = subprocess.run([gqleval, "schema", path, "--print", "--quiet"], capture_output=True,
                           text=True)
        if p.returncode == 0:
            out[path] = os.path.join(tmp, "printed", f"{n}.graphql")
            with open(out[path], "w", encoding="utf-8") as f:
                f.write(p.stdout)
    return out


# --------------------------------------------------------------------------
# Execution


def execute(node, script, documents):
    """Runs every document (printed schema, query, variables as JSON text or
    None, order of the unbound variables or None, the mock world's relations
    as JSON text or None) once in one node process; returns graphql-js's
    answer for each."""
    lines = []
    for i, (schema, query, variables, order, relations) in enumerate(documents):
        record = {"id": i, "schema_file": schema, "query": query, "seeds": SEEDS,
                  "bind_unbound": {"order": list(order)} if order is not None else True}
        if variables is not None:
            record["variables"] = json.loads(variables)
        if relations is not None:
            record["relations"] = json.loads(relations)
        lines.append(json.dumps(record))
    p = subprocess.run([node, script], input="\n".join(lines) + "\n", capture_output=True,
                       text=True)
    if p.returncode != 0:
        sys.exit(f"execution_check_test: {script} failed (exit {p.returncode}):\n"
                 f"{p.stderr[-3000:]}")
    answers = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    if [a["id"] for a in answers] != list(range(len(documents))):
        sys.exit(f"execution_check_test: {script} answered {len(answers)} of "
                 f"{len(documents)} documents")
    crashed = [a for a in answers if a["stage"] == "crash"]
    if crashed:
        sys.exit("execution_check_test: execution_record.mjs crashed:\n"
                 + crashed[0]["errors"][0]["message"])
    return answers


def group_of(source):
    if source.startswith("relations"):
        return "relations"
    if "schema variant" in source:
        return "schema-aware variants"
    if source.startswith("nl2gql"):
        return "NL2GQL variants" if "variant" in source else "NL2GQL gt_query/gt_query_2"
    if source.startswith("gqleval-generate"):
        return "gqleval-generate rows"
    if source.startswith("rgeval-granite"):
        return "granite-20b answers"
    if source.startswith("relay-subset"):
        return "Relay cases and variants"
    return "equivalence corpus"


def schema_label(path, shared):
    """The schema's file in the repository, else what it was written from."""
    if path.startswith(HERE + os.sep):
        return os.path.relpath(path, os.path.dirname(HERE))
    name = os.path.basename(path)
    if os.path.basename(os.path.dirname(path)) == "schemas" and name.startswith("granite-"):
        return f"{name} (a Schema Content of {shared}/datasets/rgeval-granite)"
    if os.path.basename(os.path.dirname(path)) == "schemas":
        return f"{name} (database {name[:-8]} of {shared}/datasets/nl2gql/nl2gql_test.csv)"
    return f"{name} (written by gqleval-generate --seed {SEED} from the NL2GQL data)"


def show_record(r):
    parent, coordinate, args = r.split("|", 2)
    return f"{parent or '(root)'} -> {coordinate}{'' if args == '{}' else args}"


def check(pair, ref, cand):
    """(outcome, detail): outcome is `ok`, `fail`, or a reason not to compare."""
    verdict = pair["verdict"]
    for side, a in (("reference", ref), ("candidate", cand)):
        if a["stage"] in ("syntax", "validation", "operation", "schema"):
            return "graphql-js refuses", f"{side}: " + "; ".join(
                e["message"] for e in a["errors"][:3])
    for a in (ref, cand):
        if a["stage"] in ("unbound", "introspection"):
            return a["stage"], ""
    if any(r.get("overflow") for a in (ref, cand) for r in a["runs"]):
        return "too large", ""
    errored = [any(r["errors"] for r in a["runs"]) for a in (ref, cand)]
    if any(errored):
        messages = "; ".join(sorted({e["message"] for a in (ref, cand) for r in a["runs"]
                                     for e in r["errors"]}))[:500]
        if verdict == "equivalent" and errored[0] != errored[1]:
            side = "reference" if errored[0] else "candidate"
            return "fail", f"only the {side} errors in graphql-js: {messages}"
        return ("errors: both" if all(errored) else "errors: one side"), messages
    pair["differs"] = any(set(a["records"]) != set(b["records"])
                          for a, b in zip(ref["runs"], cand["runs"]))
    problem = contradiction(verdict, ref, cand)
    return ("fail", problem) if problem else ("ok", "")


def contradiction(verdict, ref, cand):
    """What in the records of two runs contradicts `verdict`, on the first
    seed where something does; "" when nothing does."""
    for r_run, c_run in zip(ref["runs"], cand["runs"]):
        r, c = set(r_run["records"]), set(c_run["records"])
        only_ref, only_cand = sorted(r - c), sorted(c - r)
        bad = {"equivalent": only_ref or only_cand, "overfetch": only_ref,
               "overfetch_ok": only_ref, "underfetch": only_cand}[verdict]
        if bad:
            lines = [f"seed {r_run['seed']}: {len(r)} records in the reference, {len(c)} in "
                     f"the candidate"]
            for side, run in (("reference", r_run), ("candidate", c_run)):
                if run.get("variables"):
                    lines.append(f"  {side}'s variables: {json.dumps(run['variables'])}")
            for title, items in (("only the reference fetches", only_ref),
                                 ("only the candidate fetches", only_cand)):
                if items:
                    lines.append(f"  {title} ({len(items)}):")
                    lines += ["    " + show_record(x) for x in items[:10]]
                    if len(items) > 10:
                        lines.append(f"    ... {len(items) - 10} more")
            return "\n".join(lines)
    return ""


MAX_PAIRINGS = 120


def pairing_documents(pair, ref, cand, key):
    """For a pair whose two queries both have unbound variables (several on
    one side at least), which gqleval compares as symbols matched by a
    renaming: the runs that give every variable its own value, one per way of
    pairing the variables of the side with fewer with those of the other (the
    rest get values of their own). Sets pair["pairings"] to
    [(reference document, candidate document)], and returns the new
    documents' keys; None (with pair["pairings_skipped"]) when there are too
    many. The caller skips pairs with one variable a side: the first pass did
    what a pairing would."""
    rb, cb = ref.get("bound") or [], cand.get("bound") or []
    few, many = (rb, cb) if len(rb) <= len(cb) else (cb, rb)
    count = 1
    for i in range(len(few)):
        count *= len(many) - i
    if count > MAX_PAIRINGS:
        pair["pairings_skipped"] = f"more than {MAX_PAIRINGS} pairings"
        return None
    schema, variables, relations = key
    keys, pair["pairings"] = [], []
    for chosen in itertools.permutations(many, len(few)):
        order = list(chosen) + [v for v in many if v not in chosen]
        orders = (few, order) if few is rb else (order, few)
        docs = [(schema, pair[side], variables, tuple(o), relations)
                for side, o in zip(("reference", "candidate"), orders)]
        keys += docs
        pair["pairings"].append(tuple(docs))
    return keys


def force_wrong(pairs):
    """Relabels 20 non-equivalent pairs as equivalent and 10 underfetch pairs
    as overfetch (spread over the list), and the relation pairs' latest-of-many
    near miss (checked `no-fold`) as equivalent: the fold the derivation must
    not make, which only the relations part's mock world can refute."""
    forced = []
    near_misses = [p for p in pairs if p.get("check") == "no-fold" and
                   p["verdict"] != "equivalent" and "latest-of-many" in p["source"]]
    forced += [(p, "equivalent") for p in near_misses[:1]]
    wrong = [p for p in pairs if p["verdict"] in ("mismatch", "underfetch", "overfetch")
             and all(p is not q for q, _ in forced)]
    for p in wrong[::max(1, len(wrong) // 20)][:20]:
        forced.append((p, "equivalent"))
    under = [p for p in pairs
             if p["verdict"] == "underfetch" and all(p is not q for q, _ in forced)]
    for p in under[::max(1, len(under) // 10)][:10]:
        forced.append((p, "overfetch"))
    for p, label in forced:
        p["forced_from"] = p["verdict"]
        p["verdict"] = label
    return forced


def force_wrong_symbolic(todo, answers):
    """After the first pass: relabels as equivalent 5 over- or underfetch
    pairs whose queries both have unbound variables (several on one side)
    and whose records were the same on every seed with one value per type:
    only the second pass, one value per variable, can tell them apart."""
    forced = []
    for p in todo:
        ref, cand = (answers[i] for i in p["docs"])
        bound = [len(a.get("bound") or []) for a in (ref, cand)]
        if p["verdict"] in ("overfetch", "underfetch") and p["outcome"] == "ok" and \
                not p["differs"] and min(bound) >= 1 and max(bound) >= 2:
            forced.append((p, "equivalent"))
    forced = forced[::max(1, len(forced) // 5)][:5]
    for p, label in forced:
        p["forced_from"] = p["verdict"]
        p["verdict"] = label
    return forced


def relation_checks(pairs):
    """The relation pairs' `check:` against gqleval's verdict as scored:
    `fold` must be equivalent (the derivation finds the back-reference through
    connections and the generators' name forms), `no-fold` must not be (a
    near miss the derivation must not pair). Returns (per check: [held,
    total], the pairs where it does not hold)."""
    counts = {"fold": [0, 0], "no-fold": [0, 0]}
    wrong = []
    for p in pairs:
        check = p.get("check")
        if check is None:
            continue
        held = (p["result"]["verdict"] == "equivalent") == (check == "fold")
        counts[check][0] += held
        counts[check][1] += 1
        if not held:
            wrong.append(p)
    return counts, wrong


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    gqleval, generate, build_dir, shared = sys.argv[1:5]
    csv_path = os.path.join(shared, "datasets", "nl2gql", "nl2gql_test.csv")
    if not os.path.exists(csv_path):
        skip(f"NL2GQL data absent: {csv_path}")
    node, script = recorder_script(build_dir)
    started = time.monotonic()
    # Removed at exit (weakref finalizer) when a sys.exit() cuts the run short.
    tmp_dir = tempfile.TemporaryDirectory(prefix="execution_check.")
    tmp = tmp_dir.name
    pairs, unparsed = make_pairs(csv_path, gqleval, generate, tmp)
    score(gqleval, pairs, tmp)
    for pair in pairs:
        pair["verdict"] = pair["result"]["verdict"]
    relation_counts, relation_wrong = relation_checks(pairs)
    forced = force_wrong(pairs) if os.environ.get("GQLEVAL_EXECUTION_CHECK_FORCE_WRONG") \
        not in (None, "", "0") else []
    printed = printed_schemas(gqleval, pairs, tmp)
    todo = [p for p in pairs if p["verdict"] in CHECKED]
    documents, index = [], {}
    for pair in todo:
        variables = json.dumps(pair["variables"], sort_keys=True) \
            if pair["variables"] is not None else None
        pair["docs"] = []
        for side in ("reference", "candidate"):
            key = (printed.get(pair["schema"]), pair[side], variables, None,
                   pair.get("relations"))
            if key not in index:
                index[key] = len(documents)
                documents.append(key)
            pair["docs"].append(index[key])
    no_schema = [p for p in todo if p["schema"] not in printed]
    if no_schema:
        sys.exit(f"execution_check_test: gqleval scored {no_schema[0]['source']} "
                 f"({no_schema[0]['verdict']}) but `gqleval schema --print` refuses its schema")
    answers = execute(node, script, documents)

    outcomes = collections.Counter()
    by_verdict, differs, bound = (collections.Counter() for _ in range(3))
    failures, disagreements, errors = [], [], []
    for pair in todo:
        ref, cand = (answers[i] for i in pair["docs"])
        pair["outcome"], pair["detail"] = check(pair, ref, cand)

    if forced:
        forced += force_wrong_symbolic(todo, answers)

    # Unbound variables, second pass: the first gave every variable of a type
    # one value, which any renaming keeps; now each its own value, under every
    # pairing of the two queries' variables: one pairing must agree with the
    # verdict (gqleval's renaming of the symbols, whichever it is).
    second, index2, paired, unpaired = [], {}, [], collections.Counter()
    for pair in todo:
        if pair["outcome"] != "ok":
            continue
        ref, cand = (answers[i] for i in pair["docs"])
        counts = (len(ref.get("bound") or []), len(cand.get("bound") or []))
        if min(counts) == 0:
            continue
        if max(counts) == 1:
            unpaired["one variable a side"] += 1
            continue
        variables = json.dumps(pair["variables"], sort_keys=True) \
            if pair["variables"] is not None else None
        keys = pairing_documents(pair, ref, cand, (printed.get(pair["schema"]), variables,
                                                   pair.get("relations")))
        if keys is None:
            unpaired[pair["pairings_skipped"]] += 1
            continue
        paired.append(pair)
        for key in keys:
            if key not in index2:
                index2[key] = len(second)
                second.append(key)
    answers2 = execute(node, script, second) if second else []
    for pair in paired:
        runs = [(answers2[index2[r]], answers2[index2[c]]) for r, c in pair["pairings"]]
        if any(a["stage"] != "ok" or b["stage"] != "ok" or
               any(x["errors"] or x.get("overflow") for x in a["runs"] + b["runs"])
               for a, b in runs):
            continue  # no comparison: the first pass compared these
        problems = [contradiction(pair["verdict"], a, b) for a, b in runs]
        if all(problems):
            pair["outcome"], pair["pairings_failed"] = "fail", True
            pair["detail"] = (f"with each unbound variable given its own value, none of the "
                              f"{len(runs)} pairings of the two queries' variables agrees with "
                              f"the verdict; the first:\n{problems[0]}")
    seconds = time.monotonic() - started

    for pair in todo:
        ref, cand = (answers[i] for i in pair["docs"])
        outcome = pair["outcome"]
        outcomes[outcome] += 1
        if outcome in ("ok", "fail"):
            by_verdict[pair["verdict"]] += 1
            differs[pair["verdict"]] += bool(pair.get("differs"))
            bound[pair["verdict"]] += bool(ref.get("bound") or cand.get("bound"))
        if outcome == "fail":
            failures.append(pair)
        elif outcome == "graphql-js refuses":
            disagreements.append(pair)
        elif outcome.startswith("errors"):
            errors.append(pair)
    all_verdicts = collections.Counter(p["result"]["verdict"] for p in pairs)  # as scored
    mismatch = sum(p["verdict"] == "mismatch" for p in pairs)
    groups = collections.Counter(group_of(p["source"]) for p in pairs)
    compared = outcomes["ok"] + outcomes["fail"]
    not_compared = {k: outcomes[k] for k in ("introspection", "too large", "graphql-js refuses",
                                             "errors: both", "errors: one side")}
    not_compared.update((k, n) for k, n in outcomes.items() if k not in ("ok", "fail"))

    print(f"execution_check_test: graphql-js {pinned_graphql()} execute() on seeded mock data "
          f"against gqleval score --no-rules (relations: default rules), {seconds:.1f} s")
    print(f"  pairs made          {len(pairs)}: " + ", ".join(f"{g} {n}" for g, n in groups.items())
          + f" (queries the variant maker could not read: {unparsed})")
    print("  gqleval verdicts    " + ", ".join(f"{v} {n}" for v, n in all_verdicts.most_common()))
    print(f"  executed            {len(documents)} distinct documents x {len(SEEDS)} seeds "
          f"({','.join(map(str, SEEDS))})")
    print(f"  compared            {compared} pairs: " + ", ".join(
        f"{v} {by_verdict[v]}" for v in CHECKED))
    print("    records differ on some seed (the check had something to see): " + ", ".join(
        f"{v} {differs[v]}" for v in CHECKED))
    print("    with unbound variables given one value per type: " + ", ".join(
        f"{v} {bound[v]}" for v in CHECKED))
    print(f"    and again with one value per variable, under every pairing of the two "
          f"queries' variables: {len(paired)} pairs, {len(second)} documents (not: "
          + ", ".join(f"{k} {n}" for k, n in sorted(unpaired.items())) + ")")
    print(f"  not compared        {len(todo) - compared} pairs: " + ", ".join(
        f"{k} {n}" for k, n in not_compared.items()))
    print(f"  not executed        {len(pairs) - len(todo)} pairs (no inclusion to check: mismatch "
          f"{mismatch}, stage 1 and other verdicts {len(pairs) - len(todo) - mismatch})")
    relations = [p for p in pairs if p.get("relations") is not None]
    schemas = collections.Counter(os.path.basename(p["schema"])[:-8] for p in relations)
    print(f"  relations           {len(relations)} pairs (" + ", ".join(
        f"{k} {n}" for k, n in sorted(schemas.items())) + "), "
        f"{sum(bool(p['result'].get('rules_fired')) for p in relations)} with rules fired; "
        f"check fold: {relation_counts['fold'][0]}/{relation_counts['fold'][1]} equivalent, "
        f"no-fold: {relation_counts['no-fold'][0]}/{relation_counts['no-fold'][1]} not; "
        "verdicts " + ", ".join(f"{v} {n}" for v, n in collections.Counter(
            p["result"]["verdict"] for p in relations).most_common()))
    print(f"  failures            {len(failures)}")
    for title, items in (("graphql-js refuses what gqleval accepted", disagreements),
                         ("execution errors", errors)):
        if items:
            print(f"\n{title}: {len(items)} pairs (the first 3):")
            for pair in items[:3]:
                print(f"--- {pair['source']} [{pair['verdict']}]: {pair['detail']}")

    dump = os.environ.get("GQLEVAL_EXECUTION_CHECK_DUMP")
    if dump:
        with open(dump, "w", encoding="utf-8") as f:
            for pair in todo:
                ref, cand = (answers[i] for i in pair["docs"])
                record = {k: pair.get(k) for k in ("source", "schema", "reference", "candidate",
                                                   "variables", "relations", "verdict", "outcome",
                                                   "detail")}
                f.write(json.dumps(dict(record, reference_runs=ref, candidate_runs=cand)) + "\n")

    failed = False
    if failures:
        failed = True
        # The first of each pass (the second: unbound variables paired), and
        # the first of each source the first SHOWN leave out (the relations
        # part comes last).
        shown = [p for p in failures if not p.get("pairings_failed")][:SHOWN] + \
            [p for p in failures if p.get("pairings_failed")][:SHOWN // 2]
        for group in dict.fromkeys(group_of(p["source"]) for p in failures):
            if all(group_of(p["source"]) != group for p in shown):
                shown.append(next(p for p in failures if group_of(p["source"]) == group))
        print(f"\n{len(failures)} pairs whose records contradict gqleval's verdict "
              f"({len(shown)} shown):")
        for pair in shown:
            forced_note = f" (FORCED from {pair['forced_from']})" if "forced_from" in pair else ""
            print(f"--- {pair['source']}: gqleval says {pair['verdict']}{forced_note}")
            print(f"schema: {schema_label(pair['schema'], shared)}")
            if pair["variables"] is not None:
                print(f"variables: {json.dumps(pair['variables'])}")
            print("REFERENCE:\n" + pair["reference"].strip())
            print("CANDIDATE:\n" + pair["candidate"].strip())
            print(pair["detail"])
    if forced:
        caught = [p for p, _ in forced if p.get("outcome") == "fail"]
        kinds = collections.Counter((p["forced_from"], label) for p, label in forced)
        print(f"\nGQLEVAL_EXECUTION_CHECK_FORCE_WRONG: {len(forced)} verdicts forced wrong ("
              + ", ".join(f"{a} as {b} {n}" for (a, b), n in sorted(kinds.items()))
              + f"), {len(caught)} caught by the check")
        for p, label in forced:
            if p.get("outcome") != "fail":
                why = "the records are the same on every seed" if p.get("outcome") == "ok" \
                    else p.get("outcome")
                print(f"  not caught: {p['source']} ({p['forced_from']} as {label}): {why}")
    if relation_wrong:
        failed = True
        print(f"\n{len(relation_wrong)} relation pairs whose `check:` gqleval's verdict breaks:")
        for pair in relation_wrong:
            print(f"--- {pair['source']}: check {pair['check']}, gqleval says "
                  f"{pair['result']['verdict']} (rules fired: "
                  f"{json.dumps(pair['result'].get('rules_fired'))})")
            print(f"schema: {schema_label(pair['schema'], shared)}")
            print("REFERENCE:\n" + pair["reference"].strip())
            print("CANDIDATE:\n" + pair["candidate"].strip())
    if compared < MIN_CHECKED:
        print(f"only {compared} pairs compared, fewer than {MIN_CHECKED}")
        failed = True
    print(f"execution_check_test: {'FAILED' if failed else 'passed'}: {compared} pairs compared ("
          + ", ".join(f"{v} {by_verdict[v]}" for v in CHECKED)
          + f") on {len(SEEDS)} seeds, {len(todo) - compared} not compared ("
          + ", ".join(f"{k} {n}" for k, n in not_compared.items() if n)
          + f"), {len(errors)} with execution errors, {len(failures)} failures, "
          f"{len(relation_wrong)} relation checks broken")
    tmp_dir.cleanup()
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
