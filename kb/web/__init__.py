"""The web side of ``kb serve``: request parameters, the OpenAPI description, HTML pages.

- ``params``: the parameters of each endpoint, as data; parsing and the OpenAPI text use the same rows
- ``openapi``: the OpenAPI 3.1 description of the API and pages
- ``html``: a tiny safe-HTML kit (everything escaped unless built here)
- ``pages``: the server-rendered pages; ``static/`` holds their CSS and JavaScript
"""
