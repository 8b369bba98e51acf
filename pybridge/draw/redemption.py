"""Redemption's picture: the two sides facing each other (heroes left, evil characters
right), each character with its strength and toughness, the cards played on it stacked
below it, and what it faces in battle against its side's toughness (read from the same
facts the explanation gives: ``faces``, RED-BAT-0/1); immunities and abilities as arrows;
characters being defeated marked; the battle state as the title."""

from .svg import Svg
from .why import facts_of

WIDTH = 1000
COLUMN = 330
LEFT, RIGHT = 30, WIDTH - 30 - COLUMN
LINE = 15
CARD_HEIGHT = 34
INDENT = 18
GAP = 14
STATES = {"heroes_winning": "Heroes winning", "evil_winning": "Evil characters winning",
          "mutual_destruction": "Mutual destruction", "stalemate": "Stalemate"}
SIDES = {"good": "Heroes", "evil": "Evil characters"}
SIDE_WORDS = {"good": "heroes", "evil": "evil_characters"}


def _selector(to):
    """An immunity's ``to`` that names no card: its words (``brigade red``)."""
    if isinstance(to, dict):
        return " ".join(f"{key} {value}" for key, value in sorted(to.items()))
    return str(to)


def draw(state, result):
    """The SVG text of one checked state and its ruling (``rule`` with the explanation)."""
    rulings = result.get("rulings", [])
    battle = next((r["state"] for r in rulings if r["kind"] == "battle_state"), None)
    defeated = {r["character"] for r in rulings if r["kind"] == "being_defeated"}
    inactive = {r["immunity"]: r["reason"] for r in rulings if r["kind"] == "immunity_inactive"}
    legal = {(r["ability"], r["target"]): r["legal"] for r in rulings if r["kind"] == "target"}
    faces, sides = {}, {}
    for rule, facts in facts_of(result):
        if not rule.startswith("RED-BAT"):
            continue
        if {"character", "strength", "toughness"} <= set(facts):
            faces[facts["character"]] = facts
        if "side" in facts and ("strength" in facts or "toughness" in facts):
            sides.setdefault(facts["side"], {}).update(
                {key: facts[key] for key in ("strength", "toughness") if key in facts})

    cards = {card["id"]: card for card in state["cards"]}
    characters = {c["id"]: c for c in state["characters"]}

    def chain(card_id):
        """The card or character at the bottom of ``card_id``'s chain of cards played on
        cards, and how many steps down it is."""
        seen, count = card_id, 0
        while seen in cards and cards[seen]["played_on"] is not None:
            seen, count = cards[seen]["played_on"], count + 1
        return seen, count
    stacked = {}
    loose = []
    for card in state["cards"]:
        host, _ = chain(card["id"])
        if host in characters:
            stacked.setdefault(host, []).append(card)
        elif card["played_on"] is None:
            loose.append(card)
        else:
            stacked.setdefault(host, []).append(card)
    selectors = {}
    for immunity in state["immunities"]:
        if not isinstance(immunity["to"], str):
            selectors.setdefault(immunity["holder"], []).append(immunity)

    title = f"Battle: {STATES[battle]}" if battle else "No battle state"
    status = result.get("status", "ok")
    subtitle = f"edition {result.get('edition')} · phase {state['phase']}" + \
        (f" · status {status}" if status != "ok" else "")
    items = []          # (kind, function) drawn after the layout is known
    place = {}          # where each card and character is drawn: id -> (x, y, width, height)
    y = {"good": 100, "evil": 100}

    def card_box(card, x, top, width):
        words = f"{card['alignment']} {card['type'] or 'card'} " \
                f"+{card['strength']}/+{card['toughness']}".replace("+-", "-")
        place[card["id"]] = (x, top, width, CARD_HEIGHT)
        items.append(("rect", (x, top, width, CARD_HEIGHT),
                      {"class_": f"box {card['alignment']}", "data_card": card["id"]}))
        items.append(("text", (x + 8, top + 14, card["id"]), {"class_": "name small"}))
        items.append(("text", (x + 8, top + 28, words), {"class_": "small"}))

    def character_box(character, column_x, section):
        cid, side = character["id"], character["alignment"]
        lines = [f"strength {character['strength']} · toughness {character['toughness']}"]
        extra = [f"brigade {character['brigade']}"] if character.get("brigade") else []
        if character.get("type"):
            extra.append(f"type {character['type']}")
        if extra:
            lines.append(" · ".join(extra))
        for immunity in selectors.get(cid, []):
            lines.append(f"immune to {_selector(immunity['to'])} ({immunity['id']})")
        verdict = None
        if character["in_battle"] and cid in faces:
            facts = faces[cid]
            lines.append(f"faces {facts['strength']} against toughness {facts['toughness']}"
                         + (f" ({facts['ignored']} ignored)" if facts.get("ignored") else ""))
            verdict = "being defeated" if cid in defeated else "stands"
        height = 24 + LINE * len(lines) + (LINE if verdict else 0)
        top = y[section]
        classes = f"box {side}" + ("" if character["in_battle"] else " out") + \
            ("" if verdict is None else " defeated" if cid in defeated else " standing")
        place[cid] = (column_x, top, COLUMN, height)
        items.append(("rect", (column_x, top, COLUMN, height),
                      {"class_": classes, "data_character": cid,
                       "data_defeated": "true" if cid in defeated else "false"}))
        items.append(("text", (column_x + 10, top + 18, cid), {"class_": "name"}))
        for number, line in enumerate(lines):
            items.append(("text", (column_x + 10, top + 18 + LINE * (number + 1), line), {}))
        if verdict:
            items.append(("text", (column_x + 10, top + 18 + LINE * (len(lines) + 1), verdict),
                          {"class_": "falls" if cid in defeated else "stands"}))
        top += height + 6
        for card in stacked.get(cid, []):
            indent = INDENT * chain(card["id"])[1]
            card_box(card, column_x + indent, top, COLUMN - indent)
            top += CARD_HEIGHT + 4
        y[section] = top + GAP

    in_battle = [c for c in state["characters"] if c["in_battle"]]
    out = [c for c in state["characters"] if not c["in_battle"]]
    headings = []
    for side, x in (("good", LEFT), ("evil", RIGHT)):
        totals = sides.get(SIDE_WORDS[side], {})
        words = ", ".join(f"{key} {totals[key]}" for key in ("strength", "toughness")
                          if key in totals)
        headings.append((x, SIDES[side] + (f" (in battle: {words})" if words else "")))
    for character in in_battle:
        side = character["alignment"]
        character_box(character, LEFT if side == "good" else RIGHT, side)
    bottom = max(y.values())
    sections = []
    if out:
        sections.append((bottom, "Out of battle"))
        y = {"good": bottom + 24, "evil": bottom + 24}
        for character in out:
            side = character["alignment"]
            character_box(character, LEFT if side == "good" else RIGHT, side)
        bottom = max(y.values())
    if loose:
        sections.append((bottom, "Cards not played on a character"))
        top = bottom + 24
        for index, card in enumerate(loose):
            x = LEFT if index % 2 == 0 else RIGHT
            card_box(card, x, top, COLUMN)
            if index % 2 == 1 or index == len(loose) - 1:
                top += CARD_HEIGHT + 8
        bottom = top + GAP

    arrows = []
    for immunity in state["immunities"]:
        if isinstance(immunity["to"], str) and immunity["to"] in place \
                and immunity["holder"] in place:
            reason = inactive.get(immunity["id"])
            label = f"{immunity['id']}: immune" + \
                (f", granted by {immunity['granted_by']}" if immunity["granted_by"] else "") + \
                (f" (no effect: {reason.replace('_', ' ')})" if reason else "")
            arrows.append((immunity["holder"], immunity["to"], "immunity",
                           "immunity" + (" inactive" if reason else ""), label,
                           "immunity", immunity["id"]))
    for ability in state["abilities"]:
        allowed = legal.get((ability["id"], ability["target"]))
        if ability["on"] in place and ability["target"] in place:
            kind = "legal" if allowed else "illegal"
            verb = "may target" if allowed else "may not target" if allowed is False \
                else "targets"
            arrows.append((ability["on"], ability["target"], kind, kind,
                           f"ability {ability['id']} {verb}", kind, ability["id"]))
    lanes = {"left": 0, "right": 0, "across": 0}
    drawn = []
    for source, target, marker, classes, label, label_kind, ident in arrows:
        points, lane = _route(place[source], place[target], lanes)
        drawn.append((points, marker, classes, label, label_kind, ident, lane))

    height = bottom + 20
    picture = Svg(WIDTH, height, f"{title}: {subtitle}", "redemption")
    picture.text(WIDTH / 2, 32, title, class_="title", text_anchor="middle", data_battle=battle
                 or "none")
    picture.text(WIDTH / 2, 52, subtitle, class_="subtitle", text_anchor="middle")
    for x, words in headings:
        picture.text(x, 86, words, class_="heading")
    for top, words in sections:
        picture.element("line", x1=LEFT, y1=top, x2=WIDTH - LEFT, y2=top, stroke="#999")
        picture.text(LEFT, top + 16, words, class_="heading")
    for kind, args, attributes in items:
        if kind == "rect":
            picture.rect(*args, **attributes)
        else:
            picture.text(*args, **attributes)
    for points, marker, classes, label, label_kind, ident, lane in drawn:
        picture.arrow(points, marker, class_=f"arrow {classes}", data_arrow=label_kind,
                      data_id=ident)
        (x1, y1), (x2, y2) = points[len(points) // 2 - 1], points[len(points) // 2]
        picture.text((x1 + x2) / 2, (y1 + y2) / 2 - 4 + 12 * (lane % 2), label,
                     class_=f"small label-{label_kind}", text_anchor="middle")
    return picture.render()


def _route(source, target, lanes):
    """The points of an arrow from box ``source`` to box ``target``: straight across the
    gap between the columns, or, within one column, out into the gap and back (a lane of
    its own per arrow, so that arrows of one column do not overlap)."""
    sx, sy, sw, sh = source
    tx, ty, tw, th = target
    s_left, t_left = sx < WIDTH / 2, tx < WIDTH / 2
    if s_left != t_left:
        lane = lanes["across"]
        lanes["across"] += 1
        start = (sx + sw, sy + sh / 2) if s_left else (sx, sy + sh / 2)
        end = (tx, ty + th / 2) if s_left else (tx + tw, ty + th / 2)
        return [start, end], lane
    side = "left" if s_left else "right"
    lane = lanes[side]
    lanes[side] += 1
    if s_left:
        out = LEFT + COLUMN + 20 + 14 * lane
        return [(sx + sw, sy + sh / 2), (out, sy + sh / 2), (out, ty + th / 2),
                (tx + tw, ty + th / 2)], lane
    out = RIGHT - 20 - 14 * lane
    return [(sx, sy + sh / 2), (out, sy + sh / 2), (out, ty + th / 2), (tx, ty + th / 2)], lane
