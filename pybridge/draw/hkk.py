"""hkk's picture: the cards acted on (left, what is put on a card stacked and indented under
it) and the other cards (right), each with its badges (immunities, untargetability, "cannot be
damaged"), struck through where a ruling takes an immunity away or voids its grant; effects
and reactions as arrows from the acting card to the one acted on, labelled with what the
rulings say; the events as a numbered timeline at the bottom; what happens as the title.
Every number is a ruling's or its explanation's (or the document's own)."""

from functools import partial

from ..books.hkk import kind_text
from .svg import Svg
from .why import facts_of

WIDTH, COLUMN, LEFT = 1100, 290, 30
RIGHT = WIDTH - LEFT - COLUMN    # the right column's left edge, unless the gap needs more
INNER = LEFT + COLUMN            # the left column's right edge, where arrows arrive
TOP, LINE, PORT, INDENT, GAP = 100, 15, 18, 18, 12
EVENT_WIDTH, EVENT_GAP = 250, 13
FILLS = {"creature": "#eef4ff", "building": "#f1efe8", "enchantment": "#f6eefb",
         "spell": "#fff4e0", "source": "#fff0ee", "reaction": "#eefaf0"}
BADGES = {"immunity": ("#f3eefa", "#6a3d9a"), "untargetable": ("#e8f3ff", "#1f5f99"),
          "cannot_be_damaged": ("#fff6df", "#8a6100")}


def _yes(flag, yes, no):
    return yes if flag else no


def _outcome(done, effective, yes, no):
    """'counter placed, takes effect', 'counter placed, without effect', 'counter not placed'."""
    return _yes(done, f"{yes}, {_yes(effective, 'takes effect', 'without effect')}", no)


# ruling kind -> its words on the arrow of the effect or reaction it is about
WORDS = {
    "can_target": lambda r: _yes(r["legal"], "may target", "may not target"),
    "affects": lambda r: _yes(r["affected"], "affects", "does not affect"),
    "counter": lambda r: _outcome(r["placed"], r["effective"], "counter placed",
                                  "counter not placed"),
    "attach": lambda r: _outcome(r["allowed"], r["effective"], "put on it",
                                 "cannot be put on it"),
    "immunity_kept": lambda r: "the immunity is kept",
    "immunity_removed": lambda r: f"removes {r['immunity']} immunity",
    "can_react": lambda r: _yes(r["allowed"], "may react", "may not react"),
    "waits": lambda r: "waits",
    "inherits": lambda r: f"inherits from {r['from']}",
}
# what the title counts: (the state's list, its noun, the ruling kind and field, the words
# for one and for several that do, and that do not)
TALLIES = (("effects", "effect", "affects", "affected", ("affects its target",
            "affect their target"), ("does not affect its target", "do not affect their target")),
           ("reactions", "reaction", "can_react", "allowed", ("may react",) * 2,
            ("may not react",) * 2))


def _wrap(text, room, em=5.2):
    """``text`` in lines of at most ``room`` user units (estimated: ``em`` a character),
    broken between words."""
    lines = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= room / em:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _plural(count, word, plural=None):
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _title(state, rulings):
    """What happens, in a few words: '1 effect, which affects its target', '3 effects: 2
    affect their target, 1 does not', the reactions alike, the events and what falls off."""
    parts = []
    for key, noun, kind, field, does, does_not in TALLIES:
        total = len(state[key])
        yes, no = (sum(r["kind"] == kind and r[field] is value for r in rulings)
                   for value in (True, False))
        if total == 1 and yes + no == 1:
            parts.append(f"1 {noun}, which {(does if yes else does_not)[0]}")
        elif total:
            words = [f"{yes} {does[yes != 1]}"] * bool(yes) + [f"{no} " + _yes(
                yes, " ".join(does_not[no != 1].split()[:2]), does_not[no != 1])] * bool(no)
            parts.append(_plural(total, noun) + ": " * bool(words) + ", ".join(words))
    if state["events"]:
        fall = sum(r["kind"] == "falls_off" for r in rulings)
        emptied = sum(r["kind"] == "counters_removed" for r in rulings)
        said = [_plural(fall, "card falls", "cards fall") + " off"] * bool(fall) + [
            "counters fall off " + _plural(emptied, "card")] * bool(emptied)
        parts.append(_plural(len(state["events"]), "event") + ": " * bool(said)
                     + ", ".join(said))
    return "; ".join(parts) or "No effects, reactions or events"


