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

from .fixtures import TEST_GRADES  # noqa: E402

EXAMPLES = 30
"""Generated requests per operation (the fuzzing is bounded)."""


def make_app() -> object:
    # The bank is built by a fixture; the schema itself does not depend on it.
    # The in-process client calls itself "testserver".
    return create_app(None, solver_seconds=5.0, workers=2, allowed_hosts=["testserver"])


# A schema can say which requests are well formed, not which text is a
# puzzle: a well-formed request naming a malformed or unplayable puzzle gets
# the documented 400, which the positive-data check must accept. Every other
# check runs with its defaults, except that a body over the size limit is
# rejected by its size (413) before its content is read.
CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "400", "404", "409", "429", "5xx"],
            },
            "negative_data_rejection": {
                "expected-statuses": [
                    "400",
                    "401",
                    "403",
                    "404",
                    "405",
                    "406",
                    "409",
                    "413",
                    "415",
                    "422",
                    "428",
                    "429",
                    "5xx",
                ],
            },
        },
    }
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


SOLVER_OPERATIONS = {("get", "/api/puzzle"), ("post", "/api/hint"), ("post", "/api/solve")}


def test_every_operation_documents_its_errors_with_the_error_schema() -> None:
    from fastapi.testclient import TestClient

    doc = TestClient(make_app(), base_url="http://localhost").get("/openapi.json").json()
    error = {"$ref": "#/components/schemas/ErrorOut"}
    assert doc["components"]["schemas"]["ErrorOut"]["required"] == ["error"]
    operations = [(m, p, op) for p, item in doc["paths"].items() for m, op in item.items()]
    assert {(m, p) for m, p, _ in operations} >= SOLVER_OPERATIONS
    for method, path, op in operations:
        codes = {"400", "413", "422"} | ({"503"} if (method, path) in SOLVER_OPERATIONS else set())
        assert codes <= set(op["responses"]), (method, path)
        for code in codes:
            schema_of = op["responses"][code]["content"]["application/json"]["schema"]
            assert schema_of == error, (method, path, code)
