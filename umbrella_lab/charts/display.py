"""How a chart shows in a notebook: the live chart, with a picture stored beside it.

A notebook saved with live charts only (altair's ``jupyter`` renderer) shows nothing where no
Python runs: on GitHub, on nbviewer, in an HTML export, or in JupyterLab before "Run All" (there
the reader sees ``<altair...JupyterChart object at 0x...>``). The kit's renderer, switched on by
:func:`umbrella_lab.charts.setup_notebook`, sends each chart as one output holding

* the live chart (a JupyterChart widget view), which JupyterLab and Voila draw while a kernel runs;
* an SVG picture (``image/svg+xml``), which nbviewer and GitHub show;
* the same picture as HTML (``text/html``): an image with the chart's title and a line on what
  it shows as its alternative text (:func:`alt_text`), which an HTML export and JupyterLab show
  (without it an HTML export says "No description has been provided for this image");
* a PNG picture (``image/png``), which JupyterLab shows for a notebook it does not trust yet,
  such as one just opened on Binder (JupyterLab shows no SVG from an untrusted notebook);
* a line of text naming the chart (``text/plain``), for a terminal or a text diff.

Each Jupyter front end shows the richest kind it can. The kit's notebooks are saved without the
widget view (``python3 dev.py save``): with no widget state saved, JupyterLab would show
"Error displaying widget: model not found" in its place rather than the pictures.
The pictures are drawn by ``vl-convert-python``, the same package that draws charts offline.
"""

from __future__ import annotations

import base64
import html
import struct
import warnings
import zlib
from collections.abc import Iterable
from typing import Any, cast

import altair as alt

RENDERER = "umbrella_lab"
"""Name of the kit's renderer in altair's renderer registry."""

PICTURE_FORMATS = ("svg", "png")
"""The picture formats a chart output can carry, and the default: both."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""Mimetype of a live widget (the JupyterChart) in a notebook output."""

PICTURE_TYPES = {"svg": "image/svg+xml", "png": "image/png"}
"""Mimetype stored for each picture format."""


def check_pictures(pictures: Iterable[str]) -> tuple[str, ...]:
    """The picture formats asked for, checked: each must be ``"svg"`` or ``"png"``."""
    if isinstance(pictures, str):
        pictures = (pictures,)
    try:
        chosen = tuple(pictures)
    except TypeError:
        msg = f"pictures must be a list of formats from {PICTURE_FORMATS}, not {pictures!r}"
        raise TypeError(msg) from None
    unknown = [name for name in chosen if name not in PICTURE_FORMATS]
    if unknown:
        msg = f"unknown picture format {unknown[0]!r} in pictures: choose from {PICTURE_FORMATS}"
        raise ValueError(msg)
    return chosen


def describe(spec: dict[str, Any]) -> str:
    """One line naming a chart, from its title or else its marks and axes.

    >>> describe({"title": "Wins by deck", "mark": "bar"})
    'Chart: Wins by deck'
    >>> describe({"mark": {"type": "bar"}, "encoding": {"x": {"field": "deck"}}})
    'Chart: bar (x: deck)'
    """
    title = _title(spec)
    if title:
        return f"Chart: {title}"
    marks, axes = _marks_and_axes(spec)
    words = ", ".join(marks) or "chart"
    if axes:
        words += " (" + ", ".join(f"{channel}: {name}" for channel, name in axes.items()) + ")"
    return f"Chart: {words}"


def alt_text(spec: dict[str, Any]) -> str:
    """A chart's title and one line on what it shows: its subtitle, else its marks and axes.

    >>> alt_text({"title": {"text": "Wins by deck", "subtitle": "95% ranges"}, "mark": "bar"})
    'Wins by deck: 95% ranges'
    >>> alt_text({"title": "Wins", "mark": "bar", "encoding": {"x": {"field": "deck"}}})
    'Wins: a bar chart (x: deck)'
    """
    title = _title(spec) or "Chart"
    subtitles = (
        _text(v["title"].get("subtitle")) for v in _views(spec) if isinstance(v.get("title"), dict)
    )
    subtitle = next((words for words in subtitles if words), "")
    if subtitle:
        return f"{title}: {subtitle}"
    marks, axes = _marks_and_axes(spec)
    words = f"a {' and '.join(marks) if marks else 'plain'} chart"
    if axes:
        words += " (" + ", ".join(f"{channel}: {name}" for channel, name in axes.items()) + ")"
    return f"{title}: {words}"


def picture_html(svg: str, alt: str) -> str:
    """The SVG picture as an HTML image with its alternative text, no wider than its page."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt)}" '
        'style="max-width: 100%; height: auto">'
    )


def _text(title: Any) -> str:
    """A title given as text, a list of lines or a ``{"text": ...}`` object, as one line."""
    if isinstance(title, dict):
        title = title.get("text", "")
    if isinstance(title, list):
        title = " ".join(str(line) for line in title)
    return str(title or "").strip()


def _views(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The chart and every chart inside it (layers, concatenations, a faceted chart), in order."""
    found = [spec]
    for key in ("layer", "hconcat", "vconcat", "concat"):
        for part in spec.get(key, []):
            found.extend(_views(part))
    if isinstance(spec.get("spec"), dict):
        found.extend(_views(spec["spec"]))
    return found


