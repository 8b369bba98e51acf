"""``rulings serve`` (issue 28, item 3): the explorer's server binds 127.0.0.1 only, serves
its page and the examples it lists and no other file, refuses oversized documents, and
answers a document with its errors, or its rulings and picture. Its security and bounds
(issue 51): tests/test_serve_security.py."""

import json
import os
import urllib.error
import urllib.request

import pytest

from pybridge.serve.server import serve_in_thread

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def server():
    running = serve_in_thread(port=0, max_bytes=4096, timeout=60)
    yield running
    running.shutdown()
    running.server_close()


def url(server, path):
    host, port = server.server_address[:2]
    return f"http://{host}:{port}{path}"


def fetch(server, path, data=None):
    request = urllib.request.Request(url(server, path), data=data,
                                     method="POST" if data is not None else "GET",
                                     headers={"Content-Type": "application/yaml"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_it_listens_on_the_loopback_only(server):
    assert server.server_address[0] == "127.0.0.1"


def test_a_document_gets_its_rulings_and_picture(server):
    with open(os.path.join(ROOT, "examples", "redemption", "three_character_battle.yaml"),
              "rb") as handle:
        status, body = fetch(server, "/api/rule", handle.read())
    assert status == 200
    answer = json.loads(body)
    # the example: "Expected: heroes_winning; Shieldbearer and Giant are being defeated"
    assert answer["result"]["rulings"][0]["state"] == "heroes_winning"
    assert answer["result"]["rulings"][0]["text"] == \
        "The battle is in the heroes winning state."
    assert answer["picture"].startswith("<svg")


def test_a_bad_document_gets_every_error(server):
    bad = b"rulebook: redemption\ncharacters:\n  - {id: a, alignment: goood, strength: x, " \
          b"toughness: 1}\n"
    status, body = fetch(server, "/api/rule", bad)
    assert status == 200
    assert json.loads(body)["errors"] == [
        "characters[0].alignment: expected one of good, evil, got a string "
        "'goood' (did you mean 'good'?)",
        "characters[0].strength: expected an integer, got a string 'x'"]


def test_an_oversized_document_is_refused(server):
    status, _ = fetch(server, "/api/rule", b"#" * 5000)
    assert status == 413


@pytest.mark.parametrize("path", ["/../pyproject.toml", "/etc/passwd", "/explorer.html",
                                  "/api/example?rulebook=redemption&name=../../pyproject",
                                  "/api/example?rulebook=../asp&name=x",
                                  "/api/template?rulebook=nope", "/%2e%2e/README.md"])
def test_no_path_outside_its_own(server, path):
    status, body = fetch(server, path)
    assert status == 404
    assert b"[project]" not in body and b"rulings" not in body.lower().replace(b"no such", b"")


def test_the_page_the_templates_and_the_examples(server):
    status, page = fetch(server, "/")
    assert status == 200 and b"<title>rulings explorer</title>" in page
    status, books = fetch(server, "/api/rulebooks")
    listed = {book["name"]: book["examples"] for book in json.loads(books)}
    assert set(listed) == {"redemption", "hkk", "b5", "chronopia"}
    assert "three_character_battle" in listed["redemption"]
    status, template = fetch(server, "/api/template?rulebook=b5")
    assert status == 200 and "rulebook: b5" in json.loads(template)["text"]
    status, example = fetch(server, "/api/example?rulebook=hkk&name=fire_immunity")
    assert status == 200 and "rulebook: hkk" in json.loads(example)["text"]
