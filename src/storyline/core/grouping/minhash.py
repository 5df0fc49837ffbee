"""MinHash signatures and LSH banding for near-duplicate detection, in pure Python + numpy.

Everything here is deterministic across machines and runs: token hashes come from BLAKE2b (never Python's
salted ``hash``), permutations are universal hashes ``(a*x + b) mod p`` with ``p = 2**31 - 1`` and fixed-seed
coefficients, and every intermediate product fits in an unsigned 64-bit integer without overflow, so signature
values are plain 31-bit integers (they fit a Spark ``int`` column).

The Spark stage (:mod:`storyline.spark.dedup`) calls :class:`MinHasher` from ``mapInPandas``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from storyline.core.checks import int_at_least
from storyline.core.text.text import hash_tokens

MERSENNE_PRIME = (1 << 31) - 1
_MASK32 = np.uint64(0xFFFFFFFF)
# Odd 32-bit multipliers that mix the k token hashes of one shingle (positions matter: "a b" != "b a").
_POSITION_MULTIPLIERS = np.array(
    [0x9E3779B1, 0x85EBCA77, 0xC2B2AE3D, 0x27D4EB2F, 0x165667B1, 0xD3A2646C | 1, 0xFD7046C5, 0xB55A4F09,
     0x7FEB352D, 0x846CA68B, 0x68E31DA4 | 1, 0xB5297A4D],
    dtype=np.uint64,
)


_TOKEN_CACHE: dict[str, int] = {}
_TOKEN_CACHE_MAX = 1 << 20


def token_hash(token: str) -> int:
    """Stable unsigned 32-bit hash of one token (BLAKE2b, 4 bytes).

    >>> token_hash("mets") == token_hash("mets"), token_hash("mets") != token_hash("met")
    (True, True)
    >>> 0 <= token_hash("mets") < 2**32
    True
    """
    h = _TOKEN_CACHE.get(token)
    if h is None:
        h = int.from_bytes(hashlib.blake2b(token.encode("utf-8"), digest_size=4).digest(), "little")
        if len(_TOKEN_CACHE) >= _TOKEN_CACHE_MAX:  # bound memory on huge vocabularies; hashes stay the same
            _TOKEN_CACHE.clear()
        _TOKEN_CACHE[token] = h
    return h


def _fmix32(h: np.ndarray) -> np.ndarray:
    """MurmurHash3's 32-bit finaliser on a uint64 array holding 32-bit values (avalanches the low bits)."""
    h = h ^ (h >> np.uint64(16))
    h = (h * np.uint64(0x85EBCA6B)) & _MASK32
    h = h ^ (h >> np.uint64(13))
    h = (h * np.uint64(0xC2B2AE35)) & _MASK32
    return h ^ (h >> np.uint64(16))


def shingle_hashes(text: str, k: int = 5) -> np.ndarray:
    """Sorted distinct 32-bit hashes of the word k-shingles of ``text`` (over :func:`hash_tokens`). A text shorter than ``k`` tokens gives one shingle made of all its tokens; an empty
    text gives an empty array.

    >>> a = shingle_hashes("The Mets fired their manager on Tuesday", k=3)
    >>> len(a), a.dtype.name
    (5, 'uint64')
    >>> bool((shingle_hashes("THE METS, fired their manager on tuesday!", k=3) == a).all())
    True
    >>> len(shingle_hashes("two words", k=5)), len(shingle_hashes("", k=5))
    (1, 0)
    """
    if k < 1:
        raise ValueError(f"shingle size k must be >= 1, got {k}")
    toks = hash_tokens(text) if text else []
    if not toks:
        return np.empty(0, dtype=np.uint64)
    cache = _TOKEN_CACHE
    th = np.fromiter((cache.get(t) or token_hash(t) for t in toks), dtype=np.uint64, count=len(toks))
    kk = min(k, len(toks))
    n = len(toks) - kk + 1
    acc = np.zeros(n, dtype=np.uint64)
    for i in range(kk):
        mult = _POSITION_MULTIPLIERS[i % len(_POSITION_MULTIPLIERS)]
        acc = (acc + th[i:i + n] * mult) & _MASK32  # < 2**64: (2**32-1) * (2**32-1) + 2**32 fits
    return np.unique(_fmix32(acc))


