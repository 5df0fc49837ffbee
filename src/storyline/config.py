"""Configuration: packaged defaults (``defaults.toml``) < user TOML file < command-line overrides.

Each section validates itself when it is made, so that a resolved :class:`Config` is a valid one, before any Spark
job runs. Errors name the offending key and say what is expected.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any
from storyline.core.nlp.embed import MODELS


# Tables whose keys are free-form (passed through), not checked against the defaults.
_OPEN_TABLES = {("spark", "conf"), ("ingest", "fields")}
FORMATS = ("auto", "jsonl", "multinews", "parquet", "text", "html", "warc")


class ConfigError(ValueError):
    """A configuration value is missing, unknown or invalid. The message names the key."""


# Keys that a command-line flag also sets: a refused value names the flag too.
FLAGS = {"ingest.format": "--format", "spark.master": "--master", "stories.group_by": "--group-by",
         "stories.threshold": "--threshold", "summary.words": "--words", "summary.focus": "--focus"}


def _check(cond: bool, key: str, msg: str, value: object) -> None:
    if not cond:
        flag = f" (set by {FLAGS[key]} or the config file)" if key in FLAGS else ""
        raise ConfigError(f"config key '{key}'{flag} {msg}, got {value!r}")


@dataclass(frozen=True)
class SparkConfig:
    """The ``[spark]`` section: the session storyline starts (``conf`` values become strings)."""

    master: str
    app_name: str
    log_level: str
    conf: dict[str, str] = field(default_factory=dict)
    local_tuning: bool = True

    def __post_init__(self) -> None:
        for k, v in self.conf.items():
            _check(isinstance(v, (str, int, float, bool)), f"spark.conf.{k}", "must be a string or number", v)
        object.__setattr__(self, "conf", {k: str(v) for k, v in self.conf.items()})


@dataclass(frozen=True)
class IngestConfig:
    """The ``[ingest]`` section: how inputs are read."""

    format: str
    max_bytes: int
    html_fast: bool
    html_timeout_s: float
    chunk_bytes: int
    fields: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check(self.format in FORMATS, "ingest.format", f"must be one of {', '.join(FORMATS)}", self.format)
        _check(self.max_bytes >= 1000, "ingest.max_bytes", "must be at least 1000", self.max_bytes)
        _check(self.html_timeout_s > 0, "ingest.html_timeout_s", "must be positive", self.html_timeout_s)
        _check(self.chunk_bytes >= 1 << 16, "ingest.chunk_bytes", "must be at least 65536", self.chunk_bytes)


@dataclass(frozen=True)
class CleanConfig:
    """The ``[clean]`` section: learned boilerplate and the word limits of an article."""

    boilerplate_min_docs: int
    boilerplate_max_words: int
    min_words: int
    max_words: int

    def __post_init__(self) -> None:
        _check(self.boilerplate_min_docs >= 2, "clean.boilerplate_min_docs", "must be at least 2",
               self.boilerplate_min_docs)
        _check(self.boilerplate_max_words >= 1, "clean.boilerplate_max_words", "must be at least 1",
               self.boilerplate_max_words)
        _check(self.min_words >= 0, "clean.min_words", "must be 0 or more", self.min_words)
        _check(self.max_words > self.min_words, "clean.max_words", "must be more than clean.min_words",
               self.max_words)


@dataclass(frozen=True)
class DedupConfig:
    """The ``[dedup]`` section: near-duplicate folding."""

    threshold: float
    num_perm: int
    shingle: int

    def __post_init__(self) -> None:
        _check(0.0 < self.threshold < 1.0, "dedup.threshold", "must be a Jaccard similarity strictly between "
               "0 and 1 (exact copies are folded anyway)", self.threshold)
        _check(16 <= self.num_perm <= 1024, "dedup.num_perm", "must be between 16 and 1024", self.num_perm)
        _check(1 <= self.shingle <= 20, "dedup.shingle", "must be between 1 and 20", self.shingle)


@dataclass(frozen=True)
class StoriesConfig:
    """The ``[stories]`` section: story clustering."""

    group_by: str
    threshold: float
    window_days: float
    lone_margin: float

    def __post_init__(self) -> None:
        _check(0.0 < self.threshold < 1.0, "stories.threshold", "must be in (0, 1)", self.threshold)
        _check(self.window_days > 0, "stories.window_days", "must be positive", self.window_days)
        _check(0.0 <= self.lone_margin <= 10.0, "stories.lone_margin", "must be between 0 (off) and 10 "
               "(multiples of stories.threshold)", self.lone_margin)


@dataclass(frozen=True)
class SummaryOptions:
    """The ``[summary]`` section: the budget and focus of every summary."""

    words: int
    focus: str

    def __post_init__(self) -> None:
        _check(self.words >= 10, "summary.words", "must be at least 10", self.words)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class FactsConfig:
    """The ``[facts]`` section; every default is in defaults.toml."""

    spacy_model: str
    read_sentences: int
    single_source_max: int
    compare_sentences: int
    embedding: str

    def __post_init__(self) -> None:
        _check(isinstance(self.spacy_model, str) and self.spacy_model != "", "facts.spacy_model",
               "must name a spaCy pipeline (the checked one is \"en_core_web_sm\")", self.spacy_model)
        _check(_whole(self.read_sentences) and self.read_sentences >= 1, "facts.read_sentences",
               "must be a whole number, 1 or more", self.read_sentences)
        _check(_whole(self.single_source_max) and self.single_source_max >= 0, "facts.single_source_max",
               "must be a whole number, 0 or more", self.single_source_max)
        _check(_whole(self.compare_sentences) and self.compare_sentences >= 2, "facts.compare_sentences",
               "must be a whole number, 2 or more", self.compare_sentences)
        _check(self.embedding in MODELS, "facts.embedding", f"must be one of {', '.join(MODELS)}", self.embedding)


@dataclass(frozen=True)
class StorylinesConfig:
    """The ``[storylines]`` section: which stories are events of one thread."""

    window_days: int
    min_similarity: float
    min_shared: float
    max_postings: int
    min_reference: float

    def __post_init__(self) -> None:
        for key, ok, need in (
                ("window_days", _whole(self.window_days) and self.window_days >= 1, "a whole number of days, 1 or more"),
                ("min_similarity", 0.0 < self.min_similarity < 1.0, "in (0, 1)"),
                ("min_shared", 0.0 <= self.min_shared < 1.0, "in [0, 1)"),
                ("min_reference", 0.0 < self.min_reference <= 1.0, "in (0, 1]"),
                ("max_postings", _whole(self.max_postings) and self.max_postings >= 2, "a whole number, 2 or more")):
            _check(ok, f"storylines.{key}", f"must be {need}", getattr(self, key))


@dataclass(frozen=True)
class ReportConfig:
    """The ``[report]`` section."""

    max_stories: int

    def __post_init__(self) -> None:
        _check(self.max_stories >= 1, "report.max_stories", "must be at least 1", self.max_stories)


@dataclass(frozen=True)
class Config:
    spark: SparkConfig
    ingest: IngestConfig
    clean: CleanConfig
    dedup: DedupConfig
    stories: StoriesConfig
    summary: SummaryOptions
    facts: FactsConfig
    storylines: StorylinesConfig
    report: ReportConfig

    def to_dict(self) -> dict[str, Any]:
        """The resolved configuration, as saved in run.json."""
        return asdict(self)


def _defaults() -> dict[str, Any]:
    text = resources.files("storyline").joinpath("defaults.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _merge(base: dict[str, Any], over: dict[str, Any], path: tuple[str, ...] = ()) -> None:
    for key, value in over.items():
        here = path + (key,)
        dotted = ".".join(here)
        if path in _OPEN_TABLES:
            base[key] = value
            continue
        if key not in base:
            known = ", ".join(sorted(base)) or "(none)"
            raise ConfigError(f"unknown config key '{dotted}'; known keys here: {known}")
        if isinstance(base[key], dict):
            if not isinstance(value, dict):
                raise ConfigError(f"config key '{dotted}' must be a table, got {type(value).__name__}")
            _merge(base[key], value, here)
            continue
        want = type(base[key])
        if want is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise ConfigError(
                f"config key '{dotted}' must be {want.__name__}, got {type(value).__name__} {value!r}"
            )
        base[key] = value


def load_config(path: str | Path | None = None, overrides: dict[str, Any] | None = None) -> Config:
    """Resolve the configuration: defaults, then the TOML file at ``path``, then ``overrides``.

    ``overrides`` uses dotted keys: ``{"summary.words": 100, "spark.master": "local[2]"}``.
    """
    data = copy.deepcopy(_defaults())
    if path is not None:
        p = Path(path)
        if not p.is_file():
            raise ConfigError(f"config file not found: {p}")
        try:
            user = tomllib.loads(p.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"config file {p} is not valid TOML: {exc}") from None
        _merge(data, user)
    for dotted, value in (overrides or {}).items():
        if value is None:
            continue
        nested: dict[str, Any] = {}
        cur = nested
        keys = dotted.split(".")
        for k in keys[:-1]:
            cur = cur.setdefault(k, {})
        cur[keys[-1]] = value
        _merge(data, nested)
    return Config(
        spark=SparkConfig(**data["spark"]),
        ingest=IngestConfig(**data["ingest"]),
        clean=CleanConfig(**data["clean"]),
        dedup=DedupConfig(**data["dedup"]),
        stories=StoriesConfig(**data["stories"]),
        summary=SummaryOptions(**data["summary"]),
        facts=FactsConfig(**data["facts"]),
        storylines=StorylinesConfig(**data["storylines"]),
        report=ReportConfig(**data["report"]),
    )
