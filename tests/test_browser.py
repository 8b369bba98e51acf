"""In a real browser (issue 28, item 4): a report opens with nothing failed to load, no
console error, and every picture rendered; each rulebook's picture, screenshotted, shows its
boxes where the SVG's own elements say. Marked ``browser`` (and ``slow``: the fast loop
leaves them out); CI installs Chromium (.ci/install-chromium) and runs them."""

import os
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from browser import Browser, pixels
from pybridge import api
from pybridge.cli.main import cli

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SVG = "{http://www.w3.org/2000/svg}"
PICTURES = {"redemption": "enhancement_bonus", "hkk": "fallen_card_grants_nothing",
            "b5": "we_bt_and_kd", "chronopia": "cover_and_range"}


def test_a_report_opens_offline_with_every_picture_rendered(tmp_path):
    out = tmp_path / "diff.html"
    result = CliRunner().invoke(cli, ["report", "-o", str(out), "diff", "redemption",
                                      "--from", "literal", "--to", "negative_counts"])
    assert result.exit_code == 0, result.output
    with Browser() as browser:
        page = browser.open(out.as_uri())
        assert page.failures() == []
        assert page.errors() == []
        sizes = page.evaluate("Array.from(document.querySelectorAll('svg'))"
                              ".map(s => [s.getBBox().width, s.getBBox().height])")
        assert len(sizes) == 2 * out.read_text(encoding="utf-8").count('<div class="pair">')
        assert all(width > 100 and height > 50 for width, height in sizes), sizes


def _boxes(root):
    """The SVG's own boxes: (kind, id, x, y, width, height) of every rect naming a card,
    character, being, element or field, and (kind, id, cx, cy, r) of every model circle."""
    found = []
    for element in root.iter():
        tag = element.tag.removeprefix(SVG)
        named = [(k.removeprefix("data-"), v) for k, v in element.attrib.items()
                 if k in ("data-card", "data-character", "data-being", "data-element",
                          "data-field", "data-model")]
        if tag == "rect" and named:
            found.append((*named[0], *(float(element.get(a))
                                       for a in ("x", "y", "width", "height"))))
        elif tag == "circle" and named:
            found.append((*named[0], *(float(element.get(a)) for a in ("cx", "cy", "r"))))
    return found


def _dark(pixel, x, y, width, height):
    """Whether a pixel near (x, y) is drawn (not the white of the page): a box's border."""
    near = [pixel(min(width - 1, max(0, x + dx)), min(height - 1, max(0, y + dy)))
            for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return min(sum(p) for p in near) < 3 * 215


@pytest.mark.parametrize("rulebook", sorted(PICTURES))
def test_each_rulebooks_picture_is_rendered_as_its_elements_say(rulebook, tmp_path):
    text = api.draw(os.path.join(ROOT, "examples", rulebook, f"{PICTURES[rulebook]}.yaml"))
    root = ET.fromstring(text)
    width, height = int(float(root.get("width"))), int(float(root.get("height")))
    path = tmp_path / "picture.svg"
    path.write_text(text, encoding="utf-8")
    boxes = _boxes(root)
    assert boxes
    with Browser() as browser:
        page = browser.open(path.as_uri(), width, height)
        assert page.failures() == [] and page.errors() == []
        # the browser lays out each element where its attributes say
        laid = page.evaluate(
            "Array.from(document.querySelectorAll('[data-card],[data-character],"
            "[data-being],[data-element],[data-field],[data-model]'))"
            ".filter(e => e.tagName === 'rect' || e.tagName === 'circle')"
            ".map(e => { const b = e.getBBox(); return [b.x, b.y, b.width, b.height]; })")
        assert len(laid) == len(boxes)
        for box, (x, y, w, h) in zip(boxes, laid):
            if len(box) == 6:
                assert [round(v) for v in box[2:]] == [round(x), round(y), round(w), round(h)]
            else:
                assert (round(box[2] - box[4]), round(box[3] - box[4])) == (round(x), round(y))
        # and the screenshot shows them: a box's left edge (its border) is drawn; a model's
        # disc (its army's colour) fills its centre
        shot_width, shot_height, pixel = pixels(page.screenshot())
        assert (shot_width, shot_height) == (width, height)
        for box in boxes:
            if len(box) == 6:
                kind, ident, x, y, w, h = box
                assert _dark(pixel, round(x), round(y + h / 2), width, height), (kind, ident)
            else:
                kind, ident, cx, cy, _ = box
                assert _dark(pixel, round(cx), round(cy), width, height), (kind, ident)


def _until(page, expression, seconds=30):
    """Poll ``expression`` in the page until it is truthy; its value."""
    import time
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"never true: {expression}")


def _type(page, text):
    """Put ``text`` in the explorer's editor as typing does (an input event)."""
    import json
    page.evaluate(f"(() => {{ const area = document.getElementById('document'); "
                  f"area.value = {json.dumps(text)}; "
                  f"area.dispatchEvent(new Event('input', {{bubbles: true}})); }})()")


def _battle_typed(page):
    """The redemption example three_character_battle typed into the explorer: the text of
    its rulings once shown. The example: "Expected: heroes_winning; Shieldbearer and Giant
    are being defeated" (the template names Giant too: this waits for Shieldbearer)."""
    with open(os.path.join(ROOT, "examples", "redemption", "three_character_battle.yaml"),
              encoding="utf-8") as handle:
        _type(page, handle.read())
    return _until(page, "(() => { const t = document.getElementById('rulings')"
                        ".innerText; return t.includes('Shieldbearer') ? t : ''; })()")