def shingle_set(text: str, k: int = 5) -> set[str]:
    """Word k-shingles as strings, for exact Jaccard verification and for readers.

    >>> sorted(shingle_set("a b c d", k=3))
    ['a b c', 'b c d']
    """
    if k < 1:
        raise ValueError(f"shingle size k must be >= 1, got {k}")
    toks = hash_tokens(text) if text else []
    if not toks:
        return set()
    kk = min(k, len(toks))
    return {" ".join(toks[i:i + kk]) for i in range(len(toks) - kk + 1)}


def jaccard_estimate(sig_a: np.ndarray, sig_b: np.ndarray) -> float:
    """Fraction of agreeing signature positions: an unbiased estimate of the Jaccard similarity.

    >>> jaccard_estimate(np.array([1, 2, 3, 4]), np.array([1, 2, 0, 4]))
    0.75
    """
    if len(sig_a) != len(sig_b):
        raise ValueError(f"signatures differ in length ({len(sig_a)} vs {len(sig_b)}); use one MinHasher for both")
    return float(np.count_nonzero(np.asarray(sig_a) == np.asarray(sig_b))) / len(sig_a)


# --- LSH parameters ---------------------------------------------------------------------------------------


def _integrate(f, lo: float, hi: float, steps: int = 200) -> float:
    """Composite Simpson's rule (``steps`` even); the integrands here are smooth polynomials."""
    if hi <= lo:
        return 0.0
    xs = np.linspace(lo, hi, steps + 1)
    ys = f(xs)
    h = (hi - lo) / steps
    return float(h / 3 * (ys[0] + ys[-1] + 4 * ys[1:-1:2].sum() + 2 * ys[2:-1:2].sum()))


def collision_probability(s: float | np.ndarray, bands: int, rows: int):
    """Probability that two sets of Jaccard ``s`` share at least one of ``bands`` bands of ``rows`` rows.

    >>> round(float(collision_probability(0.8, 9, 13)), 3)
    0.399
    """
    return 1.0 - (1.0 - np.power(s, rows)) ** bands


def false_positive_area(threshold: float, bands: int, rows: int) -> float:
    """Integral of the collision probability below the threshold (pairs that should not collide)."""
    return _integrate(lambda s: collision_probability(s, bands, rows), 0.0, threshold)


def false_negative_area(threshold: float, bands: int, rows: int) -> float:
    """Integral of the miss probability above the threshold (pairs that should collide but do not)."""
    return _integrate(lambda s: 1.0 - collision_probability(s, bands, rows), threshold, 1.0)


