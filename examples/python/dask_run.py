"""Scoring on Dask: the generated sample as a Dask DataFrame, scored
partition by partition on the workers of a cluster.

    python3 dask_run.py                       # a LocalCluster of 2 workers
    python3 dask_run.py tcp://scheduler:8786  # an existing cluster

On an existing cluster every worker needs gqleval installed (the same
`pip install .`); the CSV must be readable by the workers at the same path
(or read it from shared storage: dd.read_csv("s3://...")).
"""

import os
import sys

import dask.dataframe as dd
import pandas as pd
from distributed import Client, LocalCluster

import gqleval
import gqleval.dask


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "datasets", "generated", "sample.csv")
    if len(sys.argv) > 1:
        client = Client(sys.argv[1])
    else:
        client = Client(LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None))
    with client:
        rows = pd.read_csv(path, dtype=str, keep_default_na=False)
        folder = os.path.dirname(path)
        rows["schema"] = [open(os.path.join(folder, p), encoding="utf-8").read()
                          for p in rows["schema_path"]]
        ddf = dd.from_pandas(rows, npartitions=4)
        results = gqleval.dask.score_dataframe(ddf, variables="variables")
        s = gqleval.dask.summary(results)
        print(f"{len(client.scheduler_info()['workers'])} workers, "
              f"{results.npartitions} partitions")
        print(f"{s['rows']} rows, pass rate {s['pass_rate']:.3f}, mean F1 {s['mean_f1']:.3f}")
        print(results["verdict"].value_counts().compute().sort_index().to_string())


if __name__ == "__main__":
    main()