def test_the_explorer_rules_what_is_typed_and_shows_errors_as_they_come():
    from pybridge.serve.server import serve_in_thread
    server = serve_in_thread(port=0)
    host, port = server.server_address[:2]
    try:
        with Browser() as browser:
            page = browser.open(f"http://{host}:{port}/")
            # it starts from the first rulebook's template, ruled
            _until(page, "document.querySelector('#rulings li, #errors li') !== null")
            said = _battle_typed(page)
            assert "The battle is in the heroes winning state." in said
            assert "Giant is being defeated." in said and "Shieldbearer is being defeated." in said
            assert "Lightbearer is being defeated." not in said
            # the picture is rendered
            assert _until(page, "(() => { const i = document.querySelector('#picture img');"
                                " return i && i.complete && i.naturalWidth; })()") > 100
            # a mistake shows as it is typed, naming the field
            _type(page, "rulebook: redemption\ncharacters:\n  - {id: a, alignment: good, "
                        "strength: x, toughness: 1}\n")
            error = _until(page, "document.getElementById('errors').innerText")
            assert "characters[0].strength: expected an integer" in error
            assert page.failures() == [] and page.errors() == []
    finally:
        server.shutdown()
        server.server_close()


def _explorer(**options):
    from pybridge.serve.server import serve_in_thread
    return serve_in_thread(port=0, **options)


def _post_from_page(page, url, headers, mode="cors"):
    """What a script of ``page`` gets when it posts a document to ``url``: the status, or
    the error that stopped the fetch (a refused preflight), or 'opaque' (no-cors)."""
    import json
    return page.evaluate(
        f"fetch({json.dumps(url)}, {{method: 'POST', mode: {json.dumps(mode)}, "
        f"headers: {json.dumps(headers)}, body: 'rulebook: redemption\\n'}})"
        ".then(r => r.type === 'opaque' ? 'opaque' : r.status, e => 'failed: ' + e.name)")


def test_a_page_of_another_origin_cannot_make_the_explorer_rule():
    """A cross-origin page posts in every way a page can: as a simple request (no-cors,
    text/plain, a form's type) and as the explorer's own type (which needs a preflight,
    refused). The explorer rules none of them."""
    import http.server
    import threading
    explorer = _explorer()
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        target = f"http://127.0.0.1:{explorer.server_address[1]}/api/rule"
        with Browser() as browser:
            page = browser.open(f"http://127.0.0.1:{other.server_address[1]}/")
            for headers, mode in (({}, "no-cors"), ({"Content-Type": "text/plain"}, "no-cors"),
                                  ({"Content-Type": "application/x-www-form-urlencoded"},
                                   "no-cors"),
                                  ({"Content-Type": "application/yaml"}, "cors")):
                said = _post_from_page(page, target, headers, mode)
                assert said in ("opaque", "failed: TypeError"), (headers, said)
        assert explorer.rulings_started == 0
    finally:
        for server in (explorer, other):
            server.shutdown()
            server.server_close()


def test_a_rebound_name_reads_and_rules_nothing():
    """DNS rebinding: a name of the attacker's resolves to 127.0.0.1 (Chromium's host
    resolver rules stand in for the DNS), so the explorer is the page's own origin. The
    explorer answers only its own names: the page, the examples and a ruling are refused."""
    explorer = _explorer()
    port = explorer.server_address[1]
    try:
        with Browser("--host-resolver-rules=MAP rebind.test 127.0.0.1") as browser:
            page = browser.open(f"http://rebind.test:{port}/")
            assert "this server answers only" in page.evaluate("document.body.innerText")
            read = page.evaluate("fetch('/api/example?rulebook=hkk&name=fire_immunity')"
                                 ".then(r => r.text().then(t => [r.status, t]))")
            assert read[0] == 421 and "rulebook" not in read[1]
            said = _post_from_page(page, f"http://rebind.test:{port}/api/rule",
                                   {"Content-Type": "application/yaml"})
            assert said == 421
        assert explorer.rulings_started == 0
    finally:
        explorer.shutdown()
        explorer.server_close()


def test_the_explorer_shows_a_refused_document_and_stops_a_superseded_ruling():
    """A document over --max-size shows its error in place of the last ruling; an edit
    typed over a long ruling aborts its request, and the server kills that ruling."""
    from rulers import big_battle, settled
    explorer = _explorer(max_bytes=4 << 20)
    try:
        with Browser() as browser:
            page = browser.open(f"http://127.0.0.1:{explorer.server_address[1]}/")
            _until(page, "document.querySelector('#rulings li') !== null")
            assert page.evaluate("document.getElementById('status').innerText").endswith(": ok")
            _type(page, "# " + "x" * (5 << 20))
            error = _until(page, "document.getElementById('errors').innerText")
            assert "larger than the explorer takes" in error
            assert page.evaluate("document.getElementById('status').innerText") == "1 error(s)"
            assert page.evaluate("document.getElementById('rulings').innerText") == ""
            started = explorer.rulings_started
            _type(page, big_battle(20000).decode())         # over a minute of work
            import time
            due = time.monotonic() + 10
            while explorer.rulings_started == started and time.monotonic() < due:
                time.sleep(0.05)
            assert explorer.rulings_started == started + 1
            said = _battle_typed(page)
            assert "The battle is in the heroes winning state." in said
            assert settled(), "the superseded ruling still runs"
    finally:
        explorer.shutdown()
        explorer.server_close()
