"""gqleval: does a GraphQL query written by a language model ask for the same
data as the ground-truth query?

The Python face of the gqleval C++ engine (the same library the ``gqleval``
program runs; nothing here calls the program). A result is the members of a
``gqleval score`` result line, as a dict with the same names and values::

    >>> import gqleval
    >>> r = gqleval.compare(schema_sdl, "{ user(id: 1) { name } }", model_output)
    >>> r["verdict"], r["pass"], r["f1"]

- :func:`compare` scores one pair;
- :class:`Scorer` keeps its options and its built schemas, for a harness that
  scores pair after pair (safe to share across threads);
- :func:`score_batch` scores whole columns (lists, pandas Series, NumPy object
  arrays) on the batch engine's threads, with the GIL released;
- :func:`validate` validates a query as a GraphQL server would;
- :func:`score_file` is ``gqleval score`` over a CSV or JSON Lines file;
- :func:`summary` is a run's summary of result rows;
- :mod:`gqleval.dask` scores a Dask DataFrame on a cluster.

Errors: a bad option is a ``ValueError`` (with the command line's message,
naming the keyword), a cell that is not ``str`` or ``None`` a ``TypeError``;
an invalid schema or query is a verdict, never an exception.
"""

from __future__ import annotations

import functools
import json
import math
import os
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from . import _core

__all__ = [
    "DEFAULT_MAX_FIELD_BYTES",
    "RESULT_FIELDS",
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
RESULT_FIELDS = (
    "verdict",
    "pass",
    "compared",
    "missing",
    "extra",
    "precision",
    "recall",
    "f1",
    "matched_reference",
    "missing_paths",
    "extra_paths",
    "argument_differences",
    "rules_fired",
    "errors",
)

#: The members of :func:`summary`'s dict: those of a ``--summary`` file that
#: depend on the rows alone (not on the run's provenance).
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
)

Cell = Optional[str]
Reference = Union[Cell, Sequence[str]]
Variables = Union[None, str, Mapping[str, Any]]
PathLike = Union[str, "os.PathLike[str]"]


def _count(name: str, value: Any, *, minimum: int = 0, maximum: int = 2**32 - 1) -> int:
    # As the command line's integer flags: a whole number in range.
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < minimum or value > maximum:
        if minimum == 0:
            raise ValueError(f"{name} needs a non-negative integer, got {value!r}")
        raise ValueError(f"{name} must be at least {minimum}, got {value!r}")
    return value


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be str, not {type(value).__name__}")
    return value


def _threads(threads: Optional[int]) -> int:
    # 0 asks the engine for every core.
    return 0 if threads is None else _count("threads", threads, minimum=1, maximum=4096)


@functools.lru_cache(maxsize=16)
def _engine(
    delta: int,
    rules: str,
    rule_set: str,
    extract: bool,
    ignore_typename: bool,
    variables_by_name: bool,
    strict_schema: bool,
    operation: str,
    max_field_bytes: int,
    schema_cache_bytes: int,
) -> _core.Engine:
    o = _core.Options()
    o.delta = delta
    o.rules_file = rules
    o.rule_set = rule_set
    o.extract = extract
    o.ignore_typename = ignore_typename
    o.variables_by_name = variables_by_name
    o.strict_schema = strict_schema
    o.operation = operation
    o.max_field_bytes = max_field_bytes
    o.schema_cache_bytes = schema_cache_bytes
    return _core.Engine(o)


