# Type stubs of the compiled part (python/src/module.cc); use the gqleval package.
from typing import Any, Optional

__version__: str
DEFAULT_MAX_FIELD_BYTES: int

class Options:
    delta: int
    rules_file: str
    rule_set: str
    extract: bool
    ignore_typename: bool
    variables_by_name: bool
    strict_schema: bool
    operation: str
    max_field_bytes: int
    schema_cache_bytes: int
    def __init__(self) -> None: ...

class Engine:
    def __init__(self, options: Options) -> None: ...
    def score(self, schema: Any, references: Any, candidate: Any, variables: Any) -> dict: ...
    def score_rows(
        self, schemas: Any, references: Any, candidates: Any, variables: Any, threads: int,
        chunk_rows: int = 65536,
    ) -> list[dict]: ...
    def validate(self, schema: Any, query: Any) -> dict: ...
    def derived_rules(self, schema: Any) -> str: ...

def count_rows(verdicts: list[str], f1s: list[float]) -> tuple[list[int], int, int]: ...
def summary_of_counts(outcomes: list[int], f1_millionths: int, f1_squares: int) -> dict: ...

class FileOptions:
    input: str
    schema: list[str]
    rules_file: str
    strict_schema: bool
    ignore_typename: bool
    variables_by_name: bool
    delta: int
    operation: str
    extract: bool
    output: str
    threads: int
    resume: bool
    arguments: list[str]
    def __init__(self) -> None: ...
    def set_columns(
        self, schema: str, schema_path: str, references: list[str], candidate: str, id: str,
        variables: str, group_by: list[str], keep: list[str],
    ) -> None: ...

class FileWords:
    mode: Optional[str]
    input_format: Optional[str]
    output_format: Optional[str]
    rule_set: Optional[str]
    fail_under: list[str]
    summary_format: Optional[str]
    def __init__(self) -> None: ...

def score_file(options: FileOptions, words: FileWords, task: str) -> tuple[dict, bool]: ...
def run_stem(path: str) -> str: ...
