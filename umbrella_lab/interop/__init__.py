"""Bridges to other game frameworks (optional extras, imported only when used).

* :mod:`umbrella_lab.interop.openspiel`: any registered game through OpenSpiel's Python game
  interface (``pip install open_spiel``).

This package sits above the simulation layer: it may use the engine and the sim layer, and
nothing in the kit imports it.
"""
