"""A notebook-style script: score a DataFrame with gqleval and look at the
results with pandas.

Reads the generated sample (datasets/generated/sample.csv: labelled rows,
each naming its schema file), scores every row in one call on the batch
engine, joins the results to the rows, and prints the summary and where the
engine's verdicts stand against the generator's labels.
"""

import os
import sys

import pandas as pd

import gqleval


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "..", "..", "datasets", "generated", "sample.csv")
    rows = pd.read_csv(path, dtype=str, keep_default_na=False)
    folder = os.path.dirname(path)
    schemas = {p: open(os.path.join(folder, p), encoding="utf-8").read()
               for p in rows["schema_path"].unique()}
    rows["schema"] = rows["schema_path"].map(schemas)

    results = gqleval.score_batch(rows["schema"], rows["reference"], rows["candidate"],
                                  variables=rows["variables"], as_frame=True)
    scored = rows.join(results)  # the same index: row by row

    s = gqleval.summary(results)
    print(f"{s['rows']} rows, pass rate {s['pass_rate']:.3f}, mean F1 {s['mean_f1']:.3f}")
    print(pd.crosstab(scored["expected_verdict"], scored["verdict"]).to_string())
    worst = scored[~scored["pass"]].sort_values("f1").head(3)
    for _, r in worst.iterrows():
        paths = [p["path"] for p in r["missing_paths"] + r["extra_paths"]]
        print(f"row {r['id']}: {r['verdict']}, f1 {r['f1']:.3f}: {paths[0] if paths else ''}")


if __name__ == "__main__":
    main()
