"""The web side of ``kb serve``.

- ``app``: routes, the app and the server; ``live``: the shared index, reopened after a build
- ``api``: the JSON endpoints; ``views``: the page endpoints; ``errors``: exceptions → responses
- ``params``: the parameters of each endpoint, as data; ``openapi``: the OpenAPI description
- ``html``: a tiny safe-HTML kit; ``components`` and ``pages``: the server-rendered markup
- ``responses``: headers and response helpers; ``static/``: CSS and the script that swaps parts of pages
"""