def _read(state, result):
    """What the rulings and their explanation say, by what the picture puts it on."""
    rulings, facts = result.get("rulings", []), [f for _, f in facts_of(result)]
    said = {"words": {}, "blocked": set(), "falls": {}, "struck": {}, "voided": {},
            "step": {(f["card"], f["host"]): f["step"] for f in facts
                     if {"card", "host", "step"} <= set(f) and "fell" not in f},
            "emptied": {(f["card"], f["kind"]): (f["count"], f["step"]) for f in facts
                        if {"card", "count", "kind", "step"} <= set(f)},
            "void": {}}             # event number -> why its grant gives no immunity
    would = {f["effect"]: f["modified"] for f in facts if "modified" in f and "effect" in f}
    # the element an effect names for its damage (the document's own, HKK-132.9)
    elements = {e["id"]: e["damage_element"] for e in state["effects"]}
    # grants that took effect and ended when their card fell off (HKK-132.0), not made void
    ended = {(f["card"], f["kind"], f["granter"]) for f in facts
             if "fell" in f and "step" not in f and "granter" in f}
    for r in rulings:
        kind, about = r["kind"], ("reaction", r["reaction"]) if "reaction" in r else \
            ("effect", r.get("effect", r.get("by")))
        if kind in WORDS:
            said["words"].setdefault(about, []).append(WORDS[kind](r))
        elif kind == "damage":
            before, element = would.get(r["effect"]), elements.get(r["effect"])
            said["words"].setdefault(about, []).append(
                (f"{element} " if element else "") + f"damage {r['amount']}" + _yes(
                    before in (None, r["amount"]), "", f" (would be {before})"))
        if r.get("legal", r.get("affected", r.get("allowed"))) is False and kind != "attach":
            said["blocked"].add(about)
        elif kind == "falls_off":
            said["falls"][r["card"]] = r["from"]
        elif kind == "immunity_removed":
            said["struck"][r["card"], r["immunity"]] = f"removed by {r['by']}"
        elif kind in ("grant_ineffective", "grant_without_effect"):
            key = (r["card"], r["immunity"], r["granted_by"])
            said["voided"][key] = _yes(
                kind == "grant_without_effect",
                f"without effect: {r['granted_by']} has no effect on {r['card']}",
                _yes(key in ended, f"ended: {r['granted_by']} has fallen off",
                     f"ineffective: {r['granted_by']} has fallen off"))
    fell = {f["step"] for f in facts if "fell" in f and "step" in f}   # the events made void
    for number, gain in enumerate((e["gain_immunity"] for e in state["events"]), 1):
        reason = said["voided"].get((gain["card"], kind_text(gain["kind"]), gain["granted_by"]))
        if reason and (number in fell or not fell or not reason.startswith("ineffective")):
            said["void"][number] = reason
    return said


def _rows(card, state, said):
    """What a card's box says: (text, class) rows and (text, badge kind, reason) badges."""
    cid, struck = card["id"], said["struck"]
    found = [(cid, "name"), (" · ".join([card["kind"].replace("_", " ")] + card["subtypes"] + [
        f"{key} {card[key]}" for key in ("spell_type", "faction", "colour", "cost")
        if card[key] is not None]),
        "small")]
    for name, count in sorted(card["counters"].items()):
        gone = said["emptied"].get((cid, name))
        found.append((f"counters: {name} {count}" + (f", fall off at event {gone[1]}"
                                                     if gone else ""), "small"))
    bans = [v if v == "any" else " ".join(map(str, *v.items()))
            for v in card["no_reactions_from"]]
    found += [(f"{words}: {', '.join(values)}", "small") for words, values in (
        ("no effect of counters", card["counters_without_effect"]),
        ("no reactions from", bans)) if values]
    gains = [(kind_text(i["kind"]), i["granted_by"], None) for i in card["immunities"]] + [
        (kind_text(e["kind"]), e["granted_by"], n) for n, e in enumerate(
            (e["gain_immunity"] for e in state["events"]), 1) if e["card"] == cid]
    found += [(f"immune to {kind}" + (f" · event {number}" if number else "") + (
        f" · granted by {grant}" if grant else ""), "immunity", struck.get((cid, kind)) or (
        said["void"].get(number) if number else said["voided"].get((cid, kind, grant))))
        for kind, grant, number in gains]
    for what, words, field in (("immunity", "cannot be affected by", "cannot_be_affected_by"),
                               ("untargetable", "untargetable by", "untargetable_by"),
                               ("cannot_be_damaged", "cannot be damaged by",
                                "cannot_be_damaged_by")):
        found += [(f"{words} {form}".removesuffix(" by any"), what,
                   struck.get((cid, form)) if what == "immunity" else None)
                  for form in map(kind_text, card[field])]
    if cid in said["falls"]:
        step = said["step"].get((cid, said["falls"][cid]))
        found.append((f"falls off {said['falls'][cid]}" + (f" at event {step}" if step else ""),
                      "small falls"))
    return found


