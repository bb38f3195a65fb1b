"""The static site: the game and the studio with the engine inside the page.

:mod:`~pencilbox.site.build` writes the folder (``pencilbox site OUT``,
``make site``), :mod:`~pencilbox.site.runtime` fetches and checks Pyodide
and esbuild, :mod:`~pencilbox.site.bytecode` and :mod:`~pencilbox.site.wheel`
make the engine (only what the page imports, as bytecode),
:mod:`~pencilbox.site.front` bundles the front end, :mod:`~pencilbox.site.ahead`
writes the answers the page gives before its engine starts, and
:mod:`~pencilbox.site.compress` their compressed copies; ``files/`` holds
the Web Worker that runs the engine and the service worker that keeps the
site offline. In the page, the engine answers the API through
:mod:`pencilbox.web.page`.
"""