def _title(spec: dict[str, Any]) -> str:
    for view in _views(spec):
        if text := _text(view.get("title")):
            return text
    return ""


def _marks_and_axes(spec: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
    marks: list[str] = []
    axes: dict[str, str] = {}
    for view in _views(spec):
        mark = view.get("mark")
        name = mark.get("type") if isinstance(mark, dict) else mark
        if name and name not in marks:
            marks.append(str(name))
        for channel in ("x", "y"):
            encoding = view.get("encoding", {}).get(channel)
            if channel in axes or not isinstance(encoding, dict):
                continue
            label = _text(encoding.get("title")) or str(encoding.get("field", ""))
            if label:
                axes[channel] = label
    return marks, axes


def pictures_of(spec: dict[str, Any], pictures: Iterable[str] = PICTURE_FORMATS) -> dict[str, str]:
    """The chart drawn as pictures, keyed by mimetype (a PNG as base64 text, as notebooks keep it).

    The PNG is rasterised from the SVG, so the two show the same drawing.
    """
    chosen = check_pictures(pictures)
    if not chosen:
        return {}
    import vl_convert

    version = "_".join(alt.SCHEMA_VERSION.split(".")[:2])  # "v6.4.1" -> "v6_4", as altair does
    svg = vl_convert.vegalite_to_svg(spec, vl_version=version)
    drawn = {}
    if "svg" in chosen:
        drawn[PICTURE_TYPES["svg"]] = svg
        drawn["text/html"] = picture_html(svg, alt_text(spec))
    if "png" in chosen:
        png = smaller_png(vl_convert.svg_to_png(svg, scale=1))
        drawn[PICTURE_TYPES["png"]] = base64.b64encode(png).decode("ascii")
    return drawn


def smaller_png(png: bytes) -> bytes:
    """The same PNG picture, its pixels packed tighter (about a quarter of vl-convert's size).

    vl-convert packs its pixels quickly rather than tightly; packing them again at zlib's
    usual level changes no pixel and keeps the saved notebook small.
    """
    signature = b"\x89PNG\r\n\x1a\n"
    if not png.startswith(signature):
        raise ValueError("not a PNG picture: it lacks the PNG signature")
    chunks: list[tuple[bytes, bytes]] = []
    pixels = b""
    position = len(signature)
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        kind = png[position + 4 : position + 8]
        data = png[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IDAT":
            if not pixels:
                chunks.append((kind, b""))  # the packed pixels go where they were
            pixels += data
        else:
            chunks.append((kind, data))
    packed = zlib.compress(zlib.decompress(pixels), 6)
    out = [signature]
    for kind, data in chunks:
        data = packed if kind == b"IDAT" else data
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        out.append(struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc))
    return b"".join(out)


def chart_of(spec: dict[str, Any]) -> alt.Chart:
    """The altair chart of a spec, its inline data kept as the plain table it already is.

    ``alt.Chart.from_dict`` turns every row of inline data into a schema object: 12 s for a
    chart of 2,500 cells (Pig's hold boundary). The chart's ``data`` and ``datasets`` are
    set aside while the rest is read (an empty table stands in), then put back as they were,
    so the live chart shows the same spec at once.
    """
    light = {key: value for key, value in spec.items() if key != "datasets"}
    if "data" in spec:
        light["data"] = {"values": []}
    chart = alt.Chart.from_dict(light)
    for key in ("data", "datasets"):
        if key in spec:
            setattr(chart, key, spec[key])
    return chart


def render(
    spec: dict[str, Any],
    *,
    pictures: Iterable[str] = PICTURE_FORMATS,
    embed_options: dict[str, Any] | None = None,
    **_options: Any,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The kit's altair renderer: a chart's spec in, one notebook output (data, metadata) out.

    The live chart always comes first. Should a picture fail to draw, the live chart is still
    shown and a warning says that the saved notebook will have no picture of it.
    """
    chosen = check_pictures(pictures)
    alt.JupyterChart.enable_offline(offline=True)
    live = alt.JupyterChart(chart=chart_of(spec), embed_options=embed_options)
    data, metadata = cast("tuple[dict[str, Any], dict[str, Any]]", live._repr_mimebundle_())
    data = dict(data)
    data["text/plain"] = describe(spec)
    try:
        data.update(pictures_of(spec, chosen))
    except Exception as error:  # a live chart still beats no chart
        warnings.warn(
            f"{describe(spec)}: no picture stored beside the live chart ({error})",
            RuntimeWarning,
            stacklevel=2,
        )
    return data, metadata


if RENDERER not in alt.renderers.names():
    alt.renderers.register(RENDERER, render)
