"""How ``python -m referee`` serves a network of strangers' phones.

gunicorn's master runs the worker processes (signals, graceful stop, restarts,
its control socket); each worker serves with waitress, whose event loop reads
every request whole -- headers and body -- before one of the worker's threads
sees it. A client that sends slowly therefore holds a connection, never a
thread, and the worker bounds those connections: at most
``per_client`` open from one address, of which at most two send an import's
long body at once, and a request whose headers take longer than
``read_timeout`` to arrive, or whose body stops for that long, is dropped.

The errors the server finds itself (a request line or headers past gunicorn's
old limits: 414, 431; a body past its route's limit: 413, before the rest of
it is read; an unparsable request: 400) are answered as problem details, like
every other error of the service, in the reader's language where the request's
headers were read.
"""

from __future__ import annotations

import copy
import json
import os
import time
from dataclasses import dataclass
from http import HTTPStatus

from gunicorn.workers.base import Worker
from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser, ParsingError
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher
from waitress.utilities import BadRequest, Error, RequestHeaderFieldsTooLarge
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee.api import field_errors
from referee.api.exports import MAX_IMPORT_BYTES
from referee.api.request_body import MAX_BODY_BYTES
from referee.explain import LANGUAGES
from referee.log_lines import access_line, one_line

# What gunicorn refused before waitress served, still refused the same way.
REQUEST_LINE_BYTES = 4094
HEADER_FIELDS = 100
HEADER_FIELD_BYTES = 8190
HEADER_BYTES = 64 * 1024  # the whole head; past it waitress answers 431 before parsing
IMPORT_PATH = "/games/import"  # the one route that takes more than MAX_BODY_BYTES
BODY_BYTES = MAX_IMPORT_BYTES + 1  # waitress refuses a body of this many bytes or more
CONNECTIONS = 1000  # open connections a worker holds at most, every client together
JOURNALS_PER_CLIENT = 2  # imports' bodies (past MAX_BODY_BYTES) one address may send a worker at once
JOURNALS_RETRY_SECONDS = 5
STOP_LINGER = 2.0  # seconds a stopping worker still reads a request that has begun to arrive


@dataclass(frozen=True)
class Limits:
    read_timeout: float  # seconds for a request's headers, and the longest pause in its body
    per_client: int  # connections one address may hold open in one worker; 0: no cap

    @classmethod
    def from_environment(cls) -> Limits:
        proxied = int(os.environ.get("REFEREE_PROXIES", "0")) > 0
        # Behind a proxy every connection comes from the proxy: the proxy caps each address itself.
        per_client = os.environ.get("REFEREE_CONNECTIONS_PER_CLIENT", "0" if proxied else "32")
        return cls(float(os.environ.get("REFEREE_READ_TIMEOUT_SECONDS", "10")), int(per_client))


def body_limit(path: str) -> int:
    """The most bytes a request to this path may send in its body."""
    return MAX_IMPORT_BYTES if path == IMPORT_PATH else MAX_BODY_BYTES


class UriTooLong(BadRequest):
    code = 414
    reason = "URI Too Long"


class TooManyJournals(Error):
    code = 429
    reason = "Too Many Requests"


class RequestParser(HTTPRequestParser):
    """waitress's parser, refusing what gunicorn refused: long request lines,
    too many or too long header fields, and HTTP versions other than 1.0 and 1.1;
    and a body past its route's limit, or an import's while the client sends others."""

    journal = False  # the body is an import's, past what any other route takes, still arriving

    def __init__(self, adj, may_send_journal=lambda: True):
        super().__init__(adj)
        self.may_send_journal = may_send_journal

    def parse_header(self, header_plus: bytes) -> None:
        first, *fields = header_plus.split(b"\n")
        if len(first.rstrip(b"\r")) > REQUEST_LINE_BYTES:
            return self._refuse(UriTooLong(f"the request line is longer than {REQUEST_LINE_BYTES} bytes"))
        if len(fields) > HEADER_FIELDS:
            return self._refuse(RequestHeaderFieldsTooLarge(f"more than {HEADER_FIELDS} header fields"))
        if any(len(field.rstrip(b"\r")) > HEADER_FIELD_BYTES for field in fields):
            return self._refuse(RequestHeaderFieldsTooLarge(f"a header field is over {HEADER_FIELD_BYTES} bytes"))
        super().parse_header(header_plus)
        if self.version not in ("1.0", "1.1"):
            raise ParsingError(f"unsupported HTTP version {self.version or '(none)'!r}")
        # The route's own limit, not the import's: else every route would buffer 32 MiB
        # (to a temporary file) from each connection before the app could refuse it.
        self.adj = copy.copy(self.adj)
        self.adj.max_request_body_size = body_limit(self.path) + 1
        # Each of those is read whole, to a temporary file, before the app's rate limit counts it.
        large = self.chunked or self.content_length > MAX_BODY_BYTES
        self.journal = large and body_limit(self.path) > MAX_BODY_BYTES
        if self.journal and not self.may_send_journal():
            self.journal, self.completed = False, True
            self.error = TooManyJournals(
                f"This address is sending {JOURNALS_PER_CLIENT} journals already: send one at a time."
            )

    def _refuse(self, error) -> None:
        super().parse_header(b"GET / HTTP/1.0\r\n")  # what an error answer reads of a request (as waitress does)
        self.error, self.completed = error, True


