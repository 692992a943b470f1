#!/usr/bin/env python3
"""Makes SYNTHETIC model checkpoints from the NL2GQL references: one CSV with a
column of answers per checkpoint, for `gqleval score` and `gqleval report`.

    scripts/make_checkpoints.py GQLEVAL_GENERATE OUT_DIR [--rows 240] [--seed 1]
                                [--shares 45,60,75] [--source nl2gql_test.csv]

No real model wrote these answers. The labelled row generator (gqleval-generate,
datasets/generator/) makes, for each NL2GQL reference, equivalent rewrites and
labelled mutations (a dropped, added or moved field, a changed argument...);
this script picks ROWS references and gives each checkpoint a rewrite or a
mutation per row. A row is answered correctly when its fixed difficulty plus a
little per-checkpoint noise is under the checkpoint's share, so later
checkpoints (higher shares) fix most rows and break a few, as real training
does. Seeded: the same arguments give the same bytes.

Writes OUT_DIR/checkpoints.csv (columns id, schema_path, reference, hops,
ckpt_1, ckpt_2, ...; schema_path names the generator's schema files in
OUT_DIR/pool.schemas/) and removes the generator's pool files.
"""
import argparse
import csv
import os
import random
import subprocess
import sys

DEFAULT_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "datasets",
                              "nl2gql", "nl2gql_test.csv")


def generate(binary, source, out, percent, rows, seed):
    subprocess.run([binary, "--rows", str(rows), "--seed", str(seed), "--source", source,
                    "--equivalent-percent", str(percent), "--out", out],
                   check=True, stderr=subprocess.DEVNULL)
    with open(out, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("generate", help="the gqleval-generate program")
    ap.add_argument("out_dir")
    ap.add_argument("--rows", type=int, default=240)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shares", default="45,60,75",
                    help="percent of correct answers per checkpoint, in order")
    ap.add_argument("--source", default=DEFAULT_SOURCE)
    args = ap.parse_args()
    shares = [int(s) / 100 for s in args.shares.split(",")]
    os.makedirs(args.out_dir, exist_ok=True)

    # Both pools write their schemas to pool.schemas/ (the same files).
    pool = os.path.join(args.out_dir, "pool.csv")
    rewrites = generate(args.generate, args.source, pool, 100, 4000, args.seed)
    mutations = generate(args.generate, args.source, pool, 0, 4000, args.seed)
    os.remove(pool)
    by_ref = {}
    for kind, rows in (("ok", rewrites), ("bad", mutations)):
        for r in rows:
            if r["variables"].strip():
                continue  # one variables column cannot serve every checkpoint
            entry = by_ref.setdefault(r["source_row"], {"ok": [], "bad": [], "row": r})
            entry[kind].append(r["candidate"])
    with open(args.source, newline="", encoding="utf-8-sig") as f:
        hops = {r["id"]: r["hops"] for r in csv.DictReader(f)}

    rng = random.Random(args.seed)
    usable = sorted((k for k, e in by_ref.items() if e["ok"] and e["bad"]), key=int)
    if len(usable) < args.rows:
        sys.exit("only %d references have both kinds of answer" % len(usable))
    chosen = sorted(rng.sample(usable, args.rows), key=int)
    out = os.path.join(args.out_dir, "checkpoints.csv")
    names = ["ckpt_%d" % (k + 1) for k in range(len(shares))]
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "schema_path", "reference", "hops"] + names)
        for ref in chosen:
            e = by_ref[ref]
            difficulty = rng.random()
            answers = []
            for share in shares:
                correct = difficulty + rng.gauss(0, 0.12) < share
                answers.append(rng.choice(e["ok"] if correct else e["bad"]))
            w.writerow(["q" + ref, e["row"]["schema_path"], e["row"]["reference"], hops.get(ref, "")]
                       + answers)
    print("make_checkpoints: %d rows, checkpoints %s (shares %s), in %s"
          % (args.rows, ", ".join(names), args.shares, out))


if __name__ == "__main__":
    main()