def _card(picture, card, x, top, width, rows, least, fallen):
    """One card's box with its rows, at least ``least`` high; returns its height."""
    inside, y = [], top + 4         # drawn after the box, over it
    for text, what, *reason in rows:
        if not reason:              # a line of text
            for line in _wrap(text, width - 16, _yes(what == "name", 7, 5.2)):
                inside.append(partial(picture.text, x + 8, y + 12, line, class_=what))
                y += LINE
            continue
        (fill, ink), reason, wrapped = BADGES[what], reason[0], _wrap(text, width - 26)
        dim = 0.5 if reason else None
        inside.append(partial(picture.rect, x + 8, y + 2, width - 16, 2 + 13 * len(wrapped),
                              fill=fill, stroke=ink, rx=3, data_badge=what, opacity=dim))
        for line in wrapped:
            inside.append(partial(picture.text, x + 13, y + 13, line, class_="small", fill=ink,
                                  opacity=dim))
            if reason:              # struck through
                inside.append(partial(picture.element, "line", x1=x + 10, y1=y + 9,
                                      x2=x + width - 10, y2=y + 9, stroke="#c00"))
            y += 13
        y += 6
        for line in _wrap(reason, width - 26) if reason else ():
            inside.append(partial(picture.text, x + 13, y + 10, line, class_="small falls",
                                  data_reason=what))
            y += LINE
    height = max(y - top + 6, least)
    picture.rect(x, top, width, height, class_=f"card {card['kind']}" + _yes(fallen, " out", ""),
                 fill=FILLS.get(card["kind"], "#f4f4f4"), stroke="#555", stroke_width=1.5,
                 data_card=card["id"])
    for draw_one in inside:
        draw_one()
    return height


