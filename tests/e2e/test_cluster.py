"""A real Spark standalone cluster (master + worker on 127.0.0.1): outputs identical to local mode. Runs into an
earlier output (ids kept, reruns that change nothing) are tested in local mode by ``test_changes.py``."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from conftest import SAMPLE_INPUTS, storyline_cmd

pytestmark = pytest.mark.cluster

INPUTS = SAMPLE_INPUTS


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, timeout: float = 60) -> None:
    end = time.time() + timeout
    while time.time() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.5)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout}s")


@dataclass
class Standalone:
    master: str
    work: Path  # the worker's work folder (executors run below it)
    start_worker: Callable[[int], None]  # instance number: each new worker is a new machine
    worker_pid: Callable[[int], int]


@pytest.fixture(scope="module")
def standalone(tmp_path_factory):
    """Start a standalone master and one worker with pip's pyspark, and stop both by PID afterwards."""
    from pyspark.find_spark_home import _find_spark_home

    home = _find_spark_home()
    daemon = Path(home) / "sbin" / "spark-daemon.sh"
    if not daemon.exists():
        pytest.skip("this pyspark install has no sbin/spark-daemon.sh")
    d = tmp_path_factory.mktemp("standalone")
    env = dict(os.environ, SPARK_HOME=home, SPARK_PID_DIR=str(d / "pids"), SPARK_LOG_DIR=str(d / "logs"),
               SPARK_LOCAL_IP="127.0.0.1", SPARK_WORKER_DIR=str(d / "work"), PYSPARK_PYTHON=sys.executable,
               SPARK_IDENT_STRING="storyline-test")
    port, ui, wui = _free_port(), _free_port(), _free_port()
    master = f"spark://127.0.0.1:{port}"
    subprocess.run(["bash", str(daemon), "start", "org.apache.spark.deploy.master.Master", "1", "--host",
                    "127.0.0.1", "--port", str(port), "--webui-port", str(ui)], env=env, check=True,
                   capture_output=True)

    def start_worker(instance: int) -> None:
        subprocess.run(["bash", str(daemon), "start", "org.apache.spark.deploy.worker.Worker", str(instance), master,
                        "--host", "127.0.0.1", "--cores", "2", "--memory", "3g", "--webui-port",
                        str(wui if instance == 1 else _free_port())],
                       env=env, check=True, capture_output=True)

    def worker_pid(instance: int) -> int:
        return int(next((d / "pids").glob(f"*Worker-{instance}.pid")).read_text())

    start_worker(1)
    try:
        _wait_port(port)
        _wait_port(wui)
        time.sleep(2)  # the worker registers with the master after its UI is up
        yield Standalone(master, d / "work", start_worker, worker_pid)
    finally:
        pids = [int(p.read_text()) for p in sorted((d / "pids").glob("*.pid"))]
        for pid in pids:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for pid in pids:
            for _ in range(50):
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.2)
            else:
                os.kill(pid, signal.SIGKILL)


def _executors(work: Path) -> list[int]:
    """PIDs of the executor processes the test worker runs (their working folder is under its work folder)."""
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and b"CoarseGrainedExecutorBackend" in (proc / "cmdline").read_bytes() \
                    and Path(os.readlink(proc / "cwd")).is_relative_to(work):
                pids.append(int(proc.name))
        except OSError:
            continue
    return pids


def test_standalone_cluster_loses_its_worker_mid_run_and_matches_local_mode(standalone, sample_run, tmp_path):
    """The cluster run loses its worker and executor (SIGKILL) while it clusters stories; a new worker joins, the
    lost work is redone from files (checkpoints and written stages), and the output equals local mode's."""
    master, work = standalone.master, standalone.work
    (local, _), remote = sample_run, tmp_path / "cluster"  # the same inputs in local mode
    cmd = [*storyline_cmd(), "run", *INPUTS, "--out", str(remote), "--master", master]
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable)
    p2 = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    killed, log = [], []
    try:
        for line in p2.stderr:
            log.append(line)
            if "] stories: " in line and not killed:
                time.sleep(1.0)
                for pid in [standalone.worker_pid(1), *_executors(work)]:
                    try:
                        os.kill(pid, signal.SIGKILL)
                        killed.append(pid)
                    except ProcessLookupError:  # an executor may go down with its worker first
                        pass
                time.sleep(1.0)
                standalone.start_worker(2)  # a replacement machine joins the cluster
        assert p2.wait(timeout=900) == 0, "".join(log)[-3000:]
    finally:
        if p2.poll() is None:  # a failed step above must not leave the run behind
            p2.kill()
            p2.wait()
    assert len(killed) >= 2, "the worker and its executor were not both found to kill"
    assert (local / "stories.jsonl").read_bytes() == (remote / "stories.jsonl").read_bytes()
    run = json.loads((remote / "run.json").read_text())
    assert run["config"]["spark"]["master"] == master