class Scorer:
    """The scoring options, checked once, and the schemas built so far.

    Schemas are built on first use and kept, keyed by their text (texts that
    differ only in comments, whitespace and the order of definitions share one
    build), within ``schema_cache_mb`` (default: 256 MiB, or an eighth of the
    machine's memory when that is less). One Scorer may be shared by any
    number of threads: each call borrows a workspace of its own and releases
    the GIL while it scores, so threads score in parallel.

    Options (as ``gqleval score``'s flags):

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
    - ``schema_cache_mb``: the bound of the built schemas.

    Raises ``ValueError`` for a bad option (an unknown rule, a rules file that
    cannot be read or does not parse: "PATH: why"), ``TypeError`` for an
    option of the wrong type.
    """

    def __init__(
        self,
        *,
        delta: int = 0,
        rules: Optional[PathLike] = None,
        rule_set: str = "cycles,endpoints",
        extract: bool = True,
        ignore_typename: bool = False,
        variables_by_name: bool = False,
        strict_schema: bool = False,
        operation: Optional[str] = None,
        max_field_bytes: int = DEFAULT_MAX_FIELD_BYTES,
        schema_cache_mb: Optional[int] = None,
    ) -> None:
        self._options = dict(
            delta=_count("delta", delta),
            rules="" if rules is None else os.fspath(rules),
            rule_set=_text("rule_set", rule_set),
            extract=bool(extract),
            ignore_typename=bool(ignore_typename),
            variables_by_name=bool(variables_by_name),
            strict_schema=bool(strict_schema),
            operation="" if operation is None else _text("operation", operation),
            max_field_bytes=_count("max_field_bytes", max_field_bytes, maximum=2**62),
            schema_cache_bytes=0
            if schema_cache_mb is None
            else _count("schema_cache_mb", schema_cache_mb, minimum=1, maximum=2**40) << 20,
        )
        self._engine = _engine(**self._options)

    @property
    def options(self) -> dict:
        """The options this Scorer was made with (rules as a path, "" for none)."""
        return dict(self._options)

    def score(
        self,
        schema: Cell,
        reference: Reference,
        candidate: Cell,
        *,
        variables: Variables = None,
    ) -> dict:
        """Scores one pair: the result members of a ``gqleval score`` line.

        ``reference`` is the ground truth, or a list of several (the row takes
        the best, and ``matched_reference`` names its index); ``candidate`` is
        the model's answer (the query is found in prose unless
        ``extract=False``); ``variables`` are the row's variable values, a
        JSON object as text or a dict. ``None`` in a cell is an empty cell.
        """
        return self._engine.score(schema, reference, candidate, variables)

    def score_batch(
        self,
        schemas: Union[str, Iterable[Cell]],
        references: Iterable[Reference],
        candidates: Iterable[Cell],
        *,
        variables: Union[None, str, Iterable[Variables]] = None,
        threads: Optional[int] = None,
        as_frame: bool = False,
    ) -> Any:
        """Scores rows, one per item of ``references``; see :func:`score_batch`."""
        rows = self._engine.score_rows(schemas, references, candidates, variables, _threads(threads))
        if not as_frame:
            return rows
        # A pandas Series' index (lists have an .index method, not an index).
        return _frame(rows, candidates.index if hasattr(candidates, "iloc") else None)

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
    # compare() and score_batch() reuse the engine of the same options
    # (_engine is cached), so a loop of compare() builds each schema once.
    return Scorer(**options)


def compare(
    schema: Cell,
    reference: Reference,
    candidate: Cell,
    *,
    variables: Variables = None,
    **options: Any,
) -> dict:
    """Scores one pair, as ``gqleval compare --json`` and a ``gqleval score``
    result line do: a dict with exactly the line's result members
    (:data:`RESULT_FIELDS`: verdict, pass, compared, missing, extra, precision,
    recall, f1, matched_reference, missing_paths, extra_paths,
    argument_differences, rules_fired, errors), with the same values (numbers as the JSON line has them: ``1``
    for a recall of one, ``None`` for counts of a pair that was not compared).

    ``options`` are :class:`Scorer`'s (delta, rules, rule_set, extract,
    ignore_typename, variables_by_name, strict_schema, operation,
    max_field_bytes); the engine of
    the same options is kept between calls, so built schemas are reused.
    """
    return _scorer(options).score(schema, reference, candidate, variables=variables)


