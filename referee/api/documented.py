"""Each operation documents its whole contract: its id, whether it needs a
token, every error it can answer (as problem details), and the headers it
reads and sends.

flask-smorest documents the body, the query and the success response from the
view's decorators; ``@blp.doc`` *replaces* lists it merges into, so a
``parameters=[...]`` there silently drops the query and header parameters the
view reads. ``@blp.operation`` instead adds to what the other decorators
document, and derives most errors from them (a JSON body can be malformed,
too large or of the wrong type; a query can be invalid; a game's route needs a
token).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_instance

from .request_body import Blueprint as JsonBlueprint
from .schemas import ProblemSchema

PROBLEM = "application/problem+json"
BEARER = "bearer"

# Why each derived status happens; an operation's own ``errors`` say it more precisely.
GENERIC = {
    400: "The body is not JSON, or nests too deeply",
    401: "No bearer token, one this service does not know, or one revoked: `code` is `seat_moved` (the seat"
    " moved to another device) or `token_revoked` (the table replaced it)",
    404: "No such game (a token of another game gets the same answer)",
    413: "The body is larger than the server takes (256 KiB; an import 32 MiB), whatever the route",
    415: "The body was not sent as application/json",
    422: "The request does not fit the document: the body lists the field errors",
}
IF_MATCH_ERRORS = {
    400: 'If-Match is not a list of version tags ("12")',
    412: "If-Match named another version (or a weak tag): the body gives current_version",
}
RESPONSE_HEADERS = {
    "ETag": {
        "description": 'The game\'s version after the answer, as a strong tag ("12")',
        "schema": {"type": "string"},
    },
    "Idempotent-Replayed": {
        "description": "true when this is the first answer to the same Idempotency-Key, given again",
        "schema": {"type": "string", "enum": ["true"]},
    },
    "Content-Language": {"description": "The language of the explanations", "schema": {"type": "string"}},
    "WWW-Authenticate": {"description": 'Bearer realm="referee"', "schema": {"type": "string"}},
    "Retry-After": {"description": "Seconds to wait before trying again", "schema": {"type": "string"}},
}
ETAG_AFTER_TIME = {
    "description": "Sent with a refusal only when the service recorded time first (a wait of the table clock run "
    "out, a timed game's end), which stands: the game's version after it, as a strong tag (\"13\")",
    "schema": {"type": "string"},
}
RATE_LIMIT_HEADERS = {
    "X-RateLimit-Limit": {
        "description": "The client's share of this route in the current window",
        "schema": {"type": "string"},
    },
    "X-RateLimit-Remaining": {"description": "What is left of that share", "schema": {"type": "string"}},
    "X-RateLimit-Reset": {"description": "When the window ends (Unix time, seconds)", "schema": {"type": "string"}},
}
STORAGE = (
    "The server cannot store now (disk full, database read-only or locked past the timeout): nothing was stored;"
    " send it again after Retry-After seconds"
)
LIMITED = "Too many of these requests from this client: try again after Retry-After seconds (referee.api.limits)"


@dataclass(frozen=True)
class Operation:
    """What the decorators do not say about an operation.

    id: its stable operationId, for generated clients.
    token: it needs a bearer token of the game (401 without; 404 with another game's).
    errors: statuses it answers besides the derived ones, and why.
    language: its answer explains in the reader's language (``Content-Language``);
        every operation's problems do, so each reads ``Accept-Language``.
    etag: its success answer carries the game's version as ``ETag``.
    parameters: names of extra parameter components it reads (``IfNoneMatch``).
    request_examples, response_examples: named examples of its JSON body and answer.
    limited: it is rate-limited per client (429), needing no token (``referee.api.limits``).
    """

    id: str
    token: bool = True
    errors: Mapping[int, str] = field(default_factory=dict)
    language: bool = False
    etag: bool = False
    parameters: tuple[str, ...] = ()
    request_examples: Mapping[str, Any] = field(default_factory=dict)
    response_examples: Mapping[str, Any] = field(default_factory=dict)
    limited: bool = False


class ContractPlugin(MarshmallowPlugin):
    """apispec's marshmallow plugin, letting a schema write its own document
    (a ``oneOf`` over its variants) through an ``openapi(converter)`` method."""

    def schema_helper(self, name, _, schema=None, **kwargs):
        json_schema = super().schema_helper(name, _, schema=schema, **kwargs)
        custom = getattr(resolve_schema_instance(schema), "openapi", None) if schema is not None else None
        return json_schema if custom is None else custom(self.converter)

    def init_spec(self, spec):
        super().init_spec(spec)
        self.converter.add_attribute_function(_component)
        self.converter.add_attribute_function(_object_sizes)


def _component(self, field, ret, **kwargs) -> dict:
    """A field whose values a component describes (``metadata={"component": Schema}``): a plain
    value to marshmallow, so answers pass through unchanged, and a reference in the document."""
    component = field.metadata.get("component")
    if component is None:
        return {}
    if not isinstance(component, type):  # named lazily, where the schema module cannot import it
        component = component()
    ret.pop("type", None)
    return self.resolve_nested_schema(component)


def _object_sizes(self, field, ret, **kwargs) -> dict:
    """A length limit on an object counts its members: ``minProperties``, not ``minLength``."""
    types = ret.get("type")
    if "object" in (types if isinstance(types, list) else [types]):
        for bound in ("min", "max"):
            if f"{bound}Length" in ret:
                ret[f"{bound}Properties"] = ret.pop(f"{bound}Length")
    return {}


def _reads(doc_info: Mapping[str, Any]) -> dict[str, set[str]]:
    """The names the operation's argument schemas read, by location."""
    reads: dict[str, set[str]] = {}
    for parameter in doc_info.get("arguments", {}).get("parameters", []):
        schema = resolve_schema_instance(parameter["schema"])
        names = {f.data_key or name for name, f in schema.load_fields.items()}
        reads.setdefault(parameter["in"], set()).update(names)
    return reads


def _problem(description: str, converter, headers: Mapping[str, Any] | None = None) -> dict:
    response = {
        "description": description,
        "content": {PROBLEM: {"schema": converter.resolve_nested_schema(ProblemSchema)}},
    }
    if headers:
        response["headers"] = dict(headers)
    return response


def _errors(operation: Operation, doc_info: Mapping[str, Any]) -> dict[int, str]:
    reads = doc_info["reads"]
    statuses: dict[int, str] = {}
    if "json" in reads:
        statuses.update({s: GENERIC[s] for s in (400, 415, 422)})
    statuses[413] = GENERIC[413]  # the server refuses such a body before any route sees it
    if "query" in reads or "headers" in reads or doc_info.get("pagination"):
        statuses[422] = GENERIC[422]
    if "If-Match" in reads.get("headers", ()):
        statuses.update(IF_MATCH_ERRORS)
    if operation.token:
        statuses.update({s: GENERIC[s] for s in (401, 404)})
    if operation.limited:
        statuses[429] = LIMITED
    statuses[503] = STORAGE
    statuses.update(operation.errors)
    return statuses


class Blueprint(JsonBlueprint):
    """A blueprint whose views say ``@blp.operation(...)``: see ``Operation``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The arguments' callback takes the body out of what it was given: note what is read first.
        self._prepare_doc_cbks.insert(0, self._note_reads)
        self._prepare_doc_cbks.append(self._prepare_operation_doc)

    @staticmethod
    def operation(operation_id: str, **details: Any):
        described = Operation(operation_id, **details)

        def decorator(func):
            func._apidoc = {**getattr(func, "_apidoc", {}), "operation": described}
            return func

        return decorator

    @staticmethod
    def _note_reads(doc, doc_info, **kwargs):
        doc_info["reads"] = _reads(doc_info)
        return doc

    @staticmethod
    def _prepare_operation_doc(doc, doc_info, *, api, spec, method, **kwargs):
        operation: Operation | None = doc_info.get("operation")
        if operation is None:
            raise TypeError(f"a {method} view without @blp.operation: {doc.get('summary')!r}")
        converter = api.ma_plugin.converter
        doc["operationId"] = operation.id
        doc["security"] = [{BEARER: []}] if operation.token else []
        parameters = [*operation.parameters, "AcceptLanguage"]
        doc["parameters"] = doc.get("parameters", []) + parameters
        responses = {str(status): response for status, response in doc.get("responses", {}).items()}
        for status, description in sorted(_errors(operation, doc_info).items()):
            headers = {}
            if status == 401:
                headers["WWW-Authenticate"] = RESPONSE_HEADERS["WWW-Authenticate"]
            if status == 412:
                headers["ETag"] = RESPONSE_HEADERS["ETag"]
            if status == 409 and operation.etag:
                headers["ETag"] = ETAG_AFTER_TIME
            if status in (429, 503):
                headers["Retry-After"] = RESPONSE_HEADERS["Retry-After"]
            if status == 429:
                headers.update(RATE_LIMIT_HEADERS)
            responses[str(status)] = _problem(description, converter, headers)
        for status in doc_info.get("success_status_codes", []):
            _success_headers(responses[str(status)], operation, doc_info["reads"])
            if operation.response_examples:
                content = responses[str(status)]["content"]["application/json"]
                content["examples"] = dict(operation.response_examples)
        if operation.request_examples:
            content = doc["requestBody"]["content"]["application/json"]
            content["examples"] = dict(operation.request_examples)
        doc["responses"] = responses
        return doc


def _success_headers(response: dict, operation: Operation, reads: Mapping[str, set[str]]) -> None:
    headers = response.setdefault("headers", {})
    if operation.etag:
        headers["ETag"] = RESPONSE_HEADERS["ETag"]
    if "Idempotency-Key" in reads.get("headers", ()):
        headers["Idempotent-Replayed"] = RESPONSE_HEADERS["Idempotent-Replayed"]
    if operation.language:
        headers["Content-Language"] = RESPONSE_HEADERS["Content-Language"]
    if operation.limited:
        headers.update(RATE_LIMIT_HEADERS)
    if not headers:
        del response["headers"]


def register_components(spec) -> None:
    """The security scheme and the header parameters operations name."""
    spec.components.security_scheme(
        BEARER,
        {
            "type": "http",
            "scheme": "bearer",
            "description": "A token of the game, as POST /games gives them: the table token (every seat, undo "
            "and corrections), a seat token (that seat) or a spectator token (reads only)",
        },
    )
    spec.components.parameter(
        "AcceptLanguage",
        "header",
        {
            "name": "Accept-Language",
            "required": False,
            "schema": {"type": "string"},
            "description": "Language of explanations and of problem details: ru, uk, it or en (default); "
            "English where a text is not written",
        },
    )
    spec.components.parameter(
        "IfNoneMatch",
        "header",
        {
            "name": "If-None-Match",
            "required": False,
            "schema": {"type": "string"},
            "description": 'The version last seen, as its ETag ("12"): 304 and no body while the game is there',
        },
    )
