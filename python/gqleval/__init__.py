"""gqleval: does a GraphQL query written by a language model ask for the same
data as the ground-truth query?

The Python face of the gqleval C++ engine (the same library the ``gqleval``
program runs; nothing here calls the program). A result is the members of a
``gqleval score`` result line, as a dict with the same names and values::

    >>> import gqleval
    >>> r = gqleval.compare(schema_sdl, "{ user(id: 1) { name } }", model_output)
    >>> r["verdict"], r["pass"], r["f1"]

- :func:`compare` scores one pair (``mode="subset"``: does the candidate select
  everything the reference selects?);
- :class:`Scorer` keeps its options and its built schemas, for a harness that
  scores pair after pair (safe to share across threads);
- :func:`score_batch` scores whole columns (lists, pandas Series, NumPy object
  arrays) on the batch engine's threads, with the GIL released;
- :func:`validate` validates a query as a GraphQL server would;
- :func:`score_file` is ``gqleval score`` over a CSV or JSON Lines file;
- :func:`summary` is a run's summary of result rows;
- :mod:`gqleval.dask` scores a Dask DataFrame on a cluster.

Errors: a bad option is a ``ValueError`` (with the command line's message,
naming the keyword), an option or a cell of the wrong type a ``TypeError``;
an invalid schema or query is a verdict, never an exception. The options are
read and checked by the engine (engine/rows), as for every binding.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from . import _core

__all__ = [
    "DEFAULT_MAX_FIELD_BYTES",
    "RESULT_FIELDS",
    "SUBSET_RESULT_FIELDS",
    "COVERAGE_RESULT_FIELDS",
    "SUMMARY_FIELDS",
    "Scorer",
    "compare",
    "counts",
    "derived_rules",
    "merge_counts",
    "score_batch",
    "score_file",
    "summary",
    "summary_of_counts",
    "validate",
]

__version__: str = _core.__version__

#: A cell longer than this (in UTF-8 bytes) makes its row a ``bad_row``, as
#: ``gqleval score`` reads files; ``max_field_bytes=0`` lifts the limit.
DEFAULT_MAX_FIELD_BYTES: int = _core.DEFAULT_MAX_FIELD_BYTES

#: The members of a result, in order (docs/results.schema.json, score rows).
RESULT_FIELDS = tuple(_core.result_members("equivalence"))

#: The members of a result of ``mode="subset"``, in order.
SUBSET_RESULT_FIELDS = tuple(_core.result_members("subset"))

#: The members of a result of ``mode="coverage"``, in order.
COVERAGE_RESULT_FIELDS = tuple(_core.result_members("coverage"))

_FIELDS = {"equivalence": RESULT_FIELDS, "subset": SUBSET_RESULT_FIELDS,
           "coverage": COVERAGE_RESULT_FIELDS}

#: The members of :func:`summary`'s dict: those of a ``--summary`` file that
#: depend on the rows alone (not on the run's provenance); mean_f1 in
#: equivalence mode, mean_score in subset mode.
SUMMARY_FIELDS = (
    "results_version",
    "mode",
    "rows",
    "compared",
    "verdicts",
    "pass",
    "pass_rate",
    "pass_rate_stderr",
    "mean_f1",
    "mean_f1_stderr",
    "mean_score",
    "mean_score_stderr",
    "mean_recall",
    "mean_recall_stderr",
)

Cell = Optional[str]
Reference = Union[Cell, Sequence[str]]
# A candidate: a cell, or (answer="all") a list or tuple of query texts.
Answer = Union[Cell, Sequence[str]]
Variables = Union[None, str, Mapping[str, Any]]
PathLike = Union[str, "os.PathLike[str]"]


Coordinates = Union[None, str, Sequence[str]]


def _coordinates(value: Any) -> Optional[str]:
    # A list of schema coordinates as the engine reads a list cell: JSON text
    # (a str is one already, or one coordinate a line).
    if value is None or isinstance(value, str):
        return value
    return json.dumps(list(value))


def _given(options: Mapping[str, Any]) -> dict:
    # The options given (None: the default), as the engine reads them.
    return {k: v for k, v in options.items() if v is not None}


class Scorer:
    """The scoring options, checked once, and the schemas built so far.

    Schemas are built on first use and kept, keyed by their text (texts that
    differ only in comments, whitespace and the order of definitions share one
    build), within ``schema_cache_mb`` (default: 256 MiB, or an eighth of the
    machine's memory when that is less). One Scorer may be shared by any
    number of threads: each call borrows a workspace of its own and releases
    the GIL while it scores, so threads score in parallel.

    Options (as ``gqleval score``'s flags):

    - ``mode``: ``"equivalence"`` (the default: the same data as the
      reference?), ``"subset"`` (does the candidate select everything the
      reference selects? The result members are :data:`SUBSET_RESULT_FIELDS`)
      or ``"coverage"`` (does it traverse every required schema coordinate,
      ``required=`` or the reference's own? :data:`COVERAGE_RESULT_FIELDS`);
    - ``answer``: ``"one"`` (the default) or ``"all"`` (every operation of
      the candidate, a document or a JSON array of query texts, graded
      together, in any mode; a result counts ``operations`` and
      ``invalid_operations``, and names each candidate path's
      ``operation``);
    - ``delta``: the over-fetch budget, extra nodes a pass may have;
    - ``rules``: a rewrite rules file (JSON), path;
    - ``rule_set``: the rewrite rules on, comma-separated of ``cycles``,
      ``endpoints``, ``rgeval``, or ``"none"``;
    - ``extract``: find the candidate in LLM text (prose, fenced blocks);
      ``False`` takes it as the query;
    - ``ignore_typename``: ``__typename`` selections do not count;
    - ``variables_by_name``: unbound variables keep their names (for a
      harness that sends the dataset's variables by name: ``$orderId`` is not
      ``$userId``); by default they are numbered, so a renaming is equal;
    - ``strict_schema``: refuse schemas that need the StepZen dialect's fixes;
    - ``operation``: the operation to score when a document has several;
    - ``max_field_bytes``: a longer cell makes its row a ``bad_row`` (0: no
      limit);
    - ``schema_cache_mb``: the bound of the built schemas (0: no bound).

    Raises ``ValueError`` for a bad option (an unknown rule, a rules file that
    cannot be read or does not parse: "PATH: why"), ``TypeError`` for an
    option of the wrong type.
    """

    def __init__(
        self,
        *,
        mode: Optional[str] = None,
        answer: Optional[str] = None,
        delta: Optional[int] = None,
        rules: Optional[PathLike] = None,
        rule_set: Optional[str] = None,
        extract: Optional[bool] = None,
        ignore_typename: Optional[bool] = None,
        variables_by_name: Optional[bool] = None,
        strict_schema: Optional[bool] = None,
        operation: Optional[str] = None,
        max_field_bytes: Optional[int] = None,
        schema_cache_mb: Optional[int] = None,
    ) -> None:
        # The options given; None leaves the engine's default (the command's).
        self._options = _given(dict(
            mode=mode,
            answer=answer,
            delta=delta,
            rules=rules,
            rule_set=rule_set,
            extract=extract,
            ignore_typename=ignore_typename,
            variables_by_name=variables_by_name,
            strict_schema=strict_schema,
            operation=operation,
            max_field_bytes=max_field_bytes,
            schema_cache_mb=schema_cache_mb,
        ))
        # The engine of the same options is shared (built schemas and all)
        # with every Scorer and call that gives them.
        self._engine = _core.engine_for(self._options)

    @property
    def options(self) -> dict:
        """The options this Scorer was made with (those left at None absent)."""
        return dict(self._options)

    @property
    def mode(self) -> str:
        """``"equivalence"`` or ``"subset"``."""
        return self._options.get("mode", "equivalence")

    def score(
        self,
        schema: Cell,
        reference: Reference,
        candidate: Answer,
        *,
        variables: Variables = None,
        required: Coordinates = None,
        excluded: Coordinates = None,
    ) -> dict:
        """Scores one pair: the result members of a ``gqleval score`` line.

        ``reference`` is the ground truth, or a list of several (the row takes
        the best, and ``matched_reference`` names its index); ``candidate`` is
        the model's answer (the query is found in prose unless
        ``extract=False``); ``variables`` are the row's variable values, a
        JSON object as text or a dict. ``None`` in a cell is an empty cell.
        In coverage mode ``required`` lists the schema coordinates the answer
        must traverse (``Type.field``, ``Type.field(argument:)``; a list, or
        JSON text; ``None``: the reference's own) and ``excluded`` those that
        count as over-selection.
        """
        return self._engine.score(schema, reference, candidate, variables,
                                  _coordinates(required), _coordinates(excluded))

    def score_batch(
        self,
        schemas: Union[str, Iterable[Cell]],
        references: Iterable[Reference],
        candidates: Iterable[Answer],
        *,
        variables: Union[None, str, Iterable[Variables]] = None,
        ids: Optional[Iterable[Any]] = None,
        required: Optional[Iterable[Coordinates]] = None,
        excluded: Optional[Iterable[Coordinates]] = None,
        threads: Optional[int] = None,
        as_frame: bool = False,
    ) -> Any:
        """Scores rows, one per item of ``references``; see :func:`score_batch`."""
        lists = [None if c is None else [_coordinates(v) for v in c] for c in (required, excluded)]
        rows = self._engine.score_rows(schemas, references, candidates, variables, ids, lists[0],
                                       lists[1], threads)
        if not as_frame:
            return rows
        # A pandas Series' index (lists have an .index method, not an index).
        return _frame(rows, candidates.index if hasattr(candidates, "iloc") else None, self.mode,
                      ids is not None)

    def validate(self, schema: Cell, query: Cell) -> list:
        """The errors of ``query`` against ``schema``; see :func:`validate`."""
        return self._engine.validate(schema, query)["errors"]


def derived_rules(schema: Cell, *, strict_schema: bool = False) -> dict:
    """The rewrite rules gqleval derives from ``schema``'s names (inverse pairs
    named after their types, keyed and foreign-key lookups), as a rules file:
    a dict with ``version``, ``description``, ``derive`` (off) and the sorted
    ``inverse_pairs`` and ``endpoints``, as ``gqleval schema FILE --rules``
    prints it. Write it with ``json.dump`` and pass it back as ``rules=`` to
    score with exactly these rules; edit it to drop one or declare more.
    A schema that does not build raises ValueError.
    """
    return json.loads(Scorer(strict_schema=strict_schema)._engine.derived_rules(schema))


def _scorer(options: Mapping[str, Any]) -> Scorer:
    # compare() and score_batch() reuse the engine of the same options (the
    # engine's cache of engines), so a loop of compare() builds each schema
    # once.
    return Scorer(**options)


def compare(
    schema: Cell,
    reference: Reference,
    candidate: Answer,
    *,
    variables: Variables = None,
    required: Coordinates = None,
    excluded: Coordinates = None,
    **options: Any,
) -> dict:
    """Scores one pair, as ``gqleval compare --json`` and a ``gqleval score``
    result line do: a dict with exactly the line's result members
    (:data:`RESULT_FIELDS`: verdict, pass, compared, missing, extra, precision,
    recall, f1, matched_reference, missing_paths, extra_paths,
    argument_differences, rules_fired, errors), with the same values (numbers
    as the JSON line has them: ``1`` for a recall of one, ``None`` for counts
    of a pair that was not compared); with ``mode="subset"`` a subset row's
    (:data:`SUBSET_RESULT_FIELDS`).

    ``options`` are :class:`Scorer`'s (mode, delta, rules, rule_set, extract,
    ignore_typename, variables_by_name, strict_schema, operation,
    max_field_bytes, schema_cache_mb); the engine of the same options is kept
    between calls, so built schemas are reused.
    """
    return _scorer(options).score(schema, reference, candidate, variables=variables,
                                  required=required, excluded=excluded)


def score_batch(
    schemas: Union[str, Iterable[Cell]],
    references: Iterable[Reference],
    candidates: Iterable[Answer],
    *,
    variables: Union[None, str, Iterable[Variables]] = None,
    ids: Optional[Iterable[Any]] = None,
    required: Optional[Iterable[Coordinates]] = None,
    excluded: Optional[Iterable[Coordinates]] = None,
    threads: Optional[int] = None,
    as_frame: bool = False,
    **options: Any,
) -> Any:
    """Scores rows on the batch engine (oneTBB, ``threads`` worker threads,
    default all cores, more than the machine has as ``gqleval score -j`` runs
    them) with the GIL released; results in row order.

    Each argument is a column: a list, tuple, pandas Series or NumPy object
    array with one cell per row, or (``schemas``, ``variables``) one str for
    every row. A reference cell may be a list of several references. ``ids``,
    one per row (a str, an int, a float or None), leads each row's result as
    its ``"id"`` member (a row whose id is None has none). Returns a list of
    result dicts (as :func:`compare`'s), or with ``as_frame=True`` a pandas
    DataFrame with :data:`RESULT_FIELDS` (:data:`SUBSET_RESULT_FIELDS` in
    subset mode) as columns, after ``id`` when ids are given (indexed as
    ``candidates`` when it is a Series). Mismatched lengths are a
    ``ValueError``; a cell that is not str or None a ``TypeError``.
    """
    return _scorer(options).score_batch(
        schemas, references, candidates, variables=variables, ids=ids, required=required,
        excluded=excluded, threads=threads, as_frame=as_frame,
    )


def validate(
    schema: Cell, query: Cell, *, operation: Optional[str] = None, strict_schema: bool = False
) -> list:
    """Validates ``query`` against ``schema`` with every graphql-js rule, as
    ``gqleval validate`` does: a list of errors, each a dict with ``query``
    (``"query"``, or ``"schema"`` when the schema does not build), ``rule``,
    ``message``, ``line`` and ``column`` (None where unknown); empty when the
    query is valid.
    """
    return Scorer(operation=operation, strict_schema=strict_schema).validate(schema, query)


def _frame(rows: list, index: Any, mode: str, with_ids: bool) -> Any:
    """The result dicts as a DataFrame with stable dtypes: counts that may be
    missing (a pair not compared) are nullable Int64, the lists objects."""
    import pandas as pd

    fields = _FIELDS[mode]
    frame = pd.DataFrame.from_records(rows, columns=(["id"] if with_ids else []) + list(fields))
    if index is not None:
        frame.index = index
    for name in ("missing", "extra", "matched_reference", "left_nodes", "required",
                 "covered_count"):
        if name in fields:
            frame[name] = frame[name].astype("Int64")
    for name in ("precision", "recall", "f1", "score"):
        if name in fields:
            frame[name] = frame[name].astype("float64")
    for name in ("pass", "compared"):
        frame[name] = frame[name].astype("bool")
    return frame


# ---- summaries


def _column(results: Any, name: str) -> list:
    if hasattr(results, "columns"):  # a pandas DataFrame
        return results[name].tolist() if name in results.columns else []
    return [r[name] for r in results]


def _mode_of(results: Any) -> str:
    # By the members: a subset result has a "score", a coverage result a
    # "covered_count", an equivalence result an "f1".
    members = results.columns if hasattr(results, "columns") else next(iter(results), {})
    if "covered_count" in members:
        return "coverage"
    return "subset" if "score" in members else "equivalence"


def counts(results: Any, *, mode: Optional[str] = None) -> tuple:
    """The summary counts of result rows (dicts or a DataFrame) of ``mode``
    (default: the results' own, by their members): rows per verdict, the
    graded score's sum (F1, or the subset score) in millionths and its
    squares, and the mode. Counts of parts add up to the counts of the whole
    (:func:`merge_counts`), exactly."""
    mode = _mode_of(results) if mode is None else mode
    graded = {"equivalence": "f1", "subset": "score", "coverage": "recall"}.get(mode, "f1")
    verdicts = _column(results, "verdict")
    values = [0.0 if v is None or (isinstance(v, float) and math.isnan(v)) else float(v)
              for v in _column(results, graded)] if verdicts else []
    outcomes, millionths, squares = _core.count_rows(mode, verdicts, values)
    return (tuple(outcomes), millionths, squares, mode)


def merge_counts(parts: Iterable[tuple]) -> tuple:
    """The sum of several :func:`counts` (of one mode)."""
    total: Optional[tuple] = None
    for outcomes, millionths, squares, mode in parts:
        if total is None:
            total = (tuple(outcomes), millionths, squares, mode)
            continue
        if mode != total[3]:
            raise ValueError(f"merge_counts: counts of mode {mode!r} and of {total[3]!r}")
        total = (tuple(a + b for a, b in zip(total[0], outcomes)), total[1] + millionths,
                 total[2] + squares, mode)
    return counts([]) if total is None else total


def summary_of_counts(c: tuple) -> dict:
    """The summary of :func:`counts` (see :func:`summary`)."""
    outcomes, millionths, squares, mode = c
    full = _core.summary_of_counts(mode, list(outcomes), millionths, squares)
    return {k: full[k] for k in SUMMARY_FIELDS if k in full}


def summary(results: Any, *, mode: Optional[str] = None) -> dict:
    """The summary of result rows (a list of result dicts or a DataFrame), as
    ``gqleval score --summary`` computes it: rows, compared, each verdict's
    count and share, pass, pass_rate, the mean graded score (mean_f1, or
    mean_score in subset mode) and their standard errors
    (:data:`SUMMARY_FIELDS`)."""
    return summary_of_counts(counts(results, mode=mode))


# ---- files


def score_file(
    path: PathLike,
    *,
    out: Optional[PathLike] = None,
    out_format: Optional[str] = None,
    format: Optional[str] = None,
    schema: Union[None, PathLike, Sequence[PathLike]] = None,
    schema_col: Optional[str] = None,
    schema_path_col: Optional[str] = None,
    reference_col: Union[None, str, Sequence[str]] = None,
    candidate_col: Optional[str] = None,
    id_col: Optional[str] = None,
    variables_col: Optional[str] = None,
    group_by: Sequence[str] = (),
    keep_col: Sequence[str] = (),
    predictions: Optional[PathLike] = None,
    predictions_format: Optional[str] = None,
    predictions_id_col: Optional[str] = None,
    mode: str = "equivalence",
    required_col: Optional[str] = None,
    excluded_col: Optional[str] = None,
    answer: Optional[str] = None,
    delta: int = 0,
    rules: Optional[PathLike] = None,
    rule_set: str = "cycles,endpoints",
    extract: bool = True,
    ignore_typename: bool = False,
    variables_by_name: bool = False,
    strict_schema: bool = False,
    operation: Optional[str] = None,
    threads: Optional[int] = None,
    fail_under: Optional[str] = None,
    summary_format: str = "gqleval",
    task: Optional[str] = None,
    resume: bool = False,
) -> dict:
    """``gqleval score PATH``: scores a CSV, TSV or JSON Lines file (gzip or
    zstd too) on the batch engine and writes one result line per row to
    ``out`` (JSON Lines, or CSV for ``out_format="csv"`` or an ``out`` ending
    in ``.csv``; ``None``: the results are not kept). Returns the summary the
    command writes with ``--summary`` (``summary_format="lm-eval"``: in
    lm-evaluation-harness's layout), with a member ``gates_met`` (False when a
    ``fail_under`` gate, e.g. ``"pass_rate=0.6"``, is not met).

    Keywords are the command's flags with ``_`` for ``-`` (``schema`` is
    ``--schema``: files for every row). A bad option is a ``ValueError`` with
    the command's message; a file that cannot be read or written an
    ``OSError``.
    """
    # The keywords as the command's flags, read by the engine (None: not
    # given; out=None keeps no results; the task defaults to the input's stem).
    options = _given(dict(
        out=out, out_format=out_format, format=format, schema=schema, schema_col=schema_col,
        schema_path_col=schema_path_col, reference_col=reference_col, candidate_col=candidate_col,
        id_col=id_col, variables_col=variables_col, group_by=group_by, keep_col=keep_col,
        predictions=predictions, predictions_format=predictions_format,
        predictions_id_col=predictions_id_col, mode=mode, required_col=required_col,
        excluded_col=excluded_col, answer=answer, delta=delta, rules=rules, rule_set=rule_set, extract=extract,
        ignore_typename=ignore_typename, variables_by_name=variables_by_name,
        strict_schema=strict_schema, operation=operation, threads=threads,
        fail_under=fail_under, summary_format=summary_format, task=task, resume=resume,
    ))
    result, gates_met = _core.score_file(os.fspath(path), options)
    result["gates_met"] = gates_met
    return result