class ProblemTask(ErrorTask):
    """waitress's error answer, written as RFC 9457 problem details."""

    def execute(self) -> None:
        error = self.request.error
        detail = error.body or error.reason
        if error.code == 413:  # waitress's own words name its setting, not what the client may send
            most = self.request.adj.max_request_body_size - 1
            detail = f"The body is larger than this request takes: at most {most} bytes."
        # In the reader's language where its headers were read (not for a request line or headers
        # past their limits: those are refused unread, and answered in English).
        lang = reader(self.request.headers)
        title = field_errors.translated(HTTPStatus(error.code).phrase, lang)
        detail = field_errors.translated(detail, lang)
        problem = {"type": "about:blank", "title": title, "status": error.code, "detail": detail}
        if error.code == 429:  # as the app's rate limits answer
            problem.update(type="urn:referee:problem:rate_limited", code="rate_limited")
            self.response_headers.append(("Retry-After", str(JOURNALS_RETRY_SECONDS)))
        body = json.dumps(problem, ensure_ascii=False).encode()
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/problem+json"))
        self.response_headers.append(("Content-Language", lang))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


def reader(headers: dict[str, str]) -> str:
    """The best language a request's ``Accept-Language`` accepts, as the app picks it
    (``referee.api.language``), from the headers as waitress keeps them."""
    accepted = parse_accept_header(headers.get("ACCEPT_LANGUAGE"), LanguageAccept)
    return accepted.best_match(LANGUAGES, default="en")


class Channel(HTTPChannel):
    """One client connection: requests parsed as above, the time its request began kept, and
    no more than ``JOURNALS_PER_CLIENT`` imports arriving from its address at once."""

    error_task_class = ProblemTask
    reading_since: float | None = None  # when the first byte of the request being read arrived

    def parser_class(self, adj) -> RequestParser:  # waitress makes each request's parser so
        return RequestParser(adj, self._may_send_journal)

    def _may_send_journal(self) -> bool:
        sending = sum(
            1
            for channel in list(self.server.active_channels.values())
            if channel is not self
            and channel.addr[0] == self.addr[0]
            and channel.request is not None
            and channel.request.journal
            and not channel.request.completed
        )
        return sending < JOURNALS_PER_CLIENT

    def received(self, data: bytes) -> bool:
        result = super().received(data)
        if self.request is None:
            self.reading_since = None
        elif self.reading_since is None:
            self.reading_since = time.time()
        return result

    def idle(self, since: float) -> bool:
        """Kept alive with no request begun, nor answer owed, since then."""
        return not self.requests and self.request is None and self.last_activity < since

    def too_slow(self, now: float, timeout: float) -> bool:
        """Reading a request that has taken too long: its headers, or a pause in its body."""
        if self.requests or self.request is None or self.reading_since is None:
            return False
        if not self.request.headers_finished:
            return now - self.reading_since > timeout
        return now - self.last_activity > timeout

    @property
    def busy(self) -> bool:
        """Answering a request read whole; a stopping worker waits for those only, not for slow senders."""
        return bool(self.requests or self.total_outbufs_len)


