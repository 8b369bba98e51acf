"""A small SVG writer: elements in the order drawn, every attribute and text escaped (an
identifier from a document reaches the picture as text only, never as markup), numbers
written one way, so that the same picture is the same bytes."""

import hashlib

STYLE = """
text { font-family: sans-serif; font-size: 12px; fill: #222; }
.title { font-size: 18px; font-weight: bold; }
.subtitle { font-size: 12px; fill: #555; }
.heading { font-size: 14px; font-weight: bold; }
.name { font-weight: bold; }
.small { font-size: 11px; }
.box { fill: #fff; stroke: #555; stroke-width: 1.5; }
.good { fill: #eef4ff; }
.evil { fill: #fff0ee; }
.neutral { fill: #f4f4f4; }
.out { fill: #eee; stroke-dasharray: 4 3; }
.defeated { stroke: #c00; stroke-width: 3; }
.standing { stroke: #080; stroke-width: 2; }
.falls { fill: #c00; font-weight: bold; }
.stands { fill: #080; font-weight: bold; }
.arrow { fill: none; stroke-width: 1.5; }
.immunity { stroke: #6a3d9a; }
.inactive { stroke-dasharray: 5 4; opacity: 0.6; }
.legal { stroke: #080; stroke-dasharray: 2 3; }
.illegal { stroke: #c00; stroke-dasharray: 2 3; }
.label-immunity { fill: #6a3d9a; }
.label-legal { fill: #080; }
.label-illegal { fill: #c00; }
"""

MARKERS = {"immunity": "#6a3d9a", "legal": "#080", "illegal": "#c00"}


def escape(text):
    """``text`` as XML character data or a double-quoted attribute value."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def number(value):
    """A coordinate, written the same way every time: whole numbers without a point, others
    with at most two decimals."""
    value = round(float(value), 2)
    return str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0")


def _attributes(attributes):
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
            else escape(value)
        parts.append(f' {name}="{text}"')
    return "".join(parts)


class Svg:
    """One picture: ``width`` by ``height`` user units, its title (the accessible name and
    the tooltip of the whole), its elements in drawing order."""

    def __init__(self, width, height, title, kind):
        self.width, self.height, self.title, self.kind = width, height, title, kind
        self.items = []

    def element(self, tag, content=None, **attributes):
        """An element; ``content`` is text (escaped) or None."""
        if content is None:
            self.items.append(f"<{tag}{_attributes(attributes)}/>")
        else:
            self.items.append(f"<{tag}{_attributes(attributes)}>{escape(content)}</{tag}>")

    def rect(self, x, y, width, height, **attributes):
        self.element("rect", x=x, y=y, width=width, height=height, **attributes)

    def text(self, x, y, content, **attributes):
        self.element("text", content, x=x, y=y, **attributes)

    def arrow(self, points, kind, **attributes):
        """A polyline from the first point to the last, with an arrowhead of ``kind``'s
        colour (MARKERS)."""
        path = " ".join(f"{'M' if i == 0 else 'L'} {number(x)} {number(y)}"
                        for i, (x, y) in enumerate(points))
        self.element("path", d=path, marker_end=f"url(#head-{kind})", **attributes)

    def render(self):
        """The SVG text. Its arrowheads' ids carry a digest of the picture's content, so
        that several pictures inlined in one page (a report) never share an id, and the
        same picture is still the same bytes."""
        body = "\n".join(self.items)
        tag = hashlib.sha256(body.encode("utf-8")).hexdigest()[:8]
        body = body.replace("url(#head-", f"url(#head-{tag}-")
        markers = "".join(
            f'<marker id="head-{tag}-{name}" viewBox="0 0 10 10" refX="9" refY="5" '
            f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            f'<path d="M 0 0 L 10 5 L 0 10 z" fill="{colour}"/></marker>'
            for name, colour in MARKERS.items())
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(self.width)}" '
                f'height="{number(self.height)}" viewBox="0 0 {number(self.width)} '
                f'{number(self.height)}" data-rulebook="{escape(self.kind)}">\n'
                f"<title>{escape(self.title)}</title>\n"
                f"<style>{STYLE}</style>\n<defs>{markers}</defs>\n"
                f'<rect x="0" y="0" width="{number(self.width)}" height="{number(self.height)}" '
                f'fill="#fff"/>\n' + body + "\n</svg>\n")
