"""The browser game: the JSON API (``api.py``), dealing boards (``deal.py``), the app
(``app.py``) and the static front end (``static/``: plain ES modules and SVG)."""
