"""Serve a run's HTML report (``OUT/report/``) over HTTP with the standard library, on loopback by default."""

from __future__ import annotations

import errno
import functools
import ipaddress
import logging
import socket
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from storyline.report.render import CSP

logger = logging.getLogger(__name__)


class ReportHandler(SimpleHTTPRequestHandler):
    """Static files of the report, with headers that keep untrusted article text inert."""

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - signature of the base class
        logger.debug("%s - %s", self.address_string(), format % args)


class _Server(ThreadingHTTPServer):
    daemon_threads = True


class _Server6(_Server):
    address_family = socket.AF_INET6


def report_dir(out_dir: Path | str) -> Path:
    """The report folder of a run output folder, checked to hold an ``index.html``."""
    out = Path(out_dir)
    if not out.is_dir():
        raise FileNotFoundError(f"output folder {out} does not exist: run the pipeline first, then serve its OUT folder")
    root = out / "report"
    if not (root / "index.html").is_file():
        raise FileNotFoundError(f"{root / 'index.html'} not found: is {out} the OUT folder of a finished run?")
    return root


def make_server(out_dir: Path | str, host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """A server for ``OUT/report/`` bound to ``host:port`` (port 0 picks a free one); not yet serving."""
    if not isinstance(port, int) or not 0 <= port <= 65535:
        raise ValueError(f"port must be an integer from 0 to 65535, got {port!r}")
    if not host:
        raise ValueError("host must be an address to bind, such as 127.0.0.1")
    root = report_dir(out_dir)
    try:
        if not ipaddress.ip_address(host).is_loopback:
            logger.warning("serving on %s: the report is visible to other machines on the network", host)
    except ValueError:
        if host != "localhost":
            logger.warning("serving on host name %s: check it is the interface you mean", host)
    handler = functools.partial(ReportHandler, directory=str(root))
    server_cls = _Server6 if ":" in host else _Server
    try:
        return server_cls((host, port), handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise ValueError(f"port {port} on {host} is already in use: stop what listens there, or pick another "
                             f"with --port (--port 0 picks a free one)") from None
        if exc.errno in (errno.EACCES, errno.EPERM):
            raise ValueError(f"no permission to listen on {host}:{port}: ports below 1024 need privileges; "
                             f"pick another with --port") from None
        if exc.errno in (errno.EADDRNOTAVAIL, socket.EAI_NONAME) or isinstance(exc, socket.gaierror):
            raise ValueError(f"cannot listen on {host}: this machine has no such address; try --host "
                             f"127.0.0.1") from None
        raise


def serve(out_dir: Path | str, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve ``out_dir/report/`` until interrupted (Ctrl-C)."""
    server = make_server(out_dir, host, port)
    addr, real_port = server.server_address[:2]
    logger.info("serving %s at http://%s:%d/ (Ctrl-C to stop)", report_dir(out_dir), addr, real_port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        logger.info("stopped")
    finally:
        server.server_close()