def optimal_bands_rows(threshold: float, num_perm: int, fp_weight: float = 0.5,
                       fn_weight: float = 0.5) -> tuple[int, int]:
    """The (bands, rows) with ``bands * rows <= num_perm`` minimising the weighted false-positive plus
    false-negative areas of the S-curve around ``threshold``. Ties go to more bands (better recall).

    >>> optimal_bands_rows(0.8, 128)
    (9, 13)
    >>> b, r = optimal_bands_rows(0.5, 128); b * r <= 128 and b > 9
    True
    """
    check_threshold(threshold)
    _check_num_perm(num_perm)
    if fp_weight < 0 or fn_weight < 0 or fp_weight + fn_weight <= 0:
        raise ValueError(f"fp_weight and fn_weight must be >= 0 and not both 0, got {fp_weight}, {fn_weight}")
    best: tuple[float, int, int] | None = None
    for bands in range(1, num_perm + 1):
        for rows in range(1, num_perm // bands + 1):
            err = fp_weight * false_positive_area(threshold, bands, rows) + \
                fn_weight * false_negative_area(threshold, bands, rows)
            key = (round(err, 12), -bands, rows)
            if best is None or key < best:
                best = key
    assert best is not None
    return -best[1], best[2]


def check_threshold(threshold: float) -> None:
    """A Jaccard threshold, or a ValueError that says what it must be (the one check of the batch and Spark paths)."""
    if not (isinstance(threshold, (int, float)) and 0.0 < threshold < 1.0):
        raise ValueError(f"threshold must be a Jaccard similarity strictly between 0 and 1, got {threshold!r}")


def _check_num_perm(num_perm: int) -> None:
    int_at_least("num_perm", num_perm, 2, "128 is a good default")


# --- the hasher --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LSHParams:
    """Banding of a MinHash signature: ``bands`` bands of ``rows`` rows each (``bands * rows <= num_perm``)."""

    threshold: float
    num_perm: int
    bands: int
    rows: int

    def __post_init__(self) -> None:
        check_threshold(self.threshold)
        _check_num_perm(self.num_perm)
        if self.bands < 1 or self.rows < 1 or self.bands * self.rows > self.num_perm:
            raise ValueError(f"bands*rows must be between 1 and num_perm={self.num_perm}, got "
                             f"{self.bands}*{self.rows}; use LSHParams.for_threshold to derive them")

    @classmethod
    def for_threshold(cls, threshold: float, num_perm: int = 128, fp_weight: float = 0.5,
                      fn_weight: float = 0.5) -> LSHParams:
        """Derive bands and rows from the Jaccard threshold.

        >>> LSHParams.for_threshold(0.8)
        LSHParams(threshold=0.8, num_perm=128, bands=9, rows=13)
        """
        bands, rows = _cached_bands_rows(float(threshold), num_perm, float(fp_weight), float(fn_weight))
        return cls(threshold, num_perm, bands, rows)


@lru_cache(maxsize=64)
def _cached_bands_rows(threshold: float, num_perm: int, fp_weight: float, fn_weight: float) -> tuple[int, int]:
    return optimal_bands_rows(threshold, num_perm, fp_weight, fn_weight)


class MinHasher:
    """Computes MinHash signatures of texts and their LSH band keys.

    >>> mh = MinHasher(num_perm=64, shingle=3, seed=1)
    >>> s1 = mh.signature("the mets fired their manager on tuesday after a losing season")
    >>> s2 = mh.signature("the mets fired their manager on tuesday after a losing season again")
    >>> s1.dtype.name, len(s1), 0.6 < jaccard_estimate(s1, s2) <= 1.0
    ('int64', 64, True)
    >>> bool((MinHasher(num_perm=64, shingle=3, seed=1).signature("a b c") == mh.signature("a b c")).all())
    True
    """

    def __init__(self, num_perm: int = 128, shingle: int = 5, seed: int = 1) -> None:
        _check_num_perm(num_perm)
        int_at_least("shingle", shingle, 1, "words per shingle; 5 is usual")
        if not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
        self.num_perm = num_perm
        self.shingle = shingle
        self.seed = seed
        rng = np.random.RandomState(seed)
        # a in [1, p), b in [0, p): a * x + b < 2**31 * 2**32 + 2**31 < 2**64, so uint64 never overflows.
        self._a = rng.randint(1, MERSENNE_PRIME, size=num_perm, dtype=np.int64).astype(np.uint64)
        self._b = rng.randint(0, MERSENNE_PRIME, size=num_perm, dtype=np.int64).astype(np.uint64)
        self._p = np.uint64(MERSENNE_PRIME)

    def signature_of_hashes(self, hashes: np.ndarray) -> np.ndarray:
        """Signature of a set of 32-bit shingle hashes. The empty set gets all ``MERSENNE_PRIME`` (a value no
        real shingle can produce), so two empty texts agree with each other and with nothing else."""
        if len(hashes) == 0:
            return np.full(self.num_perm, MERSENNE_PRIME, dtype=np.int64)
        out = np.full(self.num_perm, MERSENNE_PRIME, dtype=np.uint64)
        # Chunk the (n_shingles x num_perm) product to bound memory on very long texts.
        for start in range(0, len(hashes), 4096):
            h = hashes[start:start + 4096, None]
            np.minimum(out, ((h * self._a + self._b) % self._p).min(axis=0), out=out)
        return out.astype(np.int64)

    def signature(self, text: str) -> np.ndarray:
        """MinHash signature (``num_perm`` int64 values below 2**31) of the text's word shingles."""
        return self.signature_of_hashes(shingle_hashes(text, self.shingle))

    @staticmethod
    def band_keys(signature: np.ndarray, params: LSHParams) -> list[int]:
        """One signed 64-bit key per band; the band index is hashed in, so equal rows in different bands
        never collide.

        >>> p = LSHParams(0.8, 8, 2, 4)
        >>> k = MinHasher.band_keys(np.arange(8), p)
        >>> len(k), k[0] != k[1], k == MinHasher.band_keys(np.arange(8), p)
        (2, True, True)
        """
        if len(signature) != params.num_perm:
            raise ValueError(f"signature has {len(signature)} values but params expect num_perm={params.num_perm}")
        sig = np.asarray(signature, dtype="<i8")
        keys = []
        for b in range(params.bands):
            h = hashlib.blake2b(sig[b * params.rows:(b + 1) * params.rows].tobytes(), digest_size=8,
                                person=b"sl-band", salt=b.to_bytes(8, "little"))
            keys.append(int.from_bytes(h.digest(), "little", signed=True))
        return keys
