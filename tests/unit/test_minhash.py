"""MinHash hashing, LSH parameters and Jaccard estimates (pure Python, no JVM)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from storyline.core.grouping.minhash import (
    LSHParams,
    MinHasher,
    collision_probability,
    false_negative_area,
    false_positive_area,
    jaccard_estimate,
    optimal_bands_rows,
    shingle_hashes,
    shingle_set,
)
from storyline.core.text.text import jaccard

WORDS = ("river bank farmer tractor sunset valley election ballot queue rain council budget vote mayor "
         "harbour ferry storm warning school teacher strike museum painting theft police court").split()


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def test_hashes_are_stable_across_hashers_and_order_insensitive_to_case():
    a = MinHasher(num_perm=32, shingle=3, seed=7).signature("The Mayor cut the school budget on Monday")
    b = MinHasher(num_perm=32, shingle=3, seed=7).signature("the mayor CUT the school budget, on monday!")
    c = MinHasher(num_perm=32, shingle=3, seed=8).signature("the mayor cut the school budget on monday")
    assert (a == b).all()
    assert not (a == c).all()  # another seed is another family of permutations
    assert a.max() < 2**31 and a.min() >= 0


def test_shingles_keep_word_order_and_count_distinct():
    assert len(shingle_hashes("a b c d e f", k=2)) == 5
    assert len(shingle_hashes("a b a b a b", k=2)) == 2  # "a b" and "b a"
    assert not np.array_equal(shingle_hashes("a b c", k=3), shingle_hashes("c b a", k=3))
    with pytest.raises(ValueError, match="shingle size"):
        shingle_hashes("a b", k=0)


def test_estimate_tracks_exact_jaccard():
    rng = random.Random(1)
    mh = MinHasher(num_perm=256, shingle=2)
    errors = []
    for _ in range(30):
        base = _text(rng, 120).split()
        other = list(base)
        for _ in range(rng.randint(0, 40)):
            other[rng.randrange(len(other))] = rng.choice(WORDS) + "x"
        a, b = " ".join(base), " ".join(other)
        exact = jaccard(shingle_set(a, 2), shingle_set(b, 2))
        est = jaccard_estimate(mh.signature(a), mh.signature(b))
        errors.append(abs(exact - est))
    # standard error at 256 permutations is <= 0.031; the mean absolute error must sit well below it
    assert np.mean(errors) < 0.04
    assert max(errors) < 0.12


def test_empty_texts_agree_only_with_each_other():
    mh = MinHasher(num_perm=16)
    assert jaccard_estimate(mh.signature(""), mh.signature("")) == 1.0
    assert jaccard_estimate(mh.signature(""), mh.signature("some words here to hash")) == 0.0


def test_optimal_params_minimise_the_weighted_error():
    for t in (0.5, 0.8, 0.9):
        b, r = optimal_bands_rows(t, 128)
        best = 0.5 * false_positive_area(t, b, r) + 0.5 * false_negative_area(t, b, r)
        for b2, r2 in ((b + 1, r), (b - 1, r), (b, r + 1), (b, r - 1), (b + 2, r - 1)):
            if b2 >= 1 and r2 >= 1 and b2 * r2 <= 128:
                assert best <= 0.5 * false_positive_area(t, b2, r2) + 0.5 * false_negative_area(t, b2, r2) + 1e-12
    # higher threshold -> longer bands (fewer, stricter)
    assert optimal_bands_rows(0.9, 128)[1] > optimal_bands_rows(0.5, 128)[1]
    # weighting false negatives more buys recall at the threshold
    p_fn = LSHParams.for_threshold(0.8, 128, fp_weight=0.1, fn_weight=0.9)
    p_eq = LSHParams.for_threshold(0.8, 128)
    assert collision_probability(0.8, p_fn.bands, p_fn.rows) > collision_probability(0.8, p_eq.bands, p_eq.rows)


def test_integrals_match_a_closed_form():
    # bands=1, rows=1: collision probability is s itself; area below t is t^2/2, miss area above t is (1-t)^2/2
    assert false_positive_area(0.6, 1, 1) == pytest.approx(0.18)
    assert false_negative_area(0.6, 1, 1) == pytest.approx(0.08)


@pytest.mark.parametrize("kwargs, message", [
    ({"num_perm": 1}, "num_perm"), ({"shingle": 0}, "shingle"), ({"seed": -1}, "seed"),
])
def test_hasher_validates_eagerly(kwargs, message):
    with pytest.raises(ValueError, match=message):
        MinHasher(**kwargs)


def test_params_validate_eagerly():
    with pytest.raises(ValueError, match="threshold"):
        LSHParams.for_threshold(1.0)
    with pytest.raises(ValueError, match="bands\\*rows"):
        LSHParams(0.8, 16, 5, 4)
    with pytest.raises(ValueError, match="fp_weight"):
        optimal_bands_rows(0.8, 16, 0, 0)


def test_band_keys_collide_for_near_duplicates_not_for_strangers():
    rng = random.Random(5)
    mh = MinHasher()
    params = LSHParams.for_threshold(0.8)
    base = _text(rng, 300)
    near = base + " one extra closing phrase"
    stranger = _text(rng, 300)
    k_base = set(MinHasher.band_keys(mh.signature(base), params))
    assert k_base & set(MinHasher.band_keys(mh.signature(near), params))
    assert not k_base & set(MinHasher.band_keys(mh.signature(stranger), params))
    with pytest.raises(ValueError, match="num_perm"):
        MinHasher.band_keys(np.zeros(5), params)