class Server(TcpWSGIServer):
    """waitress on one of gunicorn's listening sockets, capping each client."""

    channel_class = Channel

    def __init__(self, application, listener, dispatcher, adjustments: dict, limits: Limits, log):
        self.limits, self.errors = limits, log
        super().__init__(
            application, _sock=listener, dispatcher=dispatcher, bind_socket=False, map=adjustments.pop("map"),
            sockinfo=(listener.family, listener.type, listener.proto, listener.getsockname()), **adjustments,
        )  # fmt: skip

    def handle_accept(self) -> None:
        try:
            accepted = self.accept()
            if accepted is None:  # another worker took it
                return
            connection, address = accepted
            self.set_socket_options(connection)  # TCP_NODELAY, as waitress sets it
        except OSError:  # the client left before it was accepted
            return
        held = sum(1 for channel in list(self.active_channels.values()) if channel.addr[0] == address[0])
        if self.limits.per_client and held >= self.limits.per_client:
            self.errors.warning("%s holds %d connections already: one more refused", address[0], held)
            connection.close()
            return
        self.channel_class(self, connection, address, self.adj, map=self._map)

    def maintenance(self, now: float) -> None:
        # waitress's own idle cutoff (the keep-alive's 2 s) would also drop a request paused
        # half-way; those are the read timeout's to judge.
        idle_since = now - self.adj.channel_timeout
        for channel in list(self.active_channels.values()):
            if channel.idle(idle_since):
                channel.will_close = True
            elif channel.too_slow(now, self.limits.read_timeout):
                self.errors.warning("%s sent a request too slowly: dropped", channel.addr[0])
                channel.will_close = True


class _Wakeup(wasyncore.file_dispatcher):
    """gunicorn's signal pipe in the event loop: a signal (SIGTERM: stop) ends its wait at once."""

    def writable(self) -> bool:
        return False

    def handle_read(self) -> None:
        try:
            self.recv(512)
        except OSError:  # drained already
            pass


class BufferedWorker(Worker):
    """A gunicorn worker serving with waitress: requests read whole by the
    event loop, answered by ``cfg.threads`` threads (which share commits)."""

    def run(self) -> None:
        limits, sockets = Limits.from_environment(), {}
        dispatcher = ThreadedTaskDispatcher()
        dispatcher.set_thread_count(self.cfg.threads)
        adjustments = {
            "threads": self.cfg.threads,
            "channel_timeout": self.cfg.keepalive,  # an idle kept-alive connection
            "cleanup_interval": 1,  # how often the timeouts are checked
            "connection_limit": CONNECTIONS,
            "max_request_header_size": HEADER_BYTES,
            "max_request_body_size": BODY_BYTES,
            "asyncore_use_poll": True,  # no select(): a worker holds more than 1024 descriptors
            "clear_untrusted_proxy_headers": False,  # X-Forwarded-For is the app's to judge (REFEREE_PROXIES)
            "ident": "referee",
        }
        one_line("waitress")  # its errors name the request's path
        application = self._access_logged(self.wsgi)
        servers = [
            Server(application, listener.sock, dispatcher, {**adjustments, "map": sockets}, limits, self.log)
            for listener in self.sockets
        ]
        _Wakeup(self.PIPE[0], map=sockets)
        while self.alive and self.is_parent_alive():
            wasyncore.loop(timeout=1.0, map=sockets, use_poll=True, count=1)
            self.notify()
        self._stop(servers, sockets, dispatcher)

    def is_parent_alive(self) -> bool:
        if self.ppid != os.getppid():
            self.log.info("Parent changed, shutting down: %s", self)
            return False
        return True

    def _stop(self, servers: list[Server], sockets: dict, dispatcher: ThreadedTaskDispatcher) -> None:
        """Graceful: accept no more; answer every request read whole, and those
        still arriving for a moment (as gthread lingered); then close."""
        for server in servers:
            server.del_channel()
            server.socket.close()
        began = time.monotonic()
        while time.monotonic() < began + self.cfg.graceful_timeout:
            wasyncore.loop(timeout=0.1, map=sockets, use_poll=True, count=1)  # what has arrived is read first
            self.notify()
            lingering = time.monotonic() < began + STOP_LINGER
            waiting = 0
            for channel in [channel for channel in list(sockets.values()) if isinstance(channel, Channel)]:
                if channel.busy or (lingering and channel.request is not None):
                    waiting += 1
                else:
                    channel.will_close = True
            if not waiting:
                break
        dispatcher.shutdown(timeout=1)
        wasyncore.close_all(sockets)

    def _access_logged(self, application):
        """The app, each answer logged as gunicorn's access log writes it (when it is on), as it
        starts; what the request brought is escaped (``referee.log_lines``): one request, one line."""
        if not self.cfg.accesslog:
            return application
        access = self.log.access_log

        def logged(environ, start_response):
            def start(status, headers, exc_info=None):
                length = next((value for name, value in headers if name.lower() == "content-length"), "-")
                access.info("%s", access_line(environ, status, length))
                return start_response(status, headers, exc_info)

            return application(environ, start)

        return logged
