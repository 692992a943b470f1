# Type stubs of gqleval (python/gqleval/__init__.py has the docstrings).
import os
from typing import Any, Iterable, Mapping, Optional, Sequence, Tuple, TypedDict, Union

__version__: str
DEFAULT_MAX_FIELD_BYTES: int
RESULT_FIELDS: Tuple[str, ...]
SUBSET_RESULT_FIELDS: Tuple[str, ...]
COVERAGE_RESULT_FIELDS: Tuple[str, ...]
SUMMARY_FIELDS: Tuple[str, ...]

Cell = Optional[str]
Reference = Union[Cell, Sequence[str]]
# A candidate: a cell, or (answer="all") a list or tuple of query texts.
Answer = Union[Cell, Sequence[str]]
Variables = Union[None, str, Mapping[str, Any]]
PathLike = Union[str, os.PathLike[str]]

class Path(TypedDict):
    path: str
    line: Optional[int]
    column: Optional[int]
    nodes: int

class Error(TypedDict, total=False):
    query: str  # "schema", "reference", "candidate" or "row"
    reference: int  # only with query "reference"
    rule: str
    message: str
    line: Optional[int]
    column: Optional[int]

# A result: the members of a `gqleval score` line ("pass" is a keyword, so
# the functional form).
Result = TypedDict(
    "Result",
    {
        "verdict": str,
        "pass": bool,
        "compared": bool,
        "missing": Optional[int],
        "extra": Optional[int],
        "precision": float,
        "recall": float,
        "f1": float,
        "matched_reference": Optional[int],
        "missing_paths": list[Path],
        "extra_paths": list[Path],
        "argument_differences": list[dict[str, Any]],
        "rules_fired": list[dict[str, Any]],
        "errors": list[Error],
    },
)

# A result of mode="subset" (SUBSET_RESULT_FIELDS).
SubsetResult = TypedDict(
    "SubsetResult",
    {
        "verdict": str,
        "pass": bool,
        "compared": bool,
        "missing": Optional[int],
        "score": float,
        "left_nodes": Optional[int],
        "matched_reference": Optional[int],
        "missing_paths": list[Path],
        "errors": list[Error],
    },
)

# Rows per verdict, the graded score's sum in millionths, its squares, the mode.
Counts = Tuple[Tuple[int, ...], int, int, str]
# A coverage row's schema coordinates: a list, or JSON text, or one a line.
Coordinates = Union[None, str, Sequence[str]]
RowId = Union[None, str, int, float]

class Scorer:
    # None leaves the engine's default (the command's: mode "equivalence",
    # delta 0, rule_set "cycles,endpoints", extract True, ...).
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
    ) -> None: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def mode(self) -> str: ...
    def score(
        self, schema: Cell, reference: Reference, candidate: Answer, *, variables: Variables = None,
        required: Coordinates = None, excluded: Coordinates = None,
    ) -> dict[str, Any]: ...
    def score_batch(
        self,
        schemas: Union[str, Iterable[Cell]],
        references: Iterable[Reference],
        candidates: Iterable[Answer],
        *,
        variables: Union[None, str, Iterable[Variables]] = None,
        ids: Optional[Iterable[RowId]] = None,
        required: Optional[Iterable[Coordinates]] = None,
        excluded: Optional[Iterable[Coordinates]] = None,
        threads: Optional[int] = None,
        as_frame: bool = False,
    ) -> Any: ...
    def validate(self, schema: Cell, query: Cell) -> list[Error]: ...

def compare(
    schema: Cell,
    reference: Reference,
    candidate: Answer,
    *,
    variables: Variables = None,
    required: Coordinates = None,
    excluded: Coordinates = None,
    mode: str = "equivalence",
    answer: str = "one",
    delta: int = 0,
    rules: Optional[PathLike] = None,
    rule_set: str = "cycles,endpoints",
    extract: bool = True,
    ignore_typename: bool = False,
    variables_by_name: bool = False,
    strict_schema: bool = False,
    operation: Optional[str] = None,
    max_field_bytes: int = ...,
    schema_cache_mb: Optional[int] = None,
) -> dict[str, Any]: ...
def score_batch(
    schemas: Union[str, Iterable[Cell]],
    references: Iterable[Reference],
    candidates: Iterable[Answer],
    *,
    variables: Union[None, str, Iterable[Variables]] = None,
    ids: Optional[Iterable[RowId]] = None,
    required: Optional[Iterable[Coordinates]] = None,
    excluded: Optional[Iterable[Coordinates]] = None,
    threads: Optional[int] = None,
    as_frame: bool = False,
    mode: str = "equivalence",
    answer: str = "one",
    delta: int = 0,
    rules: Optional[PathLike] = None,
    rule_set: str = "cycles,endpoints",
    extract: bool = True,
    ignore_typename: bool = False,
    variables_by_name: bool = False,
    strict_schema: bool = False,
    operation: Optional[str] = None,
    max_field_bytes: int = ...,
    schema_cache_mb: Optional[int] = None,
) -> Any: ...
def validate(
    schema: Cell, query: Cell, *, operation: Optional[str] = None, strict_schema: bool = False
) -> list[Error]: ...
def derived_rules(schema: Cell, *, strict_schema: bool = False) -> dict[str, Any]: ...
def counts(results: Any, *, mode: Optional[str] = None) -> Counts: ...
def merge_counts(parts: Iterable[Counts]) -> Counts: ...
def summary_of_counts(c: Counts) -> dict[str, Any]: ...
def summary(results: Any, *, mode: Optional[str] = None) -> dict[str, Any]: ...
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
) -> dict[str, Any]: ...