def draw(state, result):
    """The SVG text of one checked state and its ruling (``rule`` with the explanation)."""
    said, cards = _read(state, result), {card["id"]: card for card in state["cards"]}

    def root(card_id):
        while cards[card_id]["on"] is not None:
            card_id = cards[card_id]["on"]
        return card_id
    acted = {root(card_id) for card_id in [e["target"] for e in state["effects"]]
                + [r["to"] for r in state["reactions"]]
                + [e["gain_immunity"]["card"] for e in state["events"]]}
    roots = [card["id"] for card in state["cards"] if card["on"] is None]
    acted_on = acted or set(roots)      # the cards on the left: all if none is acted on
    automatic = {r["id"] for r in state["reactions"] if r["automatic"]}
    arrows = [("effect", e["id"], e["by"], e["target"]) for e in state["effects"]] + \
        [("reaction", r["id"], r["by"], r["to"]) for r in state["reactions"]]
    labels, ports = {}, {}          # ports: card -> the arrows at it, in order, one port each
    for what, ident, source, target in arrows:
        labels[what, ident] = ident + _yes(what == "reaction" and ident in automatic,
                                           " (automatic)", "") + ": " + (
            " · ".join(said["words"].get((what, ident), [])) or "no ruling")
        for end, card_id in (("from", source), ("to", target)):
            ports.setdefault(card_id, []).append((what, ident, end))
    # the gap between the columns, left to right: the labels of arrows within the left
    # column and their lanes (only if there are any), the slants of the arrows across, the
    # labels of those at the right column (on their stubs)
    inner = [labels[a[:2]] for a in arrows if root(a[2]) in acted_on]
    lanes = INNER + max([len(text) * 5.6 + 16 for text in inner] or [0])
    slant = lanes + 10 * len(inner)
    stub = max([len(labels[a[:2]]) * 5.6 + 16 for a in arrows if root(a[2]) not in acted_on]
               or [0])
    right = max(RIGHT, round(slant + 60 + stub))
    width = right + COLUMN + LEFT

    title, status = _title(state, result.get("rulings", [])), result.get("status", "ok")
    subtitle = f"hkk · edition {result.get('edition')}" + _yes(status == "ok", "",
                                                              f" · status {status}")
    picture = Svg(width, 0, f"{title}: {subtitle}", "hkk")     # its height once laid out
    lines = _wrap(title, width - 2 * LEFT, 10.5)
    shift = 22 * (len(lines) - 1)   # below a title of several lines
    for index, line in enumerate(lines):
        picture.text(width / 2, 32 + 22 * index, line, class_="title", text_anchor="middle")
    picture.text(width / 2, 52 + shift, subtitle, class_="subtitle", text_anchor="middle")
    for x, left, heading in ((LEFT, True, _yes(acted, "Cards acted on", "Cards")),
                             (right, False, "Other cards")):
        if any((card_id in acted_on) == left for card_id in roots):
            picture.text(x, 86 + shift, heading, class_="heading")

    place, tops = {}, {True: TOP + shift, False: TOP + shift}

    def stack(card_id, left, depth):
        x, size = (LEFT if left else right) + INDENT * depth, COLUMN - INDENT * depth
        height = _card(picture, cards[card_id], x, tops[left], size,
                       _rows(cards[card_id], state, said),
                       10 + PORT * len(ports.get(card_id, ())), card_id in said["falls"])
        place[card_id] = (x, tops[left] + 13, size)          # its first port
        tops[left] += height + 4
        for card in state["cards"]:
            if card["on"] == card_id:
                stack(card["id"], left, depth + 1)
    for card_id in roots:
        stack(card_id, card_id in acted_on, 0)
        tops[card_id in acted_on] += GAP - 4

    for what, ident, source, target in arrows:
        (sx, sy, sw), (tx, ty, tw) = place[source], place[target]
        sy += PORT * ports[source].index((what, ident, "from"))
        ty += PORT * ports[target].index((what, ident, "to"))
        if sx >= right:             # from the right column across to the left
            points = [(sx, sy), (right - stub, sy), (slant + 14, ty), (INNER, ty)]
            x, y, anchor = right - 6, sy - 4, "end"
        else:                       # within the left column: out past its label and back
            lanes += 10
            points = [(sx + sw, sy), (lanes, sy), (lanes, ty), (tx + tw, ty)]
            x, y, anchor = INNER + 8, sy - 4, "start"
        kind = _yes((what, ident) in said["blocked"], "illegal", "legal")
        picture.arrow(points, kind, class_=f"arrow {kind}", data_arrow=what, data_id=ident)
        picture.text(x, y, labels[what, ident], class_=f"small label-{kind}",
                     text_anchor=anchor, data_label=ident)
    bottom = max(tops.values())
    picture.height = (_timeline(picture, state, said, bottom + 34, width)
                      if state["events"] else bottom) + 14
    return picture.render()


def _timeline(picture, state, said, top, width):
    """The events, in order, as numbered boxes from ``top``; returns their bottom."""
    events = []
    for number, event in enumerate(state["events"], 1):
        gain = event["gain_immunity"]
        void = said["void"].get(number)
        lines = [(f"{gain['card']} gains {kind_text(gain['kind'])} immunity", None)]
        lines += [(f"granted by {gain['granted_by']}", None)] * bool(gain["granted_by"])
        lines += [(void, "falls")] * bool(void) + [
            (f"{card} falls off {host}", "falls") for (card, host), step
            in sorted(said["step"].items()) if step == number and said["falls"].get(card) == host]
        lines += [(_plural(count, f"{name} counter") + _yes(count == 1, " falls", " fall")
                   + f" off {card}", "falls") for (card, name), (count, step)
                  in sorted(said["emptied"].items()) if step == number]
        events.append([(part, what) for text, what in lines
                       for part in _wrap(text, EVENT_WIDTH - 40)])
    picture.element("line", x1=LEFT, y1=top - 26, x2=width - LEFT, y2=top - 26, stroke="#999")
    picture.text(LEFT, top - 8, "Events, in order", class_="heading")
    per_row = (width - 2 * LEFT + EVENT_GAP) // (EVENT_WIDTH + EVENT_GAP)
    y, height = top - EVENT_GAP, 0
    for index, lines in enumerate(events):
        x = LEFT + (index % per_row) * (EVENT_WIDTH + EVENT_GAP)
        if index % per_row == 0:    # a row as high as its longest event
            y, height = y + height + EVENT_GAP, 16 + LINE * max(
                map(len, events[index:index + per_row]))
        picture.rect(x, y, EVENT_WIDTH, height, class_="box", data_event=index + 1)
        picture.text(x + 10, y + 20, str(index + 1), class_="heading")
        for row, (text, what) in enumerate(lines):
            picture.text(x + 30, y + 20 + LINE * row, text,
                         class_=_yes(what, f"small {what}", "small"))
    return y + height + GAP
