"""The static site: the game and the studio with the engine inside the page.

:mod:`~pencilbox.site.build` writes the folder (``pencilbox site OUT``,
``make site``), :mod:`~pencilbox.site.runtime` fetches and checks Pyodide,
:mod:`~pencilbox.site.wheel` packs the engine, :mod:`~pencilbox.site.icons`
draws the app's icons; ``files/`` holds the Web Worker that runs the engine
and the service worker that keeps the site offline. In the page, the
engine answers the API through :mod:`pencilbox.web.page`.
"""
