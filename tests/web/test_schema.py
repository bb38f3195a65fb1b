"""The OpenAPI document tells the truth: schemathesis generates requests from
it (a bounded number per operation) and runs its default checks on every
answer: no server error, documented status codes, content types, headers
and bodies, 405 for undocumented methods."""

from __future__ import annotations

from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from pencilbox.web.app import create_app  # noqa: E402

from .conftest import TEST_GRADES  # noqa: E402

EXAMPLES = 30
"""Generated requests per operation (the fuzzing is bounded)."""


def make_app() -> object:
    # The bank is built by a fixture; the schema itself does not depend on it.
    # The in-process client calls itself "testserver".
    return create_app(None, solver_seconds=5.0, workers=2, allowed_hosts=["testserver"])


# The checks' settings are the repository's schemathesis.toml, which the
# command-line run reads too (see that file for why 400, 409, 413 and 429).
CONFIG = schemathesis.config.SchemathesisConfig.from_path(
    Path(__file__).resolve().parents[2] / "schemathesis.toml"
)
schema = schemathesis.openapi.from_asgi("/openapi.json", make_app(), config=CONFIG)


@pytest.fixture(scope="module", autouse=True)
def with_bank(bank_file: Path) -> None:
    schema.app.state.bank_path = bank_file
    assert TEST_GRADES


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_matches_its_document(case: object) -> None:
    case.call_and_validate()  # type: ignore[attr-defined]


SOLVER_OPERATIONS = {
    ("get", "/api/puzzle"),
    ("post", "/api/hint"),
    ("post", "/api/solve"),
    ("post", "/api/check"),
    ("post", "/api/parse"),
    ("post", "/api/answer"),
    ("post", "/api/analyze"),
}
"""Operations that do puzzle work in a lane: they may answer 429 and 503."""


def test_every_operation_documents_its_errors_with_the_error_schema() -> None:
    from fastapi.testclient import TestClient

    doc = TestClient(make_app(), base_url="http://localhost").get("/openapi.json").json()
    error = {"$ref": "#/components/schemas/ErrorOut"}
    assert doc["components"]["schemas"]["ErrorOut"]["required"] == ["error"]
    operations = [(m, p, op) for p, item in doc["paths"].items() for m, op in item.items()]
    assert {(m, p) for m, p, _ in operations} >= SOLVER_OPERATIONS
    for method, path, op in operations:
        lane = {"403", "429", "503"} if (method, path) in SOLVER_OPERATIONS else set()
        codes = {"400", "413", "422"} | lane
        assert codes <= set(op["responses"]), (method, path)
        for code in codes:
            schema_of = op["responses"][code]["content"]["application/json"]["schema"]
            assert schema_of == error, (method, path, code)


def test_the_examples_are_real_puzzles_every_solver_operation_plays(bank_file: Path) -> None:
    """Every example of the document is a well-formed request the solver
    operations answer (2xx; 409 when a studio helper does not apply)."""
    from fastapi.testclient import TestClient

    with TestClient(make_app(), base_url="http://localhost") as client:
        client.app.state.bank_path = bank_file  # type: ignore[attr-defined]
        doc = client.get("/openapi.json").json()
        played = set()
        for path, item in doc["paths"].items():
            for method, op in item.items():
                body = op.get("requestBody", {}).get("content", {}).get("application/json")
                for example in (body or {}).get("examples", {}).values():
                    r = client.request(method.upper(), path, json=example["value"])
                    assert r.status_code in (200, 409), (path, example["value"], r.text)
                    played.add((method, path))
        assert {op for op in SOLVER_OPERATIONS if op[0] == "post"} <= played
        for name in doc["paths"]["/api/puzzle"]["get"]["parameters"][0]["examples"]:
            assert client.get("/api/puzzle", params={"type": name}).status_code == 200
