"""gqleval on Dask: score a Dask DataFrame partition by partition on the
workers of a cluster, and merge the summary exactly.

    >>> from distributed import Client
    >>> import dask.dataframe as dd, gqleval.dask
    >>> client = Client("tcp://scheduler:8786")      # an existing cluster
    >>> rows = dd.read_csv("runs-*.csv", blocksize="64MB")
    >>> results = gqleval.dask.score_dataframe(rows)  # lazy, one task per partition
    >>> gqleval.dask.summary(results)                  # computes, then merges counts

Each worker imports gqleval (install it on every worker: the same ``pip
install .``, or an image that has it) and keeps one engine per set of options,
with its built schemas, for all the partitions it scores. The results keep the
input's partitions and index, so they are in the input's order.
"""

from __future__ import annotations

from typing import Any, Optional

import dask
import pandas as pd

import gqleval

__all__ = ["score_dataframe", "summary"]


def _meta(mode: str) -> pd.DataFrame:
    # The columns and dtypes gqleval._frame gives every partition.
    return gqleval._frame([], None, mode, False)


def _score_partition(
    part: pd.DataFrame,
    schema: str,
    reference: Any,
    candidate: str,
    variables: Optional[str],
    threads: int,
    options: dict,
) -> pd.DataFrame:
    refs = part[reference] if isinstance(reference, str) else [
        list(r) for r in zip(*(part[c] for c in reference))]
    return gqleval.score_batch(
        part[schema],
        refs,
        part[candidate],
        variables=None if variables is None else part[variables],
        threads=threads,
        as_frame=True,
        **options,
    ).set_axis(part.index)


def score_dataframe(
    ddf: Any,
    schema: str = "schema",
    reference: Any = "reference",
    candidate: str = "candidate",
    *,
    variables: Optional[str] = None,
    threads: int = 1,
    **options: Any,
) -> Any:
    """Scores each row of the Dask DataFrame ``ddf`` on the workers: a lazy
    Dask DataFrame of results (:data:`gqleval.RESULT_FIELDS` as columns,
    :data:`gqleval.SUBSET_RESULT_FIELDS` with ``mode="subset"``), with
    ``ddf``'s partitions and index, so in the input's order.

    ``schema``, ``reference``, ``candidate`` and ``variables`` name columns
    (``reference`` may be a list of columns: several references per row).
    ``threads`` is the engine's threads per partition (default 1: Dask runs
    partitions side by side on its own worker threads, and the engine
    releases the GIL). ``options`` are :class:`gqleval.Scorer`'s; they are
    checked here, before any task runs.
    """
    scorer = gqleval.Scorer(**options)  # a bad option fails now, not on a worker
    return ddf.map_partitions(
        _score_partition,
        schema,
        reference,
        candidate,
        variables,
        threads,
        options,
        meta=_meta(scorer.mode),
        align_dataframes=False,
    )


def summary(results: Any) -> dict:
    """The summary of a Dask DataFrame of results (:func:`score_dataframe`):
    each partition's counts are computed on the workers, and their sums give
    exactly the summary of one run over all rows (:func:`gqleval.summary`)."""
    parts = [dask.delayed(gqleval.counts)(p) for p in results.to_delayed()]
    total = dask.delayed(gqleval.merge_counts)(parts)
    return gqleval.summary_of_counts(total.compute())