def score_batch(
    schemas: Union[str, Iterable[Cell]],
    references: Iterable[Reference],
    candidates: Iterable[Cell],
    *,
    variables: Union[None, str, Iterable[Variables]] = None,
    threads: Optional[int] = None,
    as_frame: bool = False,
    **options: Any,
) -> Any:
    """Scores rows on the batch engine (oneTBB, ``threads`` worker threads,
    default all cores) with the GIL released; results in row order.

    Each argument is a column: a list, tuple, pandas Series or NumPy object
    array with one cell per row, or (``schemas``, ``variables``) one str for
    every row. A reference cell may be a list of several references. Returns a
    list of result dicts (as :func:`compare`'s), or with ``as_frame=True`` a
    pandas DataFrame with :data:`RESULT_FIELDS` as columns (indexed as
    ``candidates`` when it is a Series). Mismatched lengths are a
    ``ValueError``; a cell that is not str or None a ``TypeError``.
    """
    return _scorer(options).score_batch(
        schemas, references, candidates, variables=variables, threads=threads, as_frame=as_frame
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


def _frame(rows: list, index: Any = None) -> Any:
    """The result dicts as a DataFrame with stable dtypes: counts that may be
    missing (a pair not compared) are nullable Int64, the lists objects."""
    import pandas as pd

    frame = pd.DataFrame.from_records(rows, columns=list(RESULT_FIELDS))
    if index is not None:
        frame.index = index
    for name in ("missing", "extra", "matched_reference"):
        frame[name] = frame[name].astype("Int64")
    for name in ("precision", "recall", "f1"):
        frame[name] = frame[name].astype("float64")
    for name in ("pass", "compared"):
        frame[name] = frame[name].astype("bool")
    return frame


# ---- summaries


def _column(results: Any, name: str) -> list:
    if hasattr(results, "columns"):  # a pandas DataFrame
        return results[name].tolist()
    return [r[name] for r in results]


def counts(results: Any) -> tuple:
    """The summary counts of result rows (dicts or a DataFrame): rows per
    verdict, the F1 sum in millionths and its squares. Counts of parts add up
    to the counts of the whole (:func:`merge_counts`), exactly."""
    verdicts = _column(results, "verdict")
    f1s = [0.0 if f is None or (isinstance(f, float) and math.isnan(f)) else float(f)
           for f in _column(results, "f1")]
    outcomes, millionths, squares = _core.count_rows(verdicts, f1s)
    return (tuple(outcomes), millionths, squares)


def merge_counts(parts: Iterable[tuple]) -> tuple:
    """The sum of several :func:`counts`."""
    outcomes: Optional[list] = None
    millionths = 0
    squares = 0
    for o, m, s in parts:
        outcomes = list(o) if outcomes is None else [a + b for a, b in zip(outcomes, o)]
        millionths += m
        squares += s
    if outcomes is None:
        return counts([])
    return (tuple(outcomes), millionths, squares)


def summary_of_counts(c: tuple) -> dict:
    """The summary of :func:`counts` (see :func:`summary`)."""
    full = _core.summary_of_counts(list(c[0]), c[1], c[2])
    return {k: full[k] for k in SUMMARY_FIELDS}


def summary(results: Any) -> dict:
    """The summary of result rows (a list of result dicts or a DataFrame), as
    ``gqleval score --summary`` computes it: rows, compared, each verdict's
    count and share, pass, pass_rate, mean_f1 and their standard errors
    (:data:`SUMMARY_FIELDS`)."""
    return summary_of_counts(counts(results))


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
    mode: str = "equivalence",
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
    o = _core.FileOptions()
    o.input = os.fspath(path)
    o.output = os.devnull if out is None else os.fspath(out)
    if schema is not None:
        o.schema = [os.fspath(schema)] if isinstance(schema, (str, os.PathLike)) else [
            os.fspath(s) for s in schema]
    refs = [] if reference_col is None else (
        [reference_col] if isinstance(reference_col, str) else list(reference_col))
    o.set_columns(schema_col or "", schema_path_col or "", refs, candidate_col or "", id_col or "",
                  variables_col or "", list(group_by), list(keep_col))
    o.delta = _count("delta", delta)
    o.rules_file = "" if rules is None else os.fspath(rules)
    o.extract = bool(extract)
    o.ignore_typename = bool(ignore_typename)
    o.variables_by_name = bool(variables_by_name)
    o.strict_schema = bool(strict_schema)
    o.operation = operation or ""
    o.threads = _threads(threads)
    o.resume = bool(resume)
    o.arguments = [o.input]
    # The words, read by the library as the command reads its flags (None:
    # not given; the default rule set is no request, as the flag left out).
    w = _core.FileWords()
    w.mode = _text("mode", mode)
    w.input_format = format or None
    w.output_format = out_format or None
    rule_set = _text("rule_set", rule_set)
    w.rule_set = None if rule_set == "cycles,endpoints" else rule_set
    w.fail_under = [fail_under] if fail_under else []
    w.summary_format = _text("summary_format", summary_format)
    result, gates_met = _core.score_file(o, w, task or _core.run_stem(o.input))
    result["gates_met"] = gates_met
    return result
