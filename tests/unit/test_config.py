"""Configuration layering and validation: errors name the key."""

from __future__ import annotations

import pytest

from storyline.config import ConfigError, load_config


def test_defaults_load_and_overrides_win(tmp_path):
    f = tmp_path / "c.toml"
    f.write_text('[summary]\nwords = 120\n[stories]\nthreshold = 0.4\n[ingest.fields]\ntext = "body"\n')
    cfg = load_config(f, {"summary.words": 90})
    assert cfg.summary.words == 90
    assert cfg.stories.threshold == 0.4
    assert cfg.ingest.fields == {"text": "body"}
    assert cfg.to_dict()["summary"]["words"] == 90


@pytest.mark.parametrize("toml, key", [
    ("[summary]\nwrods = 3\n", "summary.wrods"),
    ("[summary]\nwords = 'many'\n", "summary.words"),
    ("[stories]\nthreshold = 1.5\n", "stories.threshold"),
    ("[facts]\nsingle_source_max = -1\n", "facts.single_source_max"),
    ("[facts]\ncompare_sentences = 1\n", "facts.compare_sentences"),
    ("[facts]\ncompare_sentences = true\n", "facts.compare_sentences"),
    ("[ingest]\nformat = 'pdf'\n", "ingest.format"),
    ("[storylines]\nmin_similarity = 1.5\n", "storylines.min_similarity"),
    ("[storylines]\nwindow_days = 0\n", "storylines.window_days"),
    ("[storylines]\nmax_postings = 1\n", "storylines.max_postings"),
    ("[storylines]\nmin_reference = 0\n", "storylines.min_reference"),
    ("[nope]\nx = 1\n", "nope"),
    ("[spark]\nlocal_tuning = 'yes'\n", "spark.local_tuning"),
    ("[spark]\nclass_archive = 'no'\n", "spark.class_archive"),
    ("[spark]\njit = 'quick'\n", "spark.jit"),
])
def test_bad_values_name_the_key(tmp_path, toml, key):
    f = tmp_path / "c.toml"
    f.write_text(toml)
    with pytest.raises(ConfigError, match=f"'{key}'"):
        load_config(f)


def test_invalid_toml_and_missing_file(tmp_path):
    f = tmp_path / "c.toml"
    f.write_text("[summary\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(f)
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "missing.toml")


def test_values_the_run_would_refuse_later_are_refused_at_load_with_key_and_flag():
    with pytest.raises(ConfigError, match="'dedup.threshold'.*strictly between 0 and 1"):
        load_config(overrides={"dedup.threshold": 1.0})
    with pytest.raises(ConfigError, match="'stories.threshold' \\(set by --threshold or the config file\\)"):
        load_config(overrides={"stories.threshold": 1.0})
    with pytest.raises(ConfigError, match="--words"):
        load_config(overrides={"summary.words": 3})


def test_the_help_for_the_threshold_says_the_range_the_config_accepts(capsys):
    from storyline.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["run", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "threshold, strictly between 0 and 1" in help_text
    assert "(0, 1]" not in help_text  # 1 is refused, so the help never offers it
    load_config(overrides={"stories.threshold": 0.99})
    with pytest.raises(ConfigError):
        load_config(overrides={"stories.threshold": 1.0})
